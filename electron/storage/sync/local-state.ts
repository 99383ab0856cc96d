import fs from 'node:fs';
import path from 'node:path';

export type LocalState = { kind: 'missing' } | { kind: 'file'; bytes: number; mtime: number } | { kind: 'other' };

/**
 * What is at `filePath` (inside the chosen folder `root`, a real path) now,
 * without following a link: a link, or a folder on the way that is a link out
 * of the folder, is "other", so a sync never reads or writes through one.
 */
export async function localState(root: string, filePath: string): Promise<LocalState> {
  let stat: fs.Stats;
  try {
    stat = await fs.promises.lstat(filePath);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') {
      return { kind: 'missing' };
    }
    throw err;
  }
  if (!stat.isFile()) return { kind: 'other' };
  const parent = await fs.promises.realpath(path.dirname(filePath));
  if (parent !== root && !parent.startsWith(root + path.sep)) return { kind: 'other' };
  return { kind: 'file', bytes: stat.size, mtime: stat.mtimeMs / 1000 };
}
