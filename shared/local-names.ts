/**
 * Names Swift can hold that a local disk cannot: an object name is any UTF-8
 * up to 1,024 bytes, a file's path is not. A download that meets one skips it
 * and says why, rather than write it under some other name (a silently
 * shortened name, `a/../b` as `b`, a NUL cut short) that the next download or
 * compare would take for another file.
 *
 * `name` is the path the object would have under the chosen folder, with `/`
 * (or `\`, which the download reads the same way: electron/storage/local/path.ts)
 * between its folders: the object name's last segment for an object picked by
 * itself, its path under the level shown for one inside a picked folder.
 */
import { byteLength } from './utf8';

export type LocalNameReason =
  'nul' | 'folder_marker' | 'dot_segment' | 'name_too_long' | 'path_too_long' | 'case_collision';

export interface LocalNameProblem {
  /** Stable, for code and tests. */
  reason: LocalNameReason;
  /** For the person: why it cannot be saved, as a clause ("its name …"). */
  message: string;
}

/** Bytes one file or folder name can have on ext4, XFS, Btrfs, APFS and NTFS (which counts UTF-16 units, 255). */
export const MAX_NAME_BYTES = 255;
/** Linux's PATH_MAX is 4,096 bytes with the closing NUL. */
export const MAX_PATH_BYTES = 4095;

export interface LocalNameOptions {
  /** Bytes of the chosen folder's own path, which the whole path's length includes. */
  folderBytes?: number;
}

export function localNameProblem(name: string, opts: LocalNameOptions = {}): LocalNameProblem | null {
  if (name.includes('\0')) {
    return { reason: 'nul', message: 'its name holds a NUL character, which no file name can' };
  }
  if (name === '' || /[/\\]$/.test(name)) {
    return {
      reason: 'folder_marker',
      message: 'it is a folder marker (its name ends in "/"), not a file; what is under it is saved in its folder',
    };
  }
  const segments = name.split(/[/\\]/);
  if (segments.some((s) => s === '.' || s === '..')) {
    return {
      reason: 'dot_segment',
      message: 'its name has a "." or ".." part, which on a disk would mean another folder than the one it names',
    };
  }
  const longest = Math.max(...segments.map(byteLength));
  if (longest > MAX_NAME_BYTES) {
    return {
      reason: 'name_too_long',
      message: `a part of its name is ${longest} bytes long; a file or folder name can have at most ${MAX_NAME_BYTES}`,
    };
  }
  const folderBytes = opts.folderBytes ?? 0;
  const pathBytes = folderBytes + (folderBytes > 0 ? 1 : 0) + byteLength(segments.filter((s) => s).join('/'));
  if (pathBytes > MAX_PATH_BYTES) {
    return {
      reason: 'path_too_long',
      message: `its path in the chosen folder would be ${pathBytes} bytes long; a path can have at most ${MAX_PATH_BYTES}`,
    };
  }
  return null;
}

/**
 * The spelling a case-insensitive disk sees (APFS, HFS+, NTFS, FAT; APFS and
 * HFS+ also ignore how accented letters are composed, hence NFC).
 */
const folded = (name: string): string => name.normalize('NFC').toLowerCase();

export const CASE_COLLISION: LocalNameProblem = {
  reason: 'case_collision',
  message: 'another name differs from it only in upper and lower case, and this disk does not tell them apart',
};

/**
 * The names that a case-insensitive disk would take for another of them
 * (`Report.txt` and `report.TXT`): every name of such a group, since keeping
 * one would be a choice nobody made. Names exactly alike are not included:
 * they are the same file on any disk.
 */
export function caseCollisions(names: readonly string[]): Set<string> {
  const groups = new Map<string, Set<string>>();
  for (const name of names) {
    const key = folded(name);
    const group = groups.get(key) ?? new Set<string>();
    group.add(name);
    groups.set(key, group);
  }
  const colliding = new Set<string>();
  for (const group of groups.values()) if (group.size > 1) for (const name of group) colliding.add(name);
  return colliding;
}
