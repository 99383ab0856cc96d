import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StorageError } from './errors';
import { errorFromResponse, transportError, type HttpResponse } from './http';
import { localSegments, resolveInside, tempNameFor } from './local-path';
import { objectPath } from './paths';
import type { StorageSession } from './session';
import { bareEtag, MeteringStream, ProgressThrottle, type ProgressListener } from './transfer-stream';

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
}

export interface DownloadResult {
  filePath: string;
  bytes: number;
}

/**
 * Streams an object into a hidden temporary file beside its final place,
 * checks it (length, and MD5 where the ETag is one), syncs it to disk and only
 * then renames it: the final name never holds a partial or damaged file.
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
  const res = await session.request(region, { method: 'GET', path: objectPath(container, name), signal, stream: true });
  if (!res.body) throw downloadError(res, container, name);

  const check = verification(res);
  const progress = new ProgressThrottle(opts.onProgress, check.length);
  let tempPath: string | undefined;
  try {
    const dir = await makeFoldersInside(root, segments.slice(0, -1), signal);
    // From here on, the folder's real path: a symlink swapped in meanwhile cannot redirect the rename.
    const savePath = path.join(dir, path.basename(finalPath));
    tempPath = path.join(dir, tempNameFor(path.basename(finalPath)));
    const meter = new MeteringStream((loaded) => progress.update(loaded));
    // 'wx': never write through something already there; flush: fsync before close,
    // so the rename below publishes data that is on disk, not just in the cache.
    const file = fs.createWriteStream(tempPath, { flags: 'wx', flush: true });
    try {
      await pipeline(res.body, meter, file, { signal });
    } catch (err) {
      throw signal?.aborted
        ? new StorageError('cancelled', 'The operation was cancelled.')
        : streamError(err, url, signal);
    }
    if (check.length !== undefined && meter.loaded !== check.length) {
      throw new StorageError(
        'network',
        `The download of "${name}" ended early (${meter.loaded} of ${check.length} bytes).`,
      );
    }
    if (check.md5 !== undefined && meter.md5() !== check.md5) {
      throw new StorageError(
        'server',
        `The download of "${name}" arrived damaged (checksum mismatch); nothing was saved.`,
      );
    }
    if (signal?.aborted) throw new StorageError('cancelled', 'The operation was cancelled.');
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

interface Verification {
  /** Bytes to expect, when Content-Length says so. */
  length: number | undefined;
  /** MD5 to expect, when the ETag is the content's MD5. */
  md5: string | undefined;
}

/**
 * What the answer lets us check. The ETag of a large object (static: quoted,
 * an MD5 of MD5s; dynamic: whatever the manifest had) is not its content's
 * MD5, nor is a range's. The bytes are saved as stored: a Content-Encoding
 * (gzip, …) is not undone, so the stored length and MD5 still apply.
 */
export function verification(res: Pick<HttpResponse, 'status' | 'headers'>): Verification {
  const h = res.headers;
  const lengthHeader = h.get('content-length');
  const length = lengthHeader !== null && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  const raw = (h.get('etag') ?? '').trim();
  const largeObject = h.has('x-static-large-object') || h.has('x-object-manifest');
  const plainMd5 = /^[0-9a-f]{32}$/i.test(raw);
  const md5 = res.status === 200 && !largeObject && plainMd5 ? bareEtag(raw).toLowerCase() : undefined;
  return { length, md5 };
}

function downloadError(res: HttpResponse, container: string, name: string): StorageError {
  if (res.status === 404) {
    return new StorageError('not_found', `The object "${name}" does not exist in "${container}".`, {
      status: 404,
      ...(res.requestId ? { requestId: res.requestId } : {}),
    });
  }
  return errorFromResponse(res, `Downloading "${name}"`);
}

