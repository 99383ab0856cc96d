import { parseMtime } from '../../../shared/sync';
import { expectationFor } from '../download';
import { headObjectResponse } from '../objects';
import type { StorageSession } from '../session';
import type { DigestCache, RemoteFacts } from './digest-cache';

export interface ListedRow {
  name: string;
  hash: string;
  bytes: number;
  last_modified: string;
  /** Present on a static large object's row (Swift 2.21 on): its ETag as a HEAD gives it. */
  slo_etag?: string;
}

/**
 * What an object holds beyond its listing row: its recorded file time, its
 * true length, and for a large object each segment's length and MD5 (a static
 * one from its manifest, a dynamic one from its segments' listing, as a
 * download checks them), so its content compares with a file without a byte
 * downloaded. Kept in the cache while the row shows the same hash and time; a
 * dynamic large object is asked every time, as its segments can change under
 * an unchanged manifest.
 */
export async function remoteFacts(
  session: StorageSession,
  region: string,
  container: string,
  row: ListedRow,
  cache: DigestCache,
  signal?: AbortSignal,
): Promise<RemoteFacts> {
  const known = cache.remote(row.name, row.hash, row.last_modified);
  if (known) return known;
  const head = await headObjectResponse(session, region, container, row.name, signal);
  const h = head.headers;
  const kind =
    (h.get('x-static-large-object') ?? '').toLowerCase() === 'true'
      ? 'slo'
      : h.has('x-object-manifest')
        ? 'dlo'
        : 'plain';
  const length = Number(h.get('content-length') ?? row.bytes);
  const mtime = parseMtime(h.get('x-object-meta-mtime'));
  let pieces: RemoteFacts['pieces'];
  if (kind !== 'plain') {
    const expected = await expectationFor(session, region, { container, name: row.name }, head, signal);
    pieces = expected.pieces;
  }
  const facts: RemoteFacts = {
    hash: row.hash,
    lastModified: row.last_modified,
    mtime,
    length: Number.isFinite(length) ? length : row.bytes,
    kind,
    pieces,
  };
  if (kind !== 'dlo') cache.rememberRemote(row.name, facts);
  return facts;
}
