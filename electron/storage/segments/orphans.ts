/**
 * Finds leftover segments: objects that look like segments
 * and that no manifest or link anywhere in the account uses, grouped by the
 * upload that wrote them. They are what a manifest deleted without its
 * segments, an overwrite with `--leave-segments` or a failed upload leave:
 * billed, and invisible in the container a person browses.
 */
import type { ObjectEntry } from '../../../shared/domain';
import {
  MAX_GROUPS,
  type SegmentGroup,
  type SegmentProgressUnit,
  type SegmentScan,
} from '../../../shared/segment-groups';
import type { ContainerVersioning } from '../../../shared/versions';
import { listContainers } from '../account';
import { StorageError } from '../errors';
import { listObjects } from '../objects';
import { mayBeSegment, segmentLayout, servedContainer, isSegmentContainer, type SegmentLayout } from './layouts';
import { readManifestOrLink, readSloReferences, SegmentReferences } from './references';
import { Bounded } from '../bounded';
import type { StorageSession } from '../session';
import { ProgressThrottle } from '../transfer-stream';

/** SLO manifests read at once while the listing goes on, and empty objects asked about at once afterwards. */
const SLO_AT_ONCE = 8;
const HEADS_AT_ONCE = 16;
/** How many empty objects are asked about between two looks at whether any segment is still unaccounted for. */
const LOOK_EVERY = 256;

export interface WalkOptions {
  signal?: AbortSignal | undefined;
  /** Containers listed, then empty objects asked about (`unit`). */
  onProgress?:
    ((progress: { loaded: number; total: number | undefined; unit: SegmentProgressUnit }) => void) | undefined;
  /** Only these groups' segments are kept (groupKey); all when undefined. */
  only?: ReadonlySet<string> | undefined;
}

interface Pending {
  container: string;
  layout: SegmentLayout;
  /** Segments not (yet) known to be used. */
  items: Pick<ObjectEntry, 'name' | 'bytes' | 'last_modified'>[];
  inUse: number;
}

/** What a walk of the whole account found: the references, and every segment not known to be used when listed. */
export interface AccountWalk {
  refs: SegmentReferences;
  pending: Map<string, Pending>;
  /** Containers that keep versions (either mode, or suspended): their old versions are not listed. */
  versioned: Set<string>;
  containers: number;
}

export const groupKey = (container: string, prefix: string): string => `${container}\0${prefix}`;

interface Empty {
  container: string;
  name: string;
}

/**
 * Two passes. First every container is listed page by page while the SLO
 * manifests it holds are read (a listing shows them by `slo_etag`), and the
 * segment-like objects no reference uses yet are kept. Segment containers come
 * last: most manifests live elsewhere, so by then a used segment is known as it
 * is listed and is not held. Then, only while some segment is unaccounted for,
 * the empty objects are asked about (DLO manifests and symlinks look like empty
 * files in a listing): the likely manifests first, so an account whose DLOs are
 * all whole costs a HEAD per DLO, not one per empty object (rclone HEADs them
 * all). The rest are checked again once every reference is known.
 */
export async function walkAccount(session: StorageSession, region: string, opts: WalkOptions): Promise<AccountWalk> {
  const { signal, only, onProgress } = opts;
  const names = await containerNames(session, region, signal);
  const ordered = [...names.filter((n) => !isSegmentContainer(n)), ...names.filter(isSegmentContainer)];
  const listed = new ProgressThrottle(onProgress && ((p) => onProgress({ ...p, unit: 'containers' })), ordered.length);
  const walk: AccountWalk = { refs: new SegmentReferences(), pending: new Map(), versioned: new Set(), containers: 0 };
  const empties: Empty[] = [];
  const slos = new Bounded(SLO_AT_ONCE);
  const take = (container: string, entry: ObjectEntry) => {
    if (entry.slo_etag !== undefined) return; // a manifest, never a segment to offer
    const layout = segmentLayout(container, entry.name);
    if (!layout) return;
    const key = groupKey(container, layout.prefix);
    if (only && !only.has(key)) return;
    let group = walk.pending.get(key);
    if (!group) walk.pending.set(key, (group = { container, layout, items: [], inUse: 0 }));
    if (walk.refs.uses(container, entry.name)) group.inUse++;
    else group.items.push({ name: entry.name, bytes: entry.bytes, last_modified: entry.last_modified });
  };
  for (const container of ordered) {
    for await (const entry of listing(session, region, container, walk, signal)) {
      const { name } = entry;
      if (entry.slo_etag !== undefined)
        await slos.run(() => readSloReferences(session, region, container, name, walk.refs, signal));
      else if (entry.bytes === 0) empties.push({ container, name });
      take(container, entry);
    }
    listed.update(++walk.containers);
  }
  await slos.drain();
  listed.finish(walk.containers);
  await askEmpties(session, region, walk, empties, opts);
  return walk;
}

/** Every object of a container, page by page; nothing when it was deleted meanwhile. */
async function* listing(
  session: StorageSession,
  region: string,
  container: string,
  walk: AccountWalk,
  signal: AbortSignal | undefined,
): AsyncGenerator<ObjectEntry> {
  let marker: string | undefined;
  for (let first = true; ; first = false) {
    const page = await listObjects(session, region, container, { marker, signal }).catch((err: unknown) => {
      if (err instanceof StorageError && err.code === 'not_found') return undefined;
      throw err;
    });
    if (first && page && keepsVersions(page.container.versioning)) walk.versioned.add(container);
    if (!page || page.nextMarker === undefined) return;
    for (const entry of page.entries) if (!('subdir' in entry)) yield entry;
    marker = page.nextMarker;
  }
}

