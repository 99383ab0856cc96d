// Whether a transfer may read or write its file with synchronous calls on the main thread.
import fs from 'node:fs';

/**
 * Linux's local disk filesystems (statfs f_type): ext2/3/4, XFS, Btrfs, F2FS,
 * ZFS, tmpfs, and overlayfs (containers). A read or write of one of these
 * goes through the page cache and returns in microseconds. Network and FUSE
 * filesystems (NFS, SMB, sshfs), removable media (FAT, exFAT) and every other
 * system are not listed: a call there can hang, and must not hang the main
 * process (the windows' calls wait on it).
 */
const LOCAL_DISKS = new Set([0xef53, 0x58465342, 0x9123683e, 0xf2f52010, 0x2fc12fc1, 0x01021994, 0x794c7630]);

/**
 * True when `path` (a file or folder) is on a local Linux disk, where a
 * transfer's chunks are read and written in place. Why it matters: handing a
 * 64 KiB write to the thread pool and back costs several times the write
 * itself in CPU, CPU that two cores share with the server on the other end
 * (1 GiB download here: ~3.8 s in place, ~5.2 s through the pool, medians of
 * 6 runs each; 1 GiB upload ~4.5 s against ~4.9 s).
 */
export async function onLocalDisk(path: string, platform: NodeJS.Platform = process.platform): Promise<boolean> {
  if (platform !== 'linux') return false;
  try {
    return LOCAL_DISKS.has((await fs.promises.statfs(path)).type);
  } catch {
    return false;
  }
}
