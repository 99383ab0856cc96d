/**
 * Which downloads would meet a file already there, asked before they start
 * so the person chooses (replace, skip, keep both) instead of a transfer
 * failing: the same local name the download itself would write (local/path.ts).
 */
import fs from 'node:fs/promises';
import { firstFreeName } from '../../../shared/numbered-name';
import { realFolder } from './target';
import { localSegments, resolveInside } from '../local';

const exists = (file: string) =>
  fs.lstat(file).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return false;
      throw err;
    },
  );

export interface TakenName {
  /** The object's name. */
  name: string;
  /** The local file name it would be saved under, and a numbered one that is free ("keep both"). */
  fileName: string;
  freeFileName: string | undefined;
}

/** `fileName`: where under the folder it goes when not its name's last segment (a folder's download keeps its tree). */
export async function takenLocalNames(
  targetDir: string,
  items: readonly { name: string; fileName?: string | undefined }[],
): Promise<TakenName[]> {
  const root = await realFolder(targetDir);
  const taken: TakenName[] = [];
  for (const { name, fileName: wanted } of items) {
    let fileName: string;
    try {
      fileName = localSegments(name, wanted, process.platform, root).join('/');
    } catch {
      continue; // a name this computer cannot hold: skipped, and skippedLocalNames says why
    }
    if (!(await exists(resolveInside(root, [fileName])))) continue;
    const freeFileName = await firstFreeName(fileName, (candidate) => exists(resolveInside(root, [candidate])));
    taken.push({ name, fileName, freeFileName });
  }
  return taken;
}
