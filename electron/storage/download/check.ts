import { createHash } from 'node:crypto';
import { z } from 'zod';
import { StorageError } from '../errors';
import { errorFromResponse, isSuccess, type HttpResponse } from '../http';
import { iterateObjects } from '../objects';
import { objectPath } from '../paths';
import { bareEtag } from '../response-parts';
import type { StorageSession } from '../session';
import type { ExpectedPiece } from '../transfer-stream';

export interface Verification {
  /** Bytes to expect, when Content-Length says so. */
  length: number | undefined;
  /** MD5 to expect, when the ETag is the content's MD5. */
  md5: string | undefined;
}

/** What a download is checked against before it may be published. */
export interface Expectation extends Verification {
  /** A large object's segments in order, each checked as its bytes pass. */
  pieces: ExpectedPiece[] | undefined;
}

const MD5 = /^[0-9a-f]{32}$/i;
const md5Of = (data: Uint8Array | string): string => createHash('md5').update(data).digest('hex');
const plainMd5 = (hash: string | undefined): string | undefined => {
  const bare = bareEtag(hash);
  return MD5.test(bare) ? bare.toLowerCase() : undefined;
};

/**
 * What the answer itself lets us check. The ETag of a large object (static:
 * quoted, an MD5 of MD5s; dynamic: whatever the manifest had) is not its
 * content's MD5, nor is a range's. The bytes are saved as stored: a
 * Content-Encoding (gzip, …) is not undone, so the stored length and MD5 still apply.
 */
export function verification(res: Pick<HttpResponse, 'status' | 'headers'>): Verification {
  const h = res.headers;
  const lengthHeader = h.get('content-length');
  const length = lengthHeader !== null && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  const raw = (h.get('etag') ?? '').trim();
  const largeObject = h.has('x-static-large-object') || h.has('x-object-manifest');
  const md5 = res.status === 200 && !largeObject && MD5.test(raw) ? bareEtag(raw).toLowerCase() : undefined;
  return { length, md5 };
}

interface ObjectRef {
  container: string;
  name: string;
}

/**
 * Learns how long the object must be, and for a large object what each
 * segment must hash to. A large object served without Content-Length (a DLO
 * of more than one listing page, or anything behind a proxy that streams
 * without it) would otherwise be saved as complete however early it ended.
 *
 * - SLO: its manifest (`?multipart-manifest=get`), checked to be the one the
 *   GET streamed: Swift sends `X-Manifest-Etag` with an SLO, the ETag of that
 *   very manifest (seen on Swift 2.30).
 * - DLO: the listing of its `X-Object-Manifest` prefix, the list Swift
 *   streams, in that order; when Swift sent an ETag, it is the MD5 of the
 *   segments' ETags, which tells whether our listing is the one it used.
 * - anything else without Content-Length: a HEAD.
 *
 * When the answer has a Content-Length, the extra request only adds the
 * per-segment check, and its failure is not fatal.
 */
export async function expectationFor(
  session: StorageSession,
  region: string,
  ref: ObjectRef,
  res: HttpResponse,
  signal: AbortSignal | undefined,
): Promise<Expectation> {
  const base = verification(res);
  const slo = (res.headers.get('x-static-large-object') ?? '').toLowerCase() === 'true';
  const large = slo ? 'slo' : res.headers.has('x-object-manifest') ? 'dlo' : undefined;
  if (!large) {
    const length = base.length ?? (await lengthFromHead(session, region, ref, res, signal));
    return { ...base, length, pieces: undefined };
  }
  const needed = base.length === undefined;
  let pieces: ExpectedPiece[] | undefined;
  try {
    pieces =
      large === 'slo'
        ? await sloPieces(session, region, ref, res, signal)
        : await dloPieces(session, region, res, ref.name, signal);
  } catch (err) {
    if (needed || (err instanceof StorageError && err.code === 'cancelled')) throw err;
    return { ...base, pieces: undefined }; // the Content-Length still guards the length
  }
  if (!pieces) {
    if (needed) {
      throw new StorageError('conflict', `"${ref.name}" changed while it was being downloaded; nothing was saved.`);
    }
    return { ...base, pieces: undefined };
  }
  const total = pieces.reduce((sum, p) => sum + p.bytes, 0);
  if (base.length !== undefined && base.length !== total) return { ...base, pieces: undefined };
  return { length: total, md5: undefined, pieces };
}

async function lengthFromHead(
  session: StorageSession,
  region: string,
  ref: ObjectRef,
  res: HttpResponse,
  signal: AbortSignal | undefined,
): Promise<number | undefined> {
  let head: HttpResponse;
  try {
    // No `?symlink=get`: the GET followed a symlink, so must the HEAD.
    head = await session.request(region, { method: 'HEAD', path: objectPath(ref.container, ref.name), signal });
  } catch (err) {
    if (err instanceof StorageError && err.code === 'cancelled') throw err;
    return undefined; // then only the MD5, where the ETag is one, guards the download
  }
  if (!isSuccess(head)) return undefined;
  const etag = bareEtag(res.headers.get('etag'));
  if (etag && bareEtag(head.headers.get('etag')) !== etag) return undefined;
  return verification(head).length;
}

