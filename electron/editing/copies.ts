/**
 * Where the copies being edited live: `<userData>/editing/<id>/<the object's last name segment>`, one
 * private folder per edit, so two objects named `notes.txt` never share a file and removing an edit
 * removes exactly its own folder. The id is random and the file name is cleaned by the download room
 * (local/path.ts); nothing of the path comes from the page.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppError } from '../../shared/errors';
import { toAppError } from '../storage/errors';

export const editingRoot = (userDataDir: string): string => path.join(userDataDir, 'editing');

export interface CopyFolder {
  id: string;
  dir: string;
}

/** A new, empty folder only this user can read, for one edit. */
export async function newCopyFolder(userDataDir: string): Promise<CopyFolder> {
  const id = randomBytes(8).toString('hex');
  const dir = path.join(editingRoot(userDataDir), id);
  await fs.mkdir(editingRoot(userDataDir), { recursive: true, mode: 0o700 });
  await fs.mkdir(dir, { mode: 0o700 });
  return { id, dir };
}

/** Removes an edit's folder and whatever the editor left in it (swap files, backups). */
export async function removeCopyFolder(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true });
}

/** The same at once, for the app's last moment (quitting), when nothing asynchronous is waited for. */
export function removeCopyFolderNow(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * An error about an edit as the page may see it: the page never learns where the copy lives, so a
 * message that names a path in the edit's folder names the file alone.
 */
export function errorWithoutPath(err: unknown, dir: string): AppError {
  const error = toAppError(err);
  return { ...error, message: error.message.split(`${dir}${path.sep}`).join('') };
}

/**
 * Removes what an earlier run of the app left in the editing folder (it crashed, or was killed,
 * while editing): no one can reach those copies through the app any more. One app runs per data
 * folder, so every folder but `keep` (this run's edits) is such a leftover.
 */
export async function removeLeftoverFolders(userDataDir: string, keep: ReadonlySet<string>): Promise<void> {
  const root = editingRoot(userDataDir);
  const entries = await fs.readdir(root).catch(() => [] as string[]);
  await Promise.all(entries.filter((id) => !keep.has(id)).map((id) => removeCopyFolder(path.join(root, id))));
}
