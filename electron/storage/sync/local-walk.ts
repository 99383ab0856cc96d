import fs from 'node:fs';
import path from 'node:path';
import { compareNames } from '../../../shared/region-diff';
import type { Exclusions } from '../../../shared/sync-exclude';
import { cancelledError } from '../cancel';
import { fileError } from '../local';

/** One regular file of the compared folder. */
export interface LocalEntry {
  /** The path inside the folder, `/`-separated. */
  name: string;
  /** The file's real path, inside the folder. */
  filePath: string;
  size: number;
  mtimeMs: number;
}

export interface FolderWalk {
  files: LocalEntry[];
  skipped: { name: string; reason: string }[];
}

/**
 * Every regular file under `root` (a real path), sorted in the order Swift
 * lists names (compareNames) so it can be merged with a listing. Links are
 * never followed, to files or folders, so nothing outside the chosen folder is
 * read; they, and sockets or devices, are listed as skipped. Excluded folders
 * are not entered at all (a node_modules of 100,000 files costs one readdir).
 */
export async function walkFolder(root: string, exclude: Exclusions, signal?: AbortSignal): Promise<FolderWalk> {
  const files: LocalEntry[] = [];
  const skipped: FolderWalk['skipped'] = [];
  const pending: string[] = [''];
  while (pending.length > 0) {
    if (signal?.aborted) throw cancelledError();
    const relative = pending.pop()!;
    const dir = relative === '' ? root : path.join(root, ...relative.split('/'));
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (relative === '') throw fileError(root, err, 'folder');
      skipped.push({ name: `${relative}/`, reason: 'This folder cannot be read.' });
      continue;
    }
    for (const entry of entries) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        // A folder is left out when a pattern leaves out whatever is inside it.
        if (!exclude.excludes(`${name}/x`)) pending.push(name);
      } else if (exclude.excludes(name)) {
        continue;
      } else if (entry.isFile()) {
        const filePath = path.join(dir, entry.name);
        try {
          const stat = await fs.promises.lstat(filePath);
          if (stat.isFile()) files.push({ name, filePath, size: stat.size, mtimeMs: stat.mtimeMs });
        } catch {
          // Gone between the listing and the look: it is not there to compare.
        }
      } else {
        const what = entry.isSymbolicLink() ? 'a link (links are not followed)' : 'not a regular file';
        skipped.push({ name, reason: `On this computer it is ${what}.` });
      }
    }
  }
  files.sort((a, b) => compareNames(a.name, b.name));
  return { files, skipped };
}
