import {
  compareNames,
  comparedObject,
  MAX_DIFFERENCES,
  sameContent,
  type ListedObject,
  type RegionComparison,
  type RegionDifference,
} from '../../../shared/region-diff';
import { cancelledError } from '../cancel';
import { walkListing } from './listing';
import { copySessionsOf, sameCluster } from './cluster';
import type { StorageSession } from '../session';
import { ProgressThrottle, type ProgressListener } from '../transfer-stream';

export interface RegionSide {
  region: string;
  container: string;
}

export interface CompareOptions {
  source: RegionSide;
  target: RegionSide;
  prefix?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Names read on both sides so far, of both containers' object counts (when no prefix narrows them). */
  onProgress?: ProgressListener;
}

/**
 * Compares a container (or the names under a prefix) between two regions by
 * name, size and ETag (see comparedObject for large objects). Both listings
 * are walked together as a sorted merge, in the order Swift lists them
 * (compareNames), so neither is held whole: only the differences are kept.
 */
export async function compareRegions(session: StorageSession, opts: CompareOptions): Promise<RegionComparison> {
  const { source, target, prefix, signal } = opts;
  const [a, b] = await Promise.all([
    walkListing(session, source.region, source.container, prefix, signal),
    walkListing(session, target.region, target.container, prefix, signal),
  ]);
  const total =
    prefix || a.objectCount === undefined || b.objectCount === undefined ? undefined : a.objectCount + b.objectCount;
  const progress = new ProgressThrottle(opts.onProgress, total);
  const counts = { onlySource: 0, onlyTarget: 0, different: 0, same: 0 };
  const differences: RegionDifference[] = [];
  let read = 0;
  const keep = (d: RegionDifference) => {
    counts[d.kind]++;
    if (differences.length < MAX_DIFFERENCES) differences.push(d);
  };
  const next = async (rows: AsyncGenerator<ListedObject>) => {
    if (signal?.aborted) throw cancelledError();
    const step = await rows.next();
    if (step.done) return undefined;
    progress.update(++read);
    return step.value;
  };
  let x = await next(a.rows);
  let y = await next(b.rows);
  while (x || y) {
    const order = !x ? 1 : !y ? -1 : compareNames(x.name, y.name);
    if (order < 0) {
      keep({ name: x!.name, kind: 'onlySource', source: comparedObject(x!) });
      x = await next(a.rows);
    } else if (order > 0) {
      keep({ name: y!.name, kind: 'onlyTarget', target: comparedObject(y!) });
      y = await next(b.rows);
    } else {
      const left = comparedObject(x!);
      const right = comparedObject(y!);
      if (sameContent(left, right)) counts.same++;
      else keep({ name: x!.name, kind: 'different', source: left, target: right });
      [x, y] = await Promise.all([next(a.rows), next(b.rows)]);
    }
  }
  progress.finish(read);
  return {
    counts,
    differences,
    truncated: differences.length < counts.onlySource + counts.onlyTarget + counts.different,
    missing: !a.exists ? 'source' : !b.exists ? 'target' : undefined,
    sameCluster: sameCluster(copySessionsOf(session), source.region, target.region),
  };
}
