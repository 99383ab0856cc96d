import { setImmediate as nextTurn } from 'node:timers/promises';
import v8 from 'node:v8';
import type { ListingEntry } from '../../../shared/domain';
import { compareNames } from '../../../shared/region-diff';
import {
  DIFFERENCES_PAGE,
  MAX_SYNC_ENTRIES,
  type FolderComparison,
  type SyncEntry,
  type SyncKind,
} from '../../../shared/sync';
import { exclusions } from '../../../shared/sync-exclude';
import { Bounded } from '../bounded';
import { collector } from '../young-garbage';
import { cancelledError } from '../cancel';
import { StorageError } from '../errors';
import { onLocalDisk } from '../local';
import { objectPagesAhead } from '../objects';
import { requestWritten } from '../request-turns';
import type { StorageSession } from '../session';
import { ProgressThrottle, type ProgressListener } from '../transfer-stream';
import { DigestCache, hashPieces, hashPiecesInPlace, type PieceHasher } from './digest-cache';
import { judgeFromCache, judgePair, settledByListing } from './judge';
import { FolderWalk, type LocalEntry } from './local-walk';
import { remoteNameProblem } from './names';
import type { ListedRow } from './remote-facts';

export interface CompareFolderOptions {
  container: string;
  /** A folder's prefix inside the container ("" for all of it), ending in "/". */
  prefix: string;
  /** The chosen folder's real path (granted). */
  folder: string;
  excludes: readonly string[];
  /** Where the MD5 cache is kept (the app's data folder); undefined: a cache for this compare only. */
  cacheDir: string | undefined;
  /** How files are hashed (tests count the reads). */
  hasher?: PieceHasher | undefined;
  signal?: AbortSignal | undefined;
  /** Names looked at so far, on both sides. */
  onProgress?: ProgressListener | undefined;
  /**
   * Where the differences go as they are settled, in order, a page or so at a
   * time (the main process: a DifferencesFile, which the page reads a page at
   * a time); they are then not answered in `entries`. Absent: they are.
   */
  sink?: ((entries: SyncEntry[]) => Promise<void>) | undefined;
}

/** A place held for a pair still being judged; null once it is judged the same. */
const PENDING = Symbol('pending');
type Slot = SyncEntry | null | typeof PENDING;

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
 * A full collection as each listing page after the first comes in, once the
 * heap has grown this much since the compare began. Each page's 10,000
 * rows, and the files walked ahead of them, live long enough to be moved to
 * the old generation, where V8
 * let them pile up to 60-85 MiB before collecting. A cold compare of 100,000
 * files (bench, with the main process's small young generation:
 * young-garbage.ts) grew RSS by 66 MiB at 16 MiB of slack, 52 MiB at 8; a
 * collection of the ~25 MiB left alive takes 10-15 ms, at most once a page.
 */
const HEAP_SLACK = 8 * 1024 * 1024;

/** Pairs judged between two turns of the event loop, when reads settle at once (~30 µs each: ~8 ms). */
const PAIRS_PER_TURN = 256;

/**
 * Rows merged between two turns of the event loop. The next listing page's answer comes in while a page is
 * merged, and the page after it is asked for only once that answer has been read: merged in one go, a warm
 * page of 10,000 rows held the answer back ~50 ms each time.
 */
const ROWS_PER_TURN = 1_000;

/**
 * Files walked ahead of the merge while the listing's next page is on its
 * way: a page's worth, so a warm compare rarely waits on the disk, while the
 * walk holds a few MiB and not the whole tree.
 */
const WALK_AHEAD = 10_000;

/**
 * Compares a folder on this computer with a container (or the names under a
 * prefix): the folder is walked in Swift's order of names and the listing
 * page by page, and the two are merged as they come. A name on both sides is
 * judged by size, then by content (the file's MD5 against the object's,
 * segment by segment for a large object), then by time; nothing is
 * downloaded. Only the pairs being judged, the walk's way down, the cache's
 * records around them and the differences not yet handed to `sink` are held:
 * a cold compare grew the bench's RSS by ~40 MiB at 10,000 files and ~55 MiB
 * at 100,000. The cache is saved once the comparison ends, so a second one
 * reads no unchanged file.
 */
