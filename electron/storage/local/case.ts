// Whether a folder's file system tells `a` from `A`: asked of the folder itself, since one computer can
// mount both kinds (a case-insensitive APFS volume beside a case-sensitive one, ext4 with casefold, FAT).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Makes a hidden probe file with a lower-case name and looks it up in upper
 * case; removes it again. Where the folder cannot be written to (no download
 * could be either) the platform's usual disks answer: macOS's and Windows's
 * are case-insensitive.
 */
export async function isCaseInsensitive(dir: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  const name = `.cirrus-case-${randomBytes(6).toString('hex')}`;
  const probe = path.join(dir, name);
  try {
    await (await fs.promises.open(probe, 'wx')).close();
  } catch {
    return platform === 'darwin' || platform === 'win32';
  }
  try {
    return await fs.promises.lstat(path.join(dir, name.toUpperCase())).then(
      () => true,
      () => false,
    );
  } finally {
    await fs.promises.rm(probe, { force: true });
  }
}
