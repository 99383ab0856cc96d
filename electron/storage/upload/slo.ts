/**
 * A file uploaded as a static large object: segments first (in parallel, each
 * checked by MD5), then the manifest, so the object appears under its name
 * only once every byte is in place. A resumable upload keeps its segments when
 * it stops, and on its next run sends only those Swift does not already hold
 * whole (same size, same MD5 as that part of the file now).
 */
import { createHash } from 'node:crypto';
import type { ServiceLimits } from '../../../shared/limits';
import { containerNameProblems, objectNameProblems } from '../../../shared/validation';
import { cancelledError } from '../cancel';
import { errorFromResponse, isSuccess, type HttpResponse } from '../http';
import { md5OfRange, type LocalFile } from '../local';
import { iterateObjects } from '../objects';
import { objectPath } from '../paths';
import { bareEtag } from '../response-parts';
import {
  DEFAULT_CONCURRENCY,
  deleteAll,
  ensureSegmentContainer,
  segmentContainerFor,
  segmentName,
  segmentPrefix,
  segmentRange,
  type UploadLayout,
} from '../segments';
import type { StorageSession } from '../session';
import type { ProgressThrottle } from '../transfer-stream';
import type { Pace } from '../bandwidth';
import { putPart } from './part';
import { integrityError, partError } from './errors';
import { assertNoProblems } from '../validate';

const MAX_CONCURRENCY = 16;

/** How a segmented upload can stop and go on later (electron/transfers/ keeps this in its journal). */
export interface ResumableUpload {
  /** An earlier run's layout; its segments already in Swift with the right size and MD5 are not sent again. */
  layout?: UploadLayout | undefined;
  /** The layout, once known and before the first segment is sent, so a crash after it can still resume. */
  onLayout(layout: UploadLayout): Promise<void>;
  /** Bytes of whole segments now in Swift. */
  onSegmentsDone?(bytes: number): void;
}

export interface LargeUpload {
  container: string;
  name: string;
  file: LocalFile;
  size: number;
  headers: Record<string, string>;
  progress: ProgressThrottle;
  limits: ServiceLimits;
  segmentSize: number;
  count: number;
  concurrency?: number | undefined;
  signal?: AbortSignal | undefined;
  /** The uploads' bandwidth limit, shared by every segment in flight (and every other upload). */
  pace?: Pace | undefined;
  /** Without it, a failed or cancelled upload deletes the segments it sent. */
  resumable?: ResumableUpload | undefined;
  /** Throws when the file changed since it was opened: then no manifest is written. */
  unchanged?: (() => Promise<void>) | undefined;
}

interface UploadedSegment {
  path: string;
  etag: string;
  size_bytes: number;
}

