import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream';
import { pipeline as pipelineAsync } from 'node:stream/promises';
import { objectNameProblems, metadataProblems, containerNameProblems } from '../../shared/validation';
import type { ServiceLimits } from '../../shared/limits';
import { cancelledError } from './cancel';
import { chooseContentType } from './content-type';
import { StorageError } from './errors';
import { metadataHeaders } from './headers';
import { errorFromResponse, isSuccess, type HttpResponse } from './http';
import { getLimits } from './info';
import { LocalFile } from './local-file';
import { objectPath } from './paths';
import { isQuotaRefusal, quotaRefusalError } from './quotas';
import { bareEtag } from './response-parts';
import { planUpload, segmentContainerFor, segmentName, segmentRange } from './segments';
import type { StorageSession } from './session';
import { MeteringStream, ProgressThrottle, type ProgressListener } from './transfer-stream';
import { assertNoProblems } from './validate';
import { DEFAULT_CONCURRENCY, deleteAll, ensureSegmentContainer } from './segment-container';
import { integrityError, partError } from './upload-errors';
import { deleteSegments, ownedSegments } from './replaced-segments';

export interface UploadOptions {
  container: string;
  name: string;
  filePath: string;
  contentType?: string;
  metadata?: Record<string, string>;
  /** X-Delete-At, on the manifest only: segments expiring alone would break the object if it were later kept. */
  deleteAt?: number | undefined;
  onProgress?: ProgressListener;
  signal?: AbortSignal;
  /** Files larger than this many bytes go up as a static large object (segments.ts planUpload). */
  threshold?: number;
  /** Bytes per segment; given without a threshold, any file larger than one segment is split. */
  segmentSize?: number;
  /** Segments sent at once (default 4). */
  concurrency?: number;
  /**
   * The person chose to replace an object of that name: segments the old one
   * owned (replaced-segments.ts) are deleted once the new one is in place.
   */
  replaces?: boolean | undefined;
}

export interface UploadResult {
  /** Swift's ETag: the content's MD5, or for a large object the MD5 of its segments' ETags. */
  etag: string;
  bytes: number;
  /** 0 for a plain object. */
  segments: number;
}

/**
 * Below this size the file is hashed first and the MD5 sent as `ETag`, so
 * Swift itself refuses (422) a body that arrived damaged or a file that changed
 * meanwhile, and never replaces the object with it; reading a small file twice
 * costs little (the second read comes from the page cache). Larger files are
 * read once, hashed on the way, and checked against the ETag Swift answers.
 */
export const PREHASH_LIMIT = 64 * 1024 ** 2;
const MAX_CONCURRENCY = 16;

export async function uploadFile(session: StorageSession, region: string, opts: UploadOptions): Promise<UploadResult> {
  try {
    return await uploadChecked(session, region, opts);
  } catch (err) {
    // Swift's 413 only says "Upload exceeds quota."; the person needs to know whose quota, and how large.
    if (!isQuotaRefusal(err)) throw err;
    throw await quotaRefusalError(session, region, opts.container, err, `Uploading "${opts.name}"`, opts.signal);
  }
}

