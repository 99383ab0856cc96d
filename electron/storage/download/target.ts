// Where a download may be written: the target folder's real path, folders
// made one level at a time inside it, and the final rename that never
// replaces what it must not.
import fs from 'node:fs';
import path from 'node:path';
import { cancelledError } from '../cancel';
import { StorageError } from '../errors';
import { resolveInside } from '../local';

export function localError(err: unknown, what: string): StorageError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR')
    return new StorageError('not_found', `${what}: the folder does not exist.`, { cause: err });
  if (code === 'EACCES' || code === 'EPERM')
    return new StorageError('forbidden', `${what}: permission denied.`, { cause: err });
  if (code === 'ENOSPC') return new StorageError('limit_exceeded', `${what}: the disk is full.`, { cause: err });
  if (code === 'EDQUOT')
    return new StorageError('limit_exceeded', `${what}: your disk quota is used up.`, { cause: err });
  return new StorageError('unexpected', `${what} failed (${code ?? 'error'}).`, { cause: err });
}

/** The target folder with every symlink resolved: the yardstick for "inside". */
export async function realFolder(targetDir: string): Promise<string> {
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
export async function assertFree(finalPath: string, overwrite: boolean): Promise<void> {
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
export async function makeFoldersInside(
  root: string,
  folders: string[],
  signal: AbortSignal | undefined,
): Promise<string> {
  let dir = root;
  for (const folder of folders) {
    if (signal?.aborted) throw cancelledError();
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
export async function moveIntoPlace(tempPath: string, finalPath: string, overwrite: boolean): Promise<void> {
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
