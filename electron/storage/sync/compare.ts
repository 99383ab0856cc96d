import type { ListingEntry } from '../../../shared/domain';
import { compareNames } from '../../../shared/region-diff';
import { MAX_SYNC_ENTRIES, type FolderComparison, type SyncEntry, type SyncKind } from '../../../shared/sync';
import { exclusions } from '../../../shared/sync-exclude';
import { Bounded } from '../bounded';
import { collector } from '../young-garbage';
import { cancelledError } from '../cancel';
import { StorageError } from '../errors';
import { iterateObjects } from '../objects';
import type { StorageSession } from '../session';
import { ProgressThrottle, type ProgressListener } from '../transfer-stream';
import type { DigestCache } from './digest-cache';
import { judgeFromCache, judgePair } from './judge';
import { walkFolder, type FolderWalk, type LocalEntry } from './local-walk';
import { pagesAhead } from './pages-ahead';
import { remoteNameProblem } from './names';
import { remoteKey, type ListedRow } from './remote-facts';

export interface CompareFolderOptions {
  container: string;
  /** A folder's prefix inside the container ("" for all of it), ending in "/". */
  prefix: string;
  /** The chosen folder's real path (granted). */
  folder: string;
  excludes: readonly string[];
  /** Or its load under way: the compare's first page is asked for meanwhile. */
  cache: DigestCache | Promise<DigestCache>;
  signal?: AbortSignal | undefined;
  /** Names looked at so far, on both sides. */
  onProgress?: ProgressListener | undefined;
}

/**
 * Names on both sides judged at once (a HEAD, and a hash when the cache has
 * none). The HEADs are what a cold compare waits on: 2,000 small files on the
 * loaded two-core harness took 19.4 s at 8, 18.8 s at 16 and 14.6 s at 32
 * (one run each); warm, with no HEAD and no read, 0.5-0.7 s.
 */
const PAIRS_AT_ONCE = 32;

/**
 * A minor collection after this many pairs judged by a read (or a HEAD): each
 * leaves its file's handle, stream and promises behind, and V8 let them pile
 * up into a larger young generation before collecting. A cold compare of
 * 10,000 files grew RSS by 65-73 MiB without, 41-50 MiB with (a scavenge
 * takes well under a millisecond here: nearly nothing in it survives).
 */
const COLLECT_EVERY_PAIRS = 128;

/**
 * Compares a folder on this computer with a container (or the names under a
 * prefix): the folder is walked and sorted, the listing walked page by page
 * and merged with it in Swift's order. A name on both sides is judged by size,
 * then by content (the file's MD5 against the object's, segment by segment
 * for a large object), then by time; nothing is downloaded. The cache is saved
 * once the comparison ends, so a second one reads no unchanged file.
 */