export async function putLargeObject(session: StorageSession, region: string, ctx: LargeUpload): Promise<string> {
  const { container, name, size, segmentSize, count } = ctx;
  const what = `Uploading "${name}"`;
  const segContainer = segmentContainerFor(container);
  assertNoProblems(containerNameProblems(segContainer, ctx.limits), `Cannot upload "${name}" in segments`);
  const stamp = ctx.resumable?.layout?.stamp ?? (Date.now() / 1000).toFixed(6);
  const segName = (i: number) => segmentName(name, stamp, size, segmentSize, i);
  assertNoProblems(objectNameProblems(segName(count - 1), ctx.limits), `Cannot upload "${name}" in segments`);
  await ensureSegmentContainer(session, region, container, segContainer, ctx.signal);
  await ctx.resumable?.onLayout({ stamp, segmentSize, count, fileSize: size });
  const inSwift = ctx.resumable?.layout
    ? await segmentsInSwift(session, region, segContainer, segmentPrefix(name, stamp, size, segmentSize), ctx.signal)
    : new Map<string, { bytes: number; hash: string }>();

  // One controller for the batch: the first failure stops the other segments.
  const batch = new AbortController();
  const onAbort = () => batch.abort();
  ctx.signal?.addEventListener('abort', onAbort, { once: true });
  if (ctx.signal?.aborted) batch.abort();
  const started: number[] = [];
  const done: (UploadedSegment | undefined)[] = new Array<UploadedSegment | undefined>(count);
  const loaded = new Array<number>(count).fill(0);
  let total = 0;
  let whole = 0;
  let failure: unknown;
  let next = 0;
  const advance = (index: number, n: number) => {
    total += n - (loaded[index] ?? 0);
    loaded[index] = n;
    ctx.progress.update(total);
  };

  const sendSegment = async (index: number): Promise<void> => {
    const { start, length } = segmentRange(size, segmentSize, index);
    const path = objectPath(segContainer, segName(index));
    const segment = { path: `/${segContainer}/${segName(index)}`, size_bytes: length };
    const there = inSwift.get(segName(index));
    if (there && there.bytes === length) {
      // Reading the file back costs far less than sending it again; a part that changed since is sent anew.
      const md5 = await md5OfRange(ctx.file, start, length, batch.signal);
      if (md5 === there.hash) {
        done[index] = { ...segment, etag: md5 };
        advance(index, length);
        return;
      }
    }
    started.push(index);
    const { res, md5, sent } = await putPart(session, region, {
      path,
      name,
      file: ctx.file,
      start,
      length,
      headers: { 'content-type': 'application/octet-stream' },
      signal: batch.signal,
      onBytes: (n) => advance(index, n),
      pace: ctx.pace,
    });
    if (!isSuccess(res)) throw partError(res, `${what} (segment ${index + 1} of ${count})`, segContainer);
    if (bareEtag(res.headers.get('etag')) !== md5 || sent !== length) throw integrityError(what, res);
    done[index] = { ...segment, etag: md5 };
  };
  const worker = async (): Promise<void> => {
    while (failure === undefined && !batch.signal.aborted && next < count) {
      const index = next++;
      try {
        await sendSegment(index);
        whole += done[index]?.size_bytes ?? 0;
        ctx.resumable?.onSegmentsDone?.(whole);
      } catch (err) {
        failure ??= err;
        batch.abort();
      }
    }
  };
  const workers = Math.max(1, Math.min(MAX_CONCURRENCY, ctx.concurrency ?? DEFAULT_CONCURRENCY, count));
  try {
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    ctx.signal?.removeEventListener('abort', onAbort);
  }
  // A resumable upload keeps what it sent: its next run, or discarding it, decides.
  const cleanUp = async () => {
    if (!ctx.resumable) await deleteAll(session, region, segContainer, started.map(segName));
  };
  if (failure === undefined && !ctx.signal?.aborted) {
    // Each segment matched what was read, but a file written meanwhile is no one version of itself.
    await ctx.unchanged?.().catch((err: unknown) => void (failure = err));
  }
  if (failure !== undefined || ctx.signal?.aborted) {
    await cleanUp();
    throw ctx.signal?.aborted ? cancelledError() : failure;
  }

  const segments = done.filter((s): s is UploadedSegment => s !== undefined);
  // Swift's ETag for a static large object: the MD5 of its segments' ETags, concatenated.
  const expected = createHash('md5')
    .update(segments.map((s) => s.etag).join(''))
    .digest('hex');
  const manifestPath = objectPath(container, name);
  let res: HttpResponse;
  try {
    res = await session.request(region, {
      method: 'PUT',
      path: manifestPath,
      query: { 'multipart-manifest': 'put' },
      // Swift 2.30 refuses (422) a manifest whose segments' ETags do not hash to this, and stores nothing.
      headers: { ...ctx.headers, etag: expected },
      body: JSON.stringify(segments),
      signal: ctx.signal,
    });
  } catch (err) {
    // The manifest may have landed even though its answer did not reach us (a cancel
    // just after it was sent, a dropped connection): then the object is whole and
    // its segments must stay.
    if (await manifestLanded(session, region, manifestPath, expected)) return expected;
    await cleanUp();
    throw err;
  }
  if (!isSuccess(res)) {
    await cleanUp();
    throw res.status === 422 ? integrityError(what, res) : errorFromResponse(res, `${what} (writing the manifest)`);
  }
  return bareEtag(res.headers.get('etag')) || expected;
}

/** The segments of one upload already in Swift, by name. */
async function segmentsInSwift(
  session: StorageSession,
  region: string,
  segContainer: string,
  prefix: string,
  signal: AbortSignal | undefined,
): Promise<Map<string, { bytes: number; hash: string }>> {
  const found = new Map<string, { bytes: number; hash: string }>();
  for await (const page of iterateObjects(session, region, segContainer, { prefix, signal })) {
    for (const entry of page) if ('name' in entry) found.set(entry.name, { bytes: entry.bytes, hash: entry.hash });
  }
  return found;
}

async function manifestLanded(session: StorageSession, region: string, path: string, etag: string): Promise<boolean> {
  try {
    const head = await session.request(region, { method: 'HEAD', path });
    return isSuccess(head) && head.headers.has('x-static-large-object') && bareEtag(head.headers.get('etag')) === etag;
  } catch {
    return false;
  }
}