async function uploadChecked(session: StorageSession, region: string, opts: UploadOptions): Promise<UploadResult> {
  const { name, signal } = opts;
  const limits = await getLimits(session, region, signal);
  assertNoProblems(objectNameProblems(name, limits), `Cannot upload "${name}"`);
  assertNoProblems(metadataProblems(opts.metadata ?? {}, limits), `Cannot upload "${name}"`);
  // One descriptor for the whole upload, checked to be a regular file (a named pipe would hang
  // the reads); every part, retry and segment reads its bytes from it, at their own positions.
  const file = await LocalFile.open(opts.filePath);
  try {
    // Read before the PUT: once the new object is in place, the old manifest is gone.
    const replaced = opts.replaces ? await ownedSegments(session, region, opts.container, name, signal) : undefined;
    const size = file.size;
    const plan = planUpload(size, limits, { threshold: opts.threshold, segmentSize: opts.segmentSize });
    const headers = {
      'content-type': chooseContentType(opts.contentType, name, opts.filePath),
      ...metadataHeaders('X-Object-Meta-', opts.metadata ?? {}),
      ...(opts.deleteAt ? { 'x-delete-at': String(opts.deleteAt) } : {}),
    };
    const progress = new ProgressThrottle(opts.onProgress, size);
    if (plan.kind === 'single') {
      const etag = await putSingle(session, region, { ...opts, file, size, headers, progress });
      if (replaced) await deleteSegments(session, region, replaced);
      progress.finish(size);
      return { etag, bytes: size, segments: 0 };
    }
    const ctx = {
      ...opts,
      file,
      size,
      headers,
      progress,
      limits,
      segmentSize: plan.segmentSize,
      count: plan.segmentCount,
    };
    const etag = await putLargeObject(session, region, ctx);
    // The new segments carry this upload's own timestamp, so none of them is among the old ones.
    if (replaced) await deleteSegments(session, region, replaced);
    progress.finish(size);
    return { etag, bytes: size, segments: plan.segmentCount };
  } finally {
    await file.close();
  }
}

async function md5OfRange(file: LocalFile, start: number, length: number, signal?: AbortSignal): Promise<string> {
  const hash = createHash('md5');
  if (length > 0) await pipelineAsync(file.stream(start, start + length - 1), hash, { signal });
  return hash.digest('hex');
}

interface PartRequest {
  path: string;
  file: LocalFile;
  start: number;
  length: number;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
  /** Bytes of this part read so far by the request (restarts at 0 if the request is sent again). */
  onBytes: (loaded: number) => void;
}

interface PartResult {
  res: HttpResponse;
  /** MD5 of the bytes actually sent in the attempt that got this answer. */
  md5: string;
  sent: number;
}

/**
 * PUTs a byte range of the file, streamed from disk. The body is a factory, so
 * a retry or a re-authentication opens the file again; each opening gets its
 * own meter, and the answer is checked against the last one.
 */
async function putPart(session: StorageSession, region: string, part: PartRequest): Promise<PartResult> {
  let meter: MeteringStream | undefined;
  const open = () => {
    meter = new MeteringStream(part.onBytes);
    part.onBytes(0);
    const bytes = part.file.stream(part.start, part.start + part.length - 1);
    // pipeline, not pipe: a read error must fail the request instead of leaving it waiting.
    return pipeline(bytes, meter, () => {});
  };
  let res: HttpResponse;
  try {
    res = await session.request(region, {
      method: 'PUT',
      path: part.path,
      headers: { ...part.headers, 'content-length': String(part.length) },
      body: part.length > 0 ? open : '',
      signal: part.signal,
    });
  } catch (err) {
    throw fileChangedError(err) ?? err;
  }
  if (part.length === 0) return { res, md5: createHash('md5').digest('hex'), sent: 0 };
  return { res, md5: meter?.md5() ?? '', sent: meter?.loaded ?? 0 };
}

/** undici refuses to send fewer or more bytes than Content-Length: the file was changed under us. */
function fileChangedError(err: unknown): StorageError | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ('code' in e && e.code === 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH') {
      return new StorageError('conflict', 'The file changed while it was being uploaded. Try again.', { cause: err });
    }
  }
  return undefined;
}

interface SingleContext extends UploadOptions {
  file: LocalFile;
  size: number;
  headers: Record<string, string>;
  progress: ProgressThrottle;
}

async function putSingle(session: StorageSession, region: string, ctx: SingleContext): Promise<string> {
  const what = `Uploading "${ctx.name}"`;
  const expected =
    ctx.size < PREHASH_LIMIT
      ? await md5OfRange(ctx.file, 0, ctx.size, ctx.signal).catch(rethrowAbort(ctx.signal))
      : undefined;
  const path = objectPath(ctx.container, ctx.name);
  const { res, md5, sent } = await putPart(session, region, {
    path,
    file: ctx.file,
    start: 0,
    length: ctx.size,
    headers: { ...ctx.headers, ...(expected ? { etag: expected } : {}) },
    signal: ctx.signal,
    onBytes: (loaded) => ctx.progress.update(loaded),
  });
  if (!isSuccess(res)) throw partError(res, what, ctx.container);
  const etag = bareEtag(res.headers.get('etag'));
  if (etag !== md5 || sent !== ctx.size) {
    // Without an ETag up front Swift stored whatever arrived; take it away rather than leave a damaged copy.
    await session.request(region, { method: 'DELETE', path }).catch(() => undefined);
    throw integrityError(what, res);
  }
  return etag;
}

