/**
 * Deletes chosen groups of leftover segments. The renderer
 * names groups, never objects: the whole account is walked again, so what is
 * deleted is what is unused now (an upload that finished since the scan has
 * a manifest that uses its segments), listed afresh under each group's prefix.
 */
import type { SegmentGroupRef, SegmentReclaim } from '../../../shared/segment-groups';
import { getLimits } from '../info';
import { bulkDelete, type BulkDeleteItem } from '../objects';
import { groupKey, keptForVersions, unusedGroups, walkAccount, type WalkOptions } from './orphans';
import type { StorageSession } from '../session';
import { ProgressThrottle } from '../transfer-stream';

export interface ReclaimOptions {
  signal?: AbortSignal | undefined;
  /** The scan's progress again, then segments deleted (`unit` says which). */
  onProgress?: WalkOptions['onProgress'];
}

/** Segments per delete request when the region has no bulk delete (progress is told between requests). */
const WITHOUT_BULK = 100;

export async function deleteOrphanSegments(
  session: StorageSession,
  region: string,
  groups: readonly SegmentGroupRef[],
  opts: ReclaimOptions = {},
): Promise<SegmentReclaim> {
  const { signal, onProgress } = opts;
  const wanted = new Map(groups.map((g) => [groupKey(g.container, g.prefix), g]));
  const walk = await walkAccount(session, region, {
    signal,
    only: new Set(wanted.keys()),
    onProgress,
  });
  const found = new Map(unusedGroups(walk).map((g) => [groupKey(g.container, g.prefix), g]));
  const report: SegmentReclaim = { deleted: 0, bytes: 0, notFound: 0, skipped: [], errors: [] };
  const items: (BulkDeleteItem & { bytes: number })[] = [];
  for (const [key, ref] of wanted) {
    const group = found.get(key);
    const reason = !group
      ? 'nothing unused is left there: a manifest uses these segments now, or they are gone'
      : keptForVersions(walk, ref.container)
        ? 'its container keeps versions: an old version may still use these segments'
        : undefined;
    if (reason) report.skipped.push({ ...ref, reason });
    else items.push(...group!.items.map((i) => ({ container: ref.container, ...i })));
  }
  const limits = await getLimits(session, region, signal);
  const perRequest = limits.bulkDelete ? limits.maxDeletesPerRequest : WITHOUT_BULK;
  const progress = new ProgressThrottle(onProgress && ((p) => onProgress({ ...p, unit: 'segments' })), items.length);
  for (let i = 0; i < items.length; i += perRequest) {
    const chunk = items.slice(i, i + perRequest);
    const done = await bulkDelete(session, region, chunk, signal);
    report.deleted += done.deleted;
    report.notFound += done.notFound;
    report.errors.push(...done.errors);
    const failed = new Set(done.errors.map((e) => e.path));
    for (const item of chunk) if (!failed.has(`/${item.container}/${item.name}`)) report.bytes += item.bytes;
    progress.update(i + chunk.length);
  }
  progress.finish(items.length);
  return report;
}
