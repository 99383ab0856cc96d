import { pipeline, Readable } from 'node:stream';
import { StorageError } from '../errors';
import { errorFromResponse, isSuccess, type HttpResponse } from '../http';
import { bareEtag, statusAndId } from '../response-parts';
import type { StorageSession } from '../session';
import type { CopySessions } from './cluster';
import { MeteringStream } from '../transfer-stream';

/** Bytes of one object (or one byte range of it) to move from a region to another. */
export interface StreamPart {
  fromRegion: string;
  /** Encoded path below the source region's endpoint (paths.ts). */
  from: string;
  /** A byte range of the source; absent, the whole object. */
  range?: { start: number; length: number } | undefined;
  toRegion: string;
  to: string;
  headers: Record<string, string>;
  /**
   * The MD5 the bytes must have, sent as `ETag` so Swift itself refuses (422)
   * a body that differs and never stores it. Absent, the source's own ETag
   * is used when it is an MD5 (a plain object), and the answer is checked.
   */
  etag?: string | undefined;
  /** What the person reads in an error, e.g. `"a.txt"`. */
  what: string;
  signal: AbortSignal | undefined;
  /** Bytes of this part sent so far; back to 0 when it is sent again. */
  onBytes: (loaded: number) => void;
}

const ATTEMPTS = 3;
const RETRYABLE = new Set(['network', 'timeout', 'server']);

/**
 * Streams a GET from one region into a PUT on the other: the bytes pass
 * through, counted and hashed, and never gather in memory. A GET's body can
 * be read once, so http.ts cannot send the PUT again by itself; a failed try
 * starts over here, with a fresh GET.
 */
export async function streamPart(sessions: CopySessions, part: StreamPart): Promise<{ md5: string; bytes: number }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await streamOnce(sessions, part);
    } catch (err) {
      const again = err instanceof StorageError && RETRYABLE.has(err.code) && !part.signal?.aborted;
      if (!again || attempt >= ATTEMPTS) throw err;
      part.onBytes(0);
    }
  }
}

async function streamOnce(sessions: CopySessions, part: StreamPart): Promise<{ md5: string; bytes: number }> {
  const { range, signal } = part;
  // The GET with the source's token, the PUT (and a damaged copy's DELETE) with the target's.
  const session = sessions.target;
  if (range?.length === 0) return putEmpty(session, part);
  const get = await sessions.source.request(part.fromRegion, {
    method: 'GET',
    path: part.from,
    headers: range ? { range: `bytes=${range.start}-${range.start + range.length - 1}` } : {},
    stream: true,
    signal,
  });
  if (!get.body) throw readError(get, part.what);
  const length = Number(get.headers.get('content-length'));
  if (!Number.isSafeInteger(length) || (range && length !== range.length)) {
    await discard(get.body);
    throw new StorageError('server', `Reading ${part.what} failed: Swift did not say how many bytes it holds.`);
  }
  const sourceEtag = bareEtag(get.headers.get('etag'));
  const etag = part.etag ?? (!range && /^[0-9a-f]{32}$/.test(sourceEtag) ? sourceEtag : undefined);
  const meter = new MeteringStream(part.onBytes);
  let opened: Readable | undefined;
  const body = (): Readable => {
    // A second opening means http.ts (a retry, a renewed token) wants to send again: start over from a new GET.
    if (opened) throw new StorageError('network', `Copying ${part.what} was interrupted.`);
    opened = pipeline(Readable.from(get.body!), meter, () => {});
    return opened;
  };
  let put: HttpResponse;
  try {
    put = await session.request(part.toRegion, {
      method: 'PUT',
      path: part.to,
      headers: { ...part.headers, 'content-length': String(length), ...(etag ? { etag } : {}) },
      body,
      signal,
    });
  } finally {
    if (!opened) await discard(get.body);
    else if (!meter.writableFinished) opened.destroy();
  }
  if (put.status === 422) throw damaged(part.what, put);
  if (!isSuccess(put)) throw errorFromResponse(put, `Copying ${part.what}`);
  const md5 = meter.md5();
  if (bareEtag(put.headers.get('etag')) !== md5 || meter.loaded !== length) {
    await session.request(part.toRegion, { method: 'DELETE', path: part.to }).catch(() => undefined);
    throw damaged(part.what, put);
  }
  return { md5, bytes: length };
}

async function putEmpty(session: StorageSession, part: StreamPart): Promise<{ md5: string; bytes: number }> {
  const put = await session.request(part.toRegion, {
    method: 'PUT',
    path: part.to,
    headers: { ...part.headers, 'content-length': '0' },
    body: '',
    signal: part.signal,
  });
  if (!isSuccess(put)) throw errorFromResponse(put, `Copying ${part.what}`);
  return { md5: bareEtag(put.headers.get('etag')), bytes: 0 };
}

function readError(res: HttpResponse, what: string): StorageError {
  if (res.status === 404) return new StorageError('not_found', `${what} no longer exists.`, statusAndId(res));
  return errorFromResponse(res, `Reading ${what}`);
}

const damaged = (what: string, res: HttpResponse) =>
  new StorageError(
    'server',
    `Copying ${what} failed: the bytes stored do not match the original (checksum mismatch); nothing was kept.`,
    statusAndId(res),
  );

/** Releases the connection of a body we will not read. */
async function discard(body: AsyncIterable<Uint8Array>): Promise<void> {
  try {
    await body[Symbol.asyncIterator]().return?.();
  } catch {
    // Already read, or already cancelled.
  }
}