const rethrowAbort =
  (signal: AbortSignal | undefined) =>
  (err: unknown): never => {
    if (signal?.aborted) throw cancelledError();
    throw new StorageError('invalid_input', `The file could not be read: ${(err as Error).message}`, { cause: err });
  };

interface LargeContext extends SingleContext {
  limits: ServiceLimits;
  segmentSize: number;
  count: number;
}

interface UploadedSegment {
  path: string;
  etag: string;
  size_bytes: number;
}

/**
 * A static large object: segments first (in parallel, each checked by MD5),
 * then the manifest, so the object appears under its name only once every
 * byte is in place. Any failure or cancel removes the segments sent so far.
 */
async function putLargeObject(session: StorageSession, region: string, ctx: LargeContext): Promise<string> {
  const { container, name, size, segmentSize, count } = ctx;
  const what = `Uploading "${name}"`;
  const segContainer = segmentContainerFor(container);
  assertNoProblems(containerNameProblems(segContainer, ctx.limits), `Cannot upload "${name}" in segments`);
  const stamp = (Date.now() / 1000).toFixed(6);
  const segName = (i: number) => segmentName(name, stamp, size, segmentSize, i);
  assertNoProblems(objectNameProblems(segName(count - 1), ctx.limits), `Cannot upload "${name}" in segments`);
  await ensureSegmentContainer(session, region, container, segContainer, ctx.signal);

  // One controller for the batch: the first failure stops the other segments.
  const batch = new AbortController();
  const onAbort = () => batch.abort();
  ctx.signal?.addEventListener('abort', onAbort, { once: true });
  if (ctx.signal?.aborted) batch.abort();
  const started: number[] = [];
  const done: (UploadedSegment | undefined)[] = new Array<UploadedSegment | undefined>(count);
  const loaded = new Array<number>(count).fill(0);
  let total = 0;
  let failure: unknown;
  let next = 0;

  const worker = async (): Promise<void> => {
    while (failure === undefined && !batch.signal.aborted && next < count) {
      const index = next++;
      started.push(index);
      const { start, length } = segmentRange(size, segmentSize, index);
      try {
        const { res, md5, sent } = await putPart(session, region, {
          path: objectPath(segContainer, segName(index)),
          file: ctx.file,
          start,
          length,
          headers: { 'content-type': 'application/octet-stream' },
          signal: batch.signal,
          onBytes: (n) => {
            total += n - (loaded[index] ?? 0);
            loaded[index] = n;
            ctx.progress.update(total);
          },
        });
        if (!isSuccess(res)) throw partError(res, `${what} (segment ${index + 1} of ${count})`, segContainer);
        if (bareEtag(res.headers.get('etag')) !== md5 || sent !== length) throw integrityError(what, res);
        done[index] = { path: `/${segContainer}/${segName(index)}`, etag: md5, size_bytes: length };
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
  const deleteSegments = () => deleteAll(session, region, segContainer, started.map(segName));
  if (failure !== undefined || ctx.signal?.aborted) {
    await deleteSegments();
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
    await deleteSegments();
    throw err;
  }
  if (!isSuccess(res)) {
    await deleteSegments();
    throw res.status === 422 ? integrityError(what, res) : errorFromResponse(res, `${what} (writing the manifest)`);
  }
  return bareEtag(res.headers.get('etag')) || expected;
}

async function manifestLanded(session: StorageSession, region: string, path: string, etag: string): Promise<boolean> {
  try {
    const head = await session.request(region, { method: 'HEAD', path });
    return isSuccess(head) && head.headers.has('x-static-large-object') && bareEtag(head.headers.get('etag')) === etag;
  } catch {
    return false;
  }
}
