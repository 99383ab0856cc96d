import fs from 'node:fs';
import path from 'node:path';
import { listObjects } from '../objects';
import type { StorageSession } from '../session';

export interface FolderPlace {
  session: StorageSession;
  region: string;
  container: string;
  /** The compared folder's prefix in the container ("" or ending in "/"). */
  prefix: string;
  /** The chosen folder's real path. */
  root: string;
  signal?: AbortSignal | undefined;
}

/**
 * After a mirror deleted a file on this computer: each folder on its way up,
 * short of the chosen one, goes while it is empty and Swift holds nothing
 * under that name (no object in it, nor a marker as "New folder" makes, shown
 * though empty), so the disk holds what Swift holds. The way up is the real
 * path of the file's folder: rmdir never goes through a link (on Windows it
 * would remove the link itself, wherever it lives). Anything unexpected keeps
 * the folder: a folder left is harmless, and a download into one removed
 * makes it again.
 */
export async function removeEmptiedFolders(place: FolderPlace, dir: string): Promise<void> {
  const { root } = place;
  let at: string;
  try {
    at = await fs.promises.realpath(dir);
  } catch {
    return;
  }
  for (; at.startsWith(root + path.sep); at = path.dirname(at)) {
    try {
      if ((await fs.promises.readdir(at)).length > 0) return;
      const name = path.relative(root, at).split(path.sep).join('/');
      if (await heldInSwift(place, `${place.prefix}${name}/`)) return;
      await fs.promises.rmdir(at);
    } catch {
      return;
    }
  }
}

/** Whether Swift holds anything under `folder` (its marker included): a listing of one name. */
async function heldInSwift(place: FolderPlace, folder: string): Promise<boolean> {
  const { entries } = await listObjects(place.session, place.region, place.container, {
    prefix: folder,
    limit: 1,
    signal: place.signal,
  });
  return entries.length > 0;
}