async function askEmpties(
  session: StorageSession,
  region: string,
  walk: AccountWalk,
  empties: Empty[],
  { signal, onProgress }: WalkOptions,
): Promise<void> {
  if (!anyUnused(walk)) return;
  const { order, likely } = likelyFirst(walk, empties);
  const asked = new ProgressThrottle(onProgress && ((p) => onProgress({ ...p, unit: 'objects' })), order.length);
  const heads = new Bounded(HEADS_AT_ONCE);
  let done = 0;
  for (const [i, { container, name }] of order.entries()) {
    // A look once the likely manifests are read (often all it takes), then every LOOK_EVERY.
    if (i === likely || (i > likely && (i - likely) % LOOK_EVERY === 0)) {
      await heads.drain();
      if (!anyUnused(walk)) break;
    }
    await heads.run(async () => {
      await readManifestOrLink(session, region, container, name, walk.refs, signal);
      asked.update(++done);
    });
  }
  await heads.drain();
  asked.finish(done);
}

/**
 * Where tools put the pending groups' manifests comes first (`likely` of them), then the other empty
 * objects of the containers those groups serve, then the rest.
 */
function likelyFirst(walk: AccountWalk, empties: Empty[]): { order: Empty[]; likely: number } {
  const likely = new Map<string, Empty>();
  const near = new Set<string>();
  for (const { container, layout } of walk.pending.values()) {
    const served = servedContainer(container);
    near.add(served);
    if (layout.object !== undefined)
      likely.set(groupKey(served, layout.object), { container: served, name: layout.object });
  }
  const rank = (e: Empty) => (likely.has(groupKey(e.container, e.name)) ? 0 : near.has(e.container) ? 1 : 2);
  const ranked = empties.map((e) => [rank(e), e] as const).sort((a, b) => a[0] - b[0]);
  // Where a tool's manifest would be but no empty object is listed: an SLO that a listing without
  // `slo_etag` (Swift before 2.18) would not show, asked about too (a 404 costs one HEAD).
  for (const e of empties) likely.delete(groupKey(e.container, e.name));
  const guessed = [...likely.values()];
  return {
    order: [...guessed, ...ranked.map(([, e]) => e)],
    likely: guessed.length + ranked.filter(([r]) => r === 0).length,
  };
}

/** Whether some kept segment is still not known to be used. */
const anyUnused = (walk: AccountWalk): boolean =>
  [...walk.pending.values()].some((g) => g.items.some((i) => !walk.refs.uses(g.container, i.name)));

/**
 * Whether old versions of the container's objects are kept where no listing
 * shows them: also when versioning was turned off again (suspended), because
 * what it kept stays.
 */
const keepsVersions = (v: ContainerVersioning): boolean => v.enabled !== undefined || v.legacy !== undefined;

/** Whether a group's segments could be used by an old version: its container or the one it serves keeps versions. */
export const keptForVersions = (walk: AccountWalk, container: string): boolean =>
  walk.versioned.has(container) || walk.versioned.has(servedContainer(container));

export interface FoundGroup extends SegmentGroup {
  /** The unused segments themselves, for a delete. */
  items: { name: string; bytes: number }[];
}

/** The groups with segments no reference uses, now that every reference is known. */
export function unusedGroups(walk: AccountWalk): FoundGroup[] {
  const found: FoundGroup[] = [];
  for (const { container, layout, items, inUse } of walk.pending.values()) {
    if (!mayBeSegment(container, layout, walk.refs.holdsSegments(container))) continue;
    const unused = items.filter((i) => !walk.refs.uses(container, i.name) && !walk.refs.isManifest(container, i.name));
    if (unused.length === 0) continue;
    found.push({
      container,
      prefix: layout.prefix,
      madeBy: layout.madeBy,
      object: layout.object,
      segments: unused.length,
      bytes: unused.reduce((n, i) => n + i.bytes, 0),
      lastModified: utc(unused.reduce((t, i) => (i.last_modified > t ? i.last_modified : t), '')),
      inUse: inUse + items.length - unused.length,
      items: unused.map((i) => ({ name: i.name, bytes: i.bytes })),
    });
  }
  return found.sort((a, b) => compare(a.container, b.container) || compare(a.prefix, b.prefix));
}

export async function scanOrphanSegments(
  session: StorageSession,
  region: string,
  opts: Omit<WalkOptions, 'only'> = {},
): Promise<SegmentScan> {
  const walk = await walkAccount(session, region, opts);
  const groups: SegmentGroup[] = [];
  const kept: SegmentGroup[] = [];
  let more = false;
  for (const { items: _items, ...group } of unusedGroups(walk)) {
    const list = keptForVersions(walk, group.container) ? kept : groups;
    if (list.length < MAX_GROUPS) list.push(group);
    else more = true;
  }
  return { groups, kept, containers: walk.containers, manifests: walk.refs.manifestsRead, truncated: more };
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A listing's time ("2026-11-25T20:12:21.961580", UTC without saying so) as an ISO time that says so. */
const utc = (listed: string): string => (/^\d{4}-\d\d-\d\dT[\d:.]+$/.test(listed) ? `${listed}Z` : listed);

async function containerNames(session: StorageSession, region: string, signal?: AbortSignal): Promise<string[]> {
  const names: string[] = [];
  for (let marker: string | undefined; ;) {
    const page = await listContainers(session, region, { marker, signal });
    if (page.nextMarker === undefined) return names;
    names.push(...page.containers.map((c) => c.name));
    marker = page.nextMarker;
  }
}
