import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { cancelledError } from './cancel';
import { completenessError, endedEarly, expectationFor } from './download-check';
import { assertFree, makeFoldersInside, moveIntoPlace, realFolder } from './download-target';
import { StorageError } from './errors';
import { errorFromResponse, transportError, transportReason, type HttpRequest, type HttpResponse } from './http';
import { localSegments, resolveInside, tempNameFor } from './local-path';
import { objectPath } from './paths';
import { statusAndId } from './response-parts';
import type { StorageSession } from './session';
import { MeteringStream, ProgressThrottle, SegmentCheckStream, type ProgressListener } from './transfer-stream';

export { verification, type Verification } from './download-check';

export interface DownloadOptions {
  container: string;
  name: string;
  /** An existing folder; nothing is ever written outside it. */
  targetDir: string;
  /**
   * Where to save, relative to `targetDir`; `/` makes sub-folders. Default:
   * the last segment of the object name (see local-path.ts for the rule).
   */
  fileName?: string;
  onProgress?: ProgressListener;
  signal?: AbortSignal;
  /** Replace an existing file of that name (else: a `conflict` error, so the UI can ask). */
  overwrite?: boolean;
  /**
   * An older version (`?version-id`). The length and segment checks read the
   * current object and compare ETags, so they only apply when they match.
   */
  versionId?: string | undefined;
  /** Other waits than http.ts's defaults for the object's GET (tests use short ones). */
  timeouts?: HttpRequest['timeouts'];
}

export interface DownloadResult {
  filePath: string;
  bytes: number;
}

/**
 * Streams an object into a hidden temporary file beside its final place,
 * checks it (its length, known before the first byte is written, see
 * download-check.ts; the MD5 where the ETag is one; a large object's
 * segments one by one), syncs it to disk and only then renames it: the final
 * name never holds a partial or damaged file, and a failed download leaves
 * no temporary file either.
 */
export async function downloadObject(
  session: StorageSession,
  region: string,
  opts: DownloadOptions,
): Promise<DownloadResult> {
  const { container, name, signal } = opts;
  const root = await realFolder(opts.targetDir);
  const segments = localSegments(name, opts.fileName);
  const finalPath = resolveInside(root, segments);
  await assertFree(finalPath, opts.overwrite === true);

  const url = `${session.region(region).endpoint}/${objectPath(container, name)}`;
  const res = await session.request(region, {
    method: 'GET',
    path: objectPath(container, name),
    ...(opts.versionId ? { query: { 'version-id': opts.versionId } } : {}),
    signal,
    stream: true,
    ...(opts.timeouts ? { timeouts: opts.timeouts } : {}),
  });
  if (!res.body) throw downloadError(res, container, name);

  let tempPath: string | undefined;
  try {
    const expected = await expectationFor(session, region, { container, name }, res, signal);
    const progress = new ProgressThrottle(opts.onProgress, expected.length);
    const dir = await makeFoldersInside(root, segments.slice(0, -1), signal);
    // From here on, the folder's real path: a symlink swapped in meanwhile cannot redirect the rename.
    const savePath = path.join(dir, path.basename(finalPath));
    tempPath = path.join(dir, tempNameFor(path.basename(finalPath)));
    const meter = new MeteringStream((loaded) => progress.update(loaded));
    const segmentCheck = new SegmentCheckStream(expected.pieces ?? [], (index) => {
      const parts = expected.pieces?.length ?? 0;
      return new StorageError(
        'server',
        `The download of "${name}" arrived damaged (part ${index + 1} of ${parts} does not match its checksum); nothing was saved.`,
      );
    });
    // 'wx': never write through something already there; flush: fsync before close,
    // so the rename below publishes data that is on disk, not just in the cache.
    const file = fs.createWriteStream(tempPath, { flags: 'wx', flush: true });
    try {
      await pipeline(res.body, meter, segmentCheck, file, { signal });
    } catch (err) {
      throw signal?.aborted ? cancelledError() : streamError(err, url, signal, name, meter.loaded, expected.length);
    }
    const incomplete = completenessError(name, meter.loaded, expected);
    if (incomplete) throw incomplete;
    if (expected.md5 !== undefined && meter.md5() !== expected.md5) {
      throw new StorageError(
        'server',
        `The download of "${name}" arrived damaged (checksum mismatch); nothing was saved.`,
      );
    }
    if (signal?.aborted) throw cancelledError();
    await moveIntoPlace(tempPath, savePath, opts.overwrite === true);
    progress.finish(meter.loaded);
    return { filePath: savePath, bytes: meter.loaded };
  } catch (err) {
    await discard(res.body);
    if (tempPath) await fs.promises.rm(tempPath, { force: true }).catch(() => undefined);
    throw err;
  }
}

/** Releases the connection of a body we will not read (a no-op once the pipeline has taken it). */
async function discard(body: AsyncIterable<Uint8Array>): Promise<void> {
  try {
    await body[Symbol.asyncIterator]().return?.();
  } catch {
    // Already read, or already cancelled.
  }
}

function downloadError(res: HttpResponse, container: string, name: string): StorageError {
  if (res.status === 404) {
    return new StorageError('not_found', `The object "${name}" does not exist in "${container}".`, statusAndId(res));
  }
  return errorFromResponse(res, `Downloading "${name}"`);
}

/**
 * A failure while streaming: our own checks (already StorageErrors), the disk
 * side, or the network side, which, when the length is known, says how far it got.
 */
function streamError(
  err: unknown,
  url: string,
  signal: AbortSignal | undefined,
  name: string,
  loaded: number,
  length: number | undefined,
): StorageError {
  if (err instanceof StorageError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC') return new StorageError('limit_exceeded', 'The disk is full.', { cause: err });
  if (code === 'EACCES' || code === 'EPERM')
    return new StorageError('forbidden', 'Cirrus may not write to that folder.', { cause: err });
  if (code === 'EIO' || code === 'EROFS')
    return new StorageError('unexpected', `Writing the file failed (${code}).`, { cause: err });
  const transport = transportError(err, url, signal);
  if (length === undefined || (transport.code !== 'network' && transport.code !== 'timeout')) return transport;
  const early = endedEarly(name, loaded, length, transportReason(err), transport.code);
  return new StorageError(early.code, early.message, { cause: err });
}