// Unknown keys (content_type, last_modified…) are dropped, not refused.
const manifestRow = z.union([
  z.object({ data: z.string() }),
  z.object({
    name: z.string(),
    bytes: z.number().int().nonnegative(),
    hash: z.string(),
    range: z.string().optional(),
    sub_slo: z.boolean().optional(),
  }),
]);

/** Bytes a segment's `range` (`first-last`, `first-`, `-suffix`, as Swift stores it) takes from a segment of `size`. */
export function rangeLength(range: string, size: number): number | undefined {
  const m = /^(\d*)-(\d*)$/.exec(range.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') return Math.min(Number(m[2]), size);
  const first = Number(m[1]);
  const last = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return last >= first ? last - first + 1 : undefined;
}

/**
 * The segments of an SLO manifest as Swift returns it for
 * `?multipart-manifest=get`: per segment its length, and its MD5 when that
 * is the MD5 of the bytes served (not for a range of a segment, nor for a
 * nested SLO, whose hash is its own manifest's ETag). Inline `data` segments
 * (Swift 2.28+) carry their bytes, so both are known.
 */
export function parseSloManifest(text: string): ExpectedPiece[] {
  let rows: z.infer<typeof manifestRow>[];
  try {
    rows = z.array(manifestRow).parse(JSON.parse(text));
  } catch (err) {
    throw new StorageError('server', 'The service sent a large-object manifest Cirrus cannot read.', { cause: err });
  }
  return rows.map((row) => {
    if ('data' in row) {
      const data = Buffer.from(row.data, 'base64');
      return { bytes: data.length, md5: md5Of(data) };
    }
    if (row.range !== undefined) {
      const bytes = rangeLength(row.range, row.bytes);
      if (bytes === undefined) {
        throw new StorageError('server', `The large-object manifest has a range Cirrus cannot read ("${row.range}").`);
      }
      return { bytes, md5: undefined };
    }
    return { bytes: row.bytes, md5: row.sub_slo ? undefined : plainMd5(row.hash) };
  });
}

/** The manifest's segments, or undefined when the manifest is no longer the one the GET streamed. */
async function sloPieces(
  session: StorageSession,
  region: string,
  ref: ObjectRef,
  res: HttpResponse,
  signal: AbortSignal | undefined,
): Promise<ExpectedPiece[] | undefined> {
  const manifest = await session.request(region, {
    method: 'GET',
    path: objectPath(ref.container, ref.name),
    query: { 'multipart-manifest': 'get' },
    headers: { accept: 'application/json' },
    signal,
  });
  if (!isSuccess(manifest)) throw errorFromResponse(manifest, `Reading the manifest of "${ref.name}"`);
  if ((manifest.headers.get('x-static-large-object') ?? '').toLowerCase() !== 'true') return undefined;
  const streamed = res.headers.get('x-manifest-etag');
  const same = streamed
    ? bareEtag(manifest.headers.get('etag')) === bareEtag(streamed)
    : res.headers.get('x-timestamp') === manifest.headers.get('x-timestamp');
  return same ? parseSloManifest(manifest.text) : undefined;
}

/** The segments a DLO's prefix lists now, or undefined when they are not the ones the GET streamed. */
async function dloPieces(
  session: StorageSession,
  region: string,
  res: HttpResponse,
  name: string,
  signal: AbortSignal | undefined,
): Promise<ExpectedPiece[] | undefined> {
  // Swift URL-decodes the header's value before splitting it at the first '/' (dlo.py).
  const raw = res.headers.get('x-object-manifest') ?? '';
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    // Not percent-encoded after all: Swift would use it as it is.
  }
  const slash = value.indexOf('/');
  if (slash <= 0) throw new StorageError('server', `"${name}" names its segments in a way Cirrus cannot read.`);
  const rows: { hash: string; bytes: number }[] = [];
  for await (const page of iterateObjects(session, region, value.slice(0, slash), {
    prefix: value.slice(slash + 1),
    signal,
  })) {
    for (const entry of page) if ('name' in entry) rows.push(entry);
  }
  const etag = bareEtag(res.headers.get('etag'));
  if (etag && md5Of(rows.map((r) => bareEtag(r.hash)).join('')) !== etag.toLowerCase()) return undefined;
  return rows.map((r) => ({ bytes: r.bytes, md5: plainMd5(r.hash) }));
}

/** Why a download that streamed `loaded` bytes may not be published, if it may not. */
export function completenessError(name: string, loaded: number, expected: Expectation): StorageError | undefined {
  const { length } = expected;
  if (length !== undefined && loaded < length) return endedEarly(name, loaded, length);
  if (length !== undefined && loaded > length) {
    return new StorageError(
      'server',
      `The download of "${name}" arrived damaged (${loaded} bytes where ${length} were expected); nothing was saved.`,
    );
  }
  return undefined;
}

export function endedEarly(
  name: string,
  loaded: number,
  length: number,
  reason?: string,
  code: 'network' | 'timeout' = 'network',
): StorageError {
  return new StorageError(
    code,
    `The download of "${name}" ended early (${loaded} of ${length} bytes)${reason ? `: ${reason}` : ''}; nothing was saved.`,
  );
}