/** A failure while streaming: the network side (a StorageError from fetch) or the disk side. */
function streamError(err: unknown, url: string, signal: AbortSignal | undefined): StorageError {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC') return new StorageError('limit_exceeded', 'The disk is full.', { cause: err });
  if (code === 'EACCES' || code === 'EPERM')
    return new StorageError('forbidden', 'Cirrus may not write to that folder.', { cause: err });
  if (code === 'EIO' || code === 'EROFS')
    return new StorageError('unexpected', `Writing the file failed (${code}).`, { cause: err });
  return transportError(err, url, signal);
}

function localError(err: unknown, what: string): StorageError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return new StorageError('not_found', `${what}: the folder does not exist.`, { cause: err });
  if (code === 'EACCES' || code === 'EPERM')
    return new StorageError('forbidden', `${what}: permission denied.`, { cause: err });
  if (code === 'ENOSPC') return new StorageError('limit_exceeded', `${what}: the disk is full.`, { cause: err });
  return new StorageError('unexpected', `${what} failed (${code ?? 'error'}).`, { cause: err });
}

/** The target folder with every symlink resolved: the yardstick for "inside". */
async function realFolder(targetDir: string): Promise<string> {
  let real: string;
  try {
    real = await fs.promises.realpath(targetDir);
  } catch (err) {
    throw localError(err, `Saving into "${targetDir}"`);
  }
  if (!(await fs.promises.stat(real)).isDirectory())
    throw new StorageError('invalid_input', `"${targetDir}" is not a folder.`);
  return real;
}

/** Fails with `conflict` if something is already at `finalPath` and may not be replaced (a folder never may). */
async function assertFree(finalPath: string, overwrite: boolean): Promise<void> {
  const existing = await fs.promises.lstat(finalPath).catch(() => undefined);
  if (!existing) return;
  if (existing.isDirectory())
    throw new StorageError('conflict', `A folder named "${path.basename(finalPath)}" is already there.`);
  if (!overwrite) throw new StorageError('conflict', `"${path.basename(finalPath)}" already exists in that folder.`);
}

/**
 * Creates the sub-folders one level at a time, checking after each step that
 * its real path is still inside `root`: a symlink planted in the target folder
 * (`photos -> /etc`) must neither be written through nor let mkdir create
 * folders outside. Returns the real path of the innermost folder.
 */
async function makeFoldersInside(root: string, folders: string[], signal: AbortSignal | undefined): Promise<string> {
  let dir = root;
  for (const folder of folders) {
    if (signal?.aborted) throw new StorageError('cancelled', 'The operation was cancelled.');
    const next = path.join(dir, folder);
    try {
      await fs.promises.mkdir(next);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw localError(err, `Creating the folder "${folder}"`);
    }
    const real = await fs.promises.realpath(next).catch((err: unknown) => {
      throw localError(err, `Creating the folder "${folder}"`);
    });
    resolveInside(root, [path.relative(root, real)]);
    if (!(await fs.promises.stat(real)).isDirectory()) {
      throw new StorageError('conflict', `"${folder}" already exists and is not a folder.`);
    }
    dir = real;
  }
  return dir;
}

/**
 * Without `overwrite`, link() then unlink() claims the name atomically
 * (EEXIST if a file appeared meanwhile) where rename() would silently replace
 * it; file systems without hard links fall back to check-then-rename.
 */
async function moveIntoPlace(tempPath: string, finalPath: string, overwrite: boolean): Promise<void> {
  const what = `Saving "${path.basename(finalPath)}"`;
  if (!overwrite) {
    let linked = false;
    try {
      await fs.promises.link(tempPath, finalPath);
      linked = true;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST')
        throw new StorageError('conflict', `"${path.basename(finalPath)}" already exists in that folder.`);
      if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'ENOSYS', 'EMLINK'].includes(code ?? ''))
        throw localError(err, what);
    }
    if (linked) {
      await fs.promises.unlink(tempPath).catch(() => undefined);
      return;
    }
    await assertFree(finalPath, false);
  }
  try {
    await fs.promises.rename(tempPath, finalPath);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EISDIR' || code === 'ENOTEMPTY')
      throw new StorageError('conflict', `A folder named "${path.basename(finalPath)}" is already there.`);
    throw localError(err, what);
  }
}
