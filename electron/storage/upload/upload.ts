import type { BigIntStats } from 'node:fs';
import { MTIME_KEY, swiftMtime } from '../../../shared/mtime';
import { objectNameProblems, metadataProblems } from '../../../shared/validation';
import { cancelledError } from '../cancel';
import { chooseContentType } from './content-type';
import { StorageError } from '../errors';
import { metadataHeaders } from '../headers';
import { isSuccess } from '../http';
import { getLimits } from '../info';
import { LocalFile, md5OfRange } from '../local';
import { objectPath } from '../paths';
import { isQuotaRefusal, quotaRefusalError } from '../quotas';
import { bareEtag } from '../response-parts';
import { planUpload, type UploadPlan, deleteSegments, ownedSegments } from '../segments';
import type { StorageSession } from '../session';
import type { Pace } from '../bandwidth';
import { ProgressThrottle, type ProgressListener } from '../transfer-stream';
import { assertNoProblems } from '../validate';
import { fileChangedError, integrityError, partError } from './errors';
import { putPart } from './part';
import { putLargeObject, type ResumableUpload } from './slo';

export type { ResumableUpload } from './slo';

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
  /** The uploads' bandwidth limit (storage/bandwidth.ts: `bandwidth.upload.take`); none: as fast as it goes. */
  pace?: Pace | undefined;
  /**
   * The person chose to replace an object of that name: segments the old one
   * owned (segments/replaced.ts) are deleted once the new one is in place.
   */
  replaces?: boolean | undefined;
  /**
   * A segmented upload that keeps its segments when it fails or stops, and
   * (given an earlier run's layout) sends only the ones Swift lacks.
   */
  resumable?: ResumableUpload | undefined;
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
  // One descriptor for the whole upload, checked to be a regular file (a named pipe would hang
  // the reads); every part, retry and segment reads its bytes from it, at their own positions.
  const file = await LocalFile.open(opts.filePath);
  try {
    const opened = await file.handle.stat({ bigint: true });
    const unchanged = () => assertUnchanged(file, opened, name);
    const metadata = withFileMtime(opts.metadata ?? {}, opened.mtimeNs);
    assertNoProblems(metadataProblems(metadata, limits), `Cannot upload "${name}"`);
    // Read before the PUT: once the new object is in place, the old manifest is gone.
    const replaced = opts.replaces ? await ownedSegments(session, region, opts.container, name, signal) : undefined;
    const size = file.size;
    const plan =
      resumedPlan(opts, size) ?? planUpload(size, limits, { threshold: opts.threshold, segmentSize: opts.segmentSize });
    const headers = {
      'content-type': chooseContentType(opts.contentType, name, opts.filePath),
      ...metadataHeaders('X-Object-Meta-', metadata),
      ...(opts.deleteAt ? { 'x-delete-at': String(opts.deleteAt) } : {}),
    };
    const progress = new ProgressThrottle(opts.onProgress, size);
    if (plan.kind === 'single') {
      const etag = await putSingle(session, region, { ...opts, file, size, headers, progress, unchanged });
      if (replaced) await deleteSegments(session, region, replaced);
      progress.finish(size);
      return { etag, bytes: size, segments: 0 };
    }
    const etag = await putLargeObject(session, region, {
      ...opts,
      file,
      size,
      headers,
      progress,
      limits,
      segmentSize: plan.segmentSize,
      count: plan.segmentCount,
      unchanged,
    });
    // The new segments carry this upload's own timestamp, so none of them is among the old ones.
    if (replaced) await deleteSegments(session, region, replaced);
    progress.finish(size);
    return { etag, bytes: size, segments: plan.segmentCount };
  } finally {
    await file.close();
  }
}

/**
 * The metadata with the file's modification time as the swift CLI writes it
 * (shared/mtime.ts), on a single object and a large object's manifest alike.
 * The file's own time replaces any `mtime` given (whatever its case): the key
 * must date the bytes sent, and an edit in place carries the object's old
 * metadata, whose time is the previous content's. The swift CLI lets `-H`
 * override it; nothing in Cirrus sets it by hand.
 */
function withFileMtime(metadata: Record<string, string>, mtimeNs: bigint): Record<string, string> {
  const kept = Object.entries(metadata).filter(([key]) => key.toLowerCase() !== MTIME_KEY);
  return { ...Object.fromEntries(kept), [MTIME_KEY]: swiftMtime(mtimeNs) };
}

/** A resumed upload goes on in its first run's segments, whatever the settings say now. */
function resumedPlan(opts: UploadOptions, size: number): UploadPlan | undefined {
  const layout = opts.resumable?.layout;
  if (!layout) return undefined;
  if (layout.fileSize !== size) {
    throw new StorageError(
      'conflict',
      `"${opts.filePath}" is now ${size} bytes; it was ${layout.fileSize} when the upload began. ` +
        'Discard this upload and start it again.',
    );
  }
  return { kind: 'slo', segmentSize: layout.segmentSize, segmentCount: layout.count };
}

interface SingleContext extends UploadOptions {
  file: LocalFile;
  size: number;
  headers: Record<string, string>;
  progress: ProgressThrottle;
  /** Throws when the file changed since it was opened. */
  unchanged: () => Promise<void>;
}

/**
 * Another program wrote to the file while it was read: its size or time is no
 * longer what it was when it was opened. Each part's MD5 matched what was
 * sent, yet what was sent is no one version of the file.
 */
async function assertUnchanged(file: LocalFile, opened: BigIntStats, name: string): Promise<void> {
  const now = await file.handle.stat({ bigint: true });
  if (now.size !== opened.size || now.mtimeNs !== opened.mtimeNs) throw fileChangedError(file.path, name);
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
    name: ctx.name,
    file: ctx.file,
    start: 0,
    length: ctx.size,
    headers: { ...ctx.headers, ...(expected ? { etag: expected } : {}) },
    signal: ctx.signal,
    onBytes: (loaded) => ctx.progress.update(loaded),
    pace: ctx.pace,
  });
  // Swift refused (422) bytes other than the ones hashed first: what changed is the file, not the network.
  if (res.status === 422 && expected !== undefined && md5 !== expected) throw fileChangedError(ctx.filePath, ctx.name);
  if (!isSuccess(res)) throw partError(res, what, ctx.container);
  const etag = bareEtag(res.headers.get('etag'));
  // Without an ETag up front Swift stored whatever arrived; take it away rather than leave a damaged copy.
  const remove = () => session.request(region, { method: 'DELETE', path }).catch(() => undefined);
  if (etag !== md5 || sent !== ctx.size) {
    await remove();
    throw integrityError(what, res);
  }
  try {
    await ctx.unchanged();
  } catch (err) {
    await remove();
    throw err;
  }
  return etag;
}

const rethrowAbort =
  (signal: AbortSignal | undefined) =>
  (err: unknown): never => {
    if (signal?.aborted) throw cancelledError();
    throw new StorageError('invalid_input', `The file could not be read: ${(err as Error).message}`, { cause: err });
  };