export async function compareFolder(
  session: StorageSession,
  region: string,
  opts: CompareFolderOptions,
): Promise<FolderComparison> {
  const { container, prefix, signal } = opts;
  const exclude = exclusions(opts.excludes);
  // The listing's first page is asked for before anything else (a warm compare is little but its wait);
  // the walk starts once the request is written, sharing the main thread with nothing it could hold back.
  const pages = objectPagesAhead(session, region, container, { prefix: prefix || undefined, signal });
  const firstPage = pages.next();
  firstPage.catch(() => undefined); // awaited below, once set up; a failure meanwhile is not left unhandled
  const written = requestWritten();
  const inPlace = opts.hasher ? undefined : onLocalDisk(opts.folder);
  const hasher: PieceHasher =
    opts.hasher ??
    (async (filePath, sizes, hashSignal) =>
      ((await inPlace) ? hashPiecesInPlace : hashPieces)(filePath, sizes, hashSignal));
  const cache = DigestCache.open(opts.cacheDir, { folder: opts.folder, region, container, prefix }, hasher);
  // Each file's record in the cache is taken in as the file is walked, so a warm compare reads its cache
  // while the listing is on its way, not after it (~25 ms of the merge of 10,000 files).
  const walk = new FolderWalk(opts.folder, exclude, signal, (file) => cache.enterFile(file));
  // The walk runs while the listing's first page is on its way, once the request has gone out: started
  // before it, its first slice of the disk held the request back ~10 ms (request-turns.ts).
  void written.then(() => walk.ahead(WALK_AHEAD));
  const skipped: FolderComparison['skipped'] = [];
  const progress = new ProgressThrottle(opts.onProgress, undefined);
  const pool = new Bounded(PAIRS_AT_ONCE);
  const heapAtStart = v8.getHeapStatistics().used_heap_size;
  const collectIfGrown = () => {
    if (v8.getHeapStatistics().used_heap_size > heapAtStart + HEAP_SLACK) collector()?.({ type: 'major' });
  };
  // The differences not yet handed on, in order, and a place held for each pair still being judged: what is
  // settled before the first of those goes on at the end of each listing page, and after every page's worth.
  const slots: Slot[] = [];
  let handedOn = 0; // slots handed on (and gone from `slots`)
  let handOnAt = DIFFERENCES_PAGE;
  let differences = 0;
  const kept: SyncEntry[] = [];
  const sink = opts.sink ?? (async (entries: SyncEntry[]) => void kept.push(...entries));
  const handOn = async (): Promise<void> => {
    let settled = 0;
    while (settled < slots.length && slots[settled] !== PENDING) settled++;
    const ready = slots.splice(0, settled).filter((s): s is SyncEntry => s !== null && s !== PENDING);
    handedOn += settled;
    handOnAt = slots.length + DIFFERENCES_PAGE;
    const room = Math.max(0, MAX_SYNC_ENTRIES - differences);
    differences += ready.length;
    const listed = ready.length > room ? ready.slice(0, room) : ready;
    if (listed.length > 0) {
      await sink(listed);
      // A page's worth handed on, as a listing page read: the same collection, so 100,000 new files
      // (none of them in the listing) do not pile up either.
      collectIfGrown();
    }
    // A page's worth waits behind a pair still being judged (a large file's hash): the pairs running finish
    // first, so what is held stays a page or so however many new files follow that pair.
    if (slots.length >= DIFFERENCES_PAGE && slots[0] === PENDING) {
      await pool.drain();
      return handOn();
    }
  };
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
  let read = 0;
  let walked = 0;
  let asked = 0; // pairs judged by a HEAD or a read
  let turnAt = 0;
  const onlyLocal = (file: LocalEntry) => {
    walked++;
    cache.leaveFile(file);
    count('onlyLocal', file.size);
    slots.push({ name: file.name, kind: 'onlyLocal', local: { bytes: file.size, mtime: file.mtimeMs / 1000 } });
  };
  // The files the walk holds before `name` (undefined: all that are left), only on this computer. A promise
  // only when a page's worth of them is to be handed on: a folder of 100,000 new files is held a page at a time.
  const localsBefore = (name: string | undefined): Promise<void> | undefined => {
    for (
      let file = walk.peek();
      file && (name === undefined || compareNames(file.name, name) < 0);
      file = walk.peek()
    ) {
      onlyLocal(walk.take()!);
      if (slots.length >= handOnAt) return handOn().then(() => localsBefore(name));
    }
    return undefined;
  };
  // Undefined when the row is settled at once (most of a warm compare); a promise only when it waits for a
  // place in the pool. Awaiting every row cost 10,000 promises and turns for a warm compare of 10,000.
  const takeRow = (row: ListedRow, name: string): Promise<void> | undefined => {
    // A folder marker (a zero-byte "name/") is a folder, as on disk: nothing to compare.
    if (name === '' || (name.endsWith('/') && row.bytes === 0)) return;
    const file = walk.peek();
    if (file && file.name === name) {
      walk.take();
      walked++;
      if (settledByListing(file, row)) {
        cache.leaveFile(file);
        count('same', file.size);
        return;
      }
      // Only an object whose listing row does not settle it has what a HEAD told kept (or asked): the
      // rest of the listing costs the cache nothing.
      cache.enterObject(row.name);
      const fromCache = judgeFromCache(file, row, cache);
      if (fromCache) {
        cache.leaveFile(file);
        cache.leaveObject(row.name);
        count(fromCache.kind, file.size);
        if (fromCache.kind === 'different') slots.push(fromCache);
        return;
      }
      const at = handedOn + slots.push(PENDING) - 1;
      return pool.run(async () => {
        const judged = await judgePair(session, region, container, file, row, cache, signal).catch((err: unknown) => {
          // A Stop in the middle of a file's hash ends the stream with its own error: it is a cancel.
          throw signal?.aborted ? cancelledError() : err;
        });
        cache.leaveFile(file);
        cache.leaveObject(row.name);
        count(judged.kind, file.size);
        slots[at - handedOn] = judged.kind === 'different' ? judged : null;
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
    try {
      for (let result = await firstPage; !result.done; result = await pages.next()) {
        const page = result.value;
        // The pages before this one are garbage now. Collected here, when a page has come, rather than as
        // one ends: the last page's collection (~25 ms for 10,000 rows) would only delay the answer.
        if (read > 0) collectIfGrown();
        for (const entry of page) {
          if (signal?.aborted) throw cancelledError();
          progress.update(++read + walked);
          if (!isObject(entry)) continue;
          const name = entry.name.slice(prefix.length);
          // Most rows of a warm compare are the file the walk holds next: no file before it to look at.
          if (walk.peek()?.name !== name) {
            const before = localsBefore(name);
            if (before) await before;
          }
          const waiting = takeRow(entry, name);
          if (waiting) await waiting;
          // Small files hashed in place settle without a turn of the event loop: the windows get one meanwhile.
          if (asked - turnAt >= PAIRS_PER_TURN || read % ROWS_PER_TURN === 0) {
            turnAt = asked;
            await nextTurn();
          }
        }
        // The next page is on its way meanwhile.
        void walk.ahead(WALK_AHEAD);
        await handOn();
      }
    } catch (err) {
      if (!(err instanceof StorageError && err.code === 'not_found' && read === 0)) throw err;
      missing = true;
    } finally {
      // Left early (a Stop, a failure): the page on its way is not needed (a listing read to its end: nothing).
      void pages.return(undefined);
    }
    await pool.drain();
    if (signal?.aborted) throw cancelledError();
    const rest = localsBefore(undefined);
    if (rest) await rest;
    await handOn();
    progress.finish(read + walked);
    cache.save();
  } catch (err) {
    // The pairs still being judged finish first: none of them then writes to a cache given up on.
    await pool.drain().catch(() => undefined);
    cache.abandon();
    throw err;
  }
  skipped.push(...walk.skipped);
  return { groups, entries: kept, truncated: differences > MAX_SYNC_ENTRIES, skipped, missing };
}

const isObject = (entry: ListingEntry): entry is Extract<ListingEntry, { name: string }> => 'name' in entry;
