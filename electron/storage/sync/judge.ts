import { sameTime, writtenAt, type DifferenceWhy, type SyncEntry } from '../../../shared/sync';
import { bareEtag } from '../response-parts';
import type { StorageSession } from '../session';
import type { ExpectedPiece } from '../transfer-stream';
import type { DigestCache, RemoteFacts } from './digest-cache';
import type { LocalEntry } from './local-walk';
import { remoteFacts, type ListedRow } from './remote-facts';

const MD5 = /^[0-9a-f]{32}$/i;

export type Judged = { kind: 'same' } | (SyncEntry & { kind: 'different' });

const SAME: Judged = { kind: 'same' };

/** The pieces whose MD5s the file is compared with: the object whole, or each segment of a large one. */
function piecesOf(file: LocalEntry, row: ListedRow, facts: RemoteFacts): ExpectedPiece[] {
  if (facts.kind !== 'plain') return facts.pieces ?? [];
  const etag = bareEtag(row.hash);
  return [{ bytes: file.size, md5: MD5.test(etag) ? etag.toLowerCase() : undefined }];
}

/**
 * A name both sides hold: different by size, else by content (the file's MD5
 * against the object's, each segment's for a large object; pieces Swift gives
 * no MD5 for are not compared), else by time alone (the file's mtime against
 * the object's recorded one, when it has one), else the same. `md5s` are the
 * file's, piece by piece; undefined when no piece has an MD5 to compare.
 */
function verdict(
  file: LocalEntry,
  row: ListedRow,
  facts: RemoteFacts,
  pieces: readonly ExpectedPiece[],
  md5s: readonly string[] | undefined,
): Judged {
  const differs = (why: DifferenceWhy): Judged => ({
    name: file.name,
    kind: 'different',
    why,
    local: { bytes: file.size, mtime: file.mtimeMs / 1000 },
    remote: { bytes: facts.length, etag: row.hash, lastModified: row.last_modified, mtime: facts.mtime },
  });
  if (facts.length !== file.size) return differs('size');
  if (md5s && pieces.some((p, i) => p.md5 !== undefined && p.md5 !== md5s[i])) return differs('content');
  if (facts.mtime !== undefined && !sameTime(file.mtimeMs / 1000, facts.mtime)) return differs('time');
  return SAME;
}

const hasMd5 = (pieces: readonly ExpectedPiece[]) => pieces.some((p) => p.md5 !== undefined);

/**
 * The MD5 the listing row gives for a pair it can decide alone, or undefined:
 * a plain object (no SLO ETag, and not empty, as a dynamic large object's
 * manifest is) of the file's size, written by Swift after the file last
 * changed. Then the file's MD5 settles it: the same bytes, stored after the
 * file took its time, are the same, and the object's recorded time is not
 * asked. That HEAD per object was nearly all of a cold compare (34.5 s of
 * 10,000 files against a few for the hashes) and could only turn identical
 * bytes into a transfer. A file changed after the object was written, a size
 * or an MD5 that differs, and any large object still get their HEAD: there
 * the recorded time picks the newer side, or shows that only the time differs.
 */
function listingMd5(file: LocalEntry, row: ListedRow): string | undefined {
  if (!plainAndNotOlder(file, row)) return undefined;
  const etag = bareEtag(row.hash);
  return MD5.test(etag) ? etag.toLowerCase() : undefined;
}

/**
 * True when the listing row and the file's MD5 in the cache (put on the file
 * as it was walked: DigestCache.enterFile) show the same bytes (see
 * listingMd5): nearly every pair of a warm compare, settled with no HEAD, no
 * read, no promise and no lookup.
 */
export function settledByListing(file: LocalEntry, row: ListedRow): boolean {
  const known = file.knownMd5;
  if (known === undefined) return false;
  // Swift's usual hash is the MD5 just as the cache keeps it (bare, lower case): then it needs no reading as
  // an ETag first (a tenth of a warm compare's merge went on that).
  return row.hash === known ? plainAndNotOlder(file, row) : listingMd5(file, row) === known;
}

/** See listingMd5: a plain object of the file's size, written by Swift after the file last changed. */
const plainAndNotOlder = (file: LocalEntry, row: ListedRow): boolean =>
  row.slo_etag === undefined &&
  row.bytes !== 0 &&
  row.bytes === file.size &&
  file.mtimeMs / 1000 <= writtenAt(row.last_modified);

/**
 * The verdict from the cache alone, for a pair the listing did not settle
 * (settledByListing first), when it holds both the object's facts and the
 * file's MD5s: no HEAD, no read, and no promise. Through the async path each
 * pair cost a pool slot, promises and closures, and the collector a quarter
 * of a warm compare's time. Undefined when either side must be asked.
 */
export function judgeFromCache(file: LocalEntry, row: ListedRow, cache: DigestCache): Judged | undefined {
  const facts = cache.remote(row.name, row.hash, row.last_modified);
  if (!facts) return undefined;
  if (facts.length !== file.size) return verdict(file, row, facts, [], undefined);
  const pieces = piecesOf(file, row, facts);
  if (!hasMd5(pieces)) return verdict(file, row, facts, pieces, undefined);
  const md5s = cache.knownDigests(file, pieces);
  return md5s && verdict(file, row, facts, pieces, md5s);
}

/** The verdict, asking Swift (a HEAD) and reading the file (its MD5s) where the cache does not know. */
export async function judgePair(
  session: StorageSession,
  region: string,
  container: string,
  file: LocalEntry,
  row: ListedRow,
  cache: DigestCache,
  signal: AbortSignal | undefined,
): Promise<Judged> {
  const listed = listingMd5(file, row);
  // Read once: a file whose MD5 differs keeps it in the cache for the verdict below.
  if (listed !== undefined && (await cache.digests(file, [file.size], signal))[0] === listed) return SAME;
  const facts = await remoteFacts(session, region, container, row, cache, signal);
  if (facts.length !== file.size) return verdict(file, row, facts, [], undefined);
  const pieces = piecesOf(file, row, facts);
  const md5s = hasMd5(pieces)
    ? await cache.digests(
        file,
        pieces.map((p) => p.bytes),
        signal,
      )
    : undefined;
  return verdict(file, row, facts, pieces, md5s);
}
