import { sameTime, type DifferenceWhy, type SyncEntry } from '../../../shared/sync';
import { bareEtag } from '../response-parts';
import type { StorageSession } from '../session';
import type { ExpectedPiece } from '../transfer-stream';
import type { DigestCache } from './digest-cache';
import type { LocalEntry } from './local-walk';
import { remoteFacts, type ListedRow } from './remote-facts';

const MD5 = /^[0-9a-f]{32}$/i;

export type Judged = { kind: 'same' } | (SyncEntry & { kind: 'different' });

/**
 * A name both sides hold: different by size, else by content (the file's MD5
 * against the object's, each segment's for a large object; pieces Swift gives
 * no MD5 for are not compared), else by time alone (the file's mtime against
 * the object's recorded one, when it has one), else the same.
 */
export async function judgePair(
  session: StorageSession,
  region: string,
  container: string,
  file: LocalEntry,
  row: ListedRow,
  cache: DigestCache,
  signal: AbortSignal | undefined,
): Promise<Judged> {
  const facts = await remoteFacts(session, region, container, row, cache, signal);
  const local = { bytes: file.size, mtime: file.mtimeMs / 1000 };
  const remote = { bytes: facts.length, etag: row.hash, lastModified: row.last_modified, mtime: facts.mtime };
  const differs = (why: DifferenceWhy): Judged => ({ name: file.name, kind: 'different', why, local, remote });
  if (facts.length !== file.size) return differs('size');
  const pieces: ExpectedPiece[] =
    facts.kind === 'plain'
      ? [{ bytes: file.size, md5: MD5.test(bareEtag(row.hash)) ? bareEtag(row.hash).toLowerCase() : undefined }]
      : (facts.pieces ?? []);
  if (pieces.some((p) => p.md5 !== undefined)) {
    const md5s = await cache.digests(
      file.filePath,
      file,
      pieces.map((p) => p.bytes),
      signal,
    );
    if (pieces.some((p, i) => p.md5 !== undefined && p.md5 !== md5s[i])) return differs('content');
  }
  if (facts.mtime !== undefined && !sameTime(local.mtime, facts.mtime)) return differs('time');
  return { kind: 'same' };
}