export async function compareFolder(
  session: StorageSession,
  region: string,
  opts: CompareFolderOptions,
): Promise<FolderComparison> {
  const { container, prefix, signal } = opts;
  const exclude = exclusions(opts.excludes);
  // The walk runs while the listing's first page is on its way: a warm compare is little but the two.
  const walking = walkFolder(opts.folder, exclude, signal);
  // Awaited below; this only keeps a listing that fails first from leaving the walk's failure unhandled.
  walking.catch(() => undefined);
  const skipped: FolderComparison['skipped'] = [];
  let walk: FolderWalk = { files: [], skipped: [] };
  let loaded: DigestCache | undefined;
  // The walk and the cache's load, waited for once the listing's first page is in.
  const ready = async (): Promise<DigestCache> => {
    if (loaded) return loaded;
    walk = await walking;
    skipped.push(...walk.skipped);
    loaded = await opts.cache;
    return loaded;
  };
  const progress = new ProgressThrottle(opts.onProgress, undefined);
  const slots: (SyncEntry | 'same')[] = [];
  const groups: FolderComparison['groups'] = {
    onlyLocal: { count: 0, bytes: 0 },
    onlyRemote: { count: 0, bytes: 0 },
    different: { count: 0, bytes: 0 },
    same: { count: 0, bytes: 0 },
  };
  const count = (kind: SyncKind, bytes: number) => {
    groups[kind].count++;
    groups[kind].bytes += bytes;
  };
  const pool = new Bounded(PAIRS_AT_ONCE);
  let read = 0;
  let asked = 0; // pairs judged by a HEAD or a read
  let next = 0; // the first local file not yet merged
  const onlyLocal = (file: LocalEntry) => {
    count('onlyLocal', file.size);
    slots.push({ name: file.name, kind: 'onlyLocal', local: { bytes: file.size, mtime: file.mtimeMs / 1000 } });
  };
  const listed = new Set<string>();
  // Undefined when the row is settled at once (most of a warm compare); a promise only when it waits for a
  // place in the pool. Awaiting every row cost 10,000 promises and turns for a warm compare of 10,000.
  const takeRow = (row: ListedRow, cache: DigestCache): Promise<void> | undefined => {
    listed.add(remoteKey(region, container, row.name));
    const name = row.name.slice(prefix.length);
    // A folder marker (a zero-byte "name/") is a folder, as on disk: nothing to compare.
    if (name === '' || (name.endsWith('/') && row.bytes === 0)) return;
    while (next < walk.files.length && compareNames(walk.files[next]!.name, name) < 0) onlyLocal(walk.files[next++]!);
    const file = walk.files[next];
    if (file && file.name === name) {
      next++;
      const fromCache = judgeFromCache(region, container, file, row, cache);
      if (fromCache) {
        count(fromCache.kind, file.size);
        slots.push(fromCache.kind === 'different' ? fromCache : 'same');
        return;
      }
      const at = slots.push('same') - 1;
      return pool.run(async () => {
        const judged = await judgePair(session, region, container, file, row, cache, signal).catch((err: unknown) => {
          // A Stop in the middle of a file's hash ends the stream with its own error: it is a cancel.
          throw signal?.aborted ? cancelledError() : err;
        });
        count(judged.kind, file.size);
        if (judged.kind === 'different') slots[at] = judged;
        if (++asked % COLLECT_EVERY_PAIRS === 0) collector()?.({ type: 'minor' });
      });
    }
    // Only a name the walk did not find is checked: one it found is one this disk holds and the patterns
    // keep (10,000 names took ~40 ms of a warm compare through both checks).
    if (exclude.excludes(name)) return;
    const problem = remoteNameProblem(name, opts.folder);
    if (problem) {
      skipped.push({ name, reason: problem });
      return;
    }
    count('onlyRemote', row.bytes);
    slots.push({
      name,
      kind: 'onlyRemote',
      remote: { bytes: row.bytes, etag: row.hash, lastModified: row.last_modified, mtime: undefined },
    });
  };
  let missing = false;
  try {
    const pages = iterateObjects(session, region, container, { prefix: prefix || undefined, signal });
    for await (const page of pagesAhead(pages)) {
      const cache = await ready();
      for (const entry of page) {
        if (signal?.aborted) throw cancelledError();
        progress.update(++read + next);
        const waiting = isObject(entry) ? takeRow(entry, cache) : undefined;
        if (waiting) await waiting;
      }
    }
  } catch (err) {
    if (!(err instanceof StorageError && err.code === 'not_found' && read === 0)) throw err;
    missing = true;
  }
  const cache = await ready();
  await pool.drain();
  if (signal?.aborted) throw cancelledError();
  while (next < walk.files.length) onlyLocal(walk.files[next++]!);
  progress.finish(read + next);
  const files = new Set(walk.files.map((f) => f.filePath));
  cache.forgetOthers(opts.folder, files, remoteKey(region, container, prefix), listed);
  await cache.save();
  const entries = slots.filter((s): s is SyncEntry => s !== 'same');
  return {
    groups,
    entries: entries.slice(0, MAX_SYNC_ENTRIES),
    truncated: entries.length > MAX_SYNC_ENTRIES,
    skipped,
    missing,
  };
}

const isObject = (entry: ListingEntry): entry is Extract<ListingEntry, { name: string }> => 'name' in entry;
