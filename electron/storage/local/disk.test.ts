import fs from 'node:fs';
import os from 'node:os';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onLocalDisk } from './disk';

const statfsType = (type: number) =>
  vi.spyOn(fs.promises, 'statfs').mockResolvedValue({ type } as Awaited<ReturnType<typeof fs.promises.statfs>>);

afterEach(() => vi.restoreAllMocks());

describe('onLocalDisk', () => {
  it('is true on a local Linux disk (ext4, XFS, Btrfs, tmpfs, overlayfs)', async () => {
    for (const type of [0xef53, 0x58465342, 0x9123683e, 0x01021994, 0x794c7630]) {
      statfsType(type);
      expect(await onLocalDisk('/downloads', 'linux')).toBe(true);
    }
  });

  it('is false where a call can hang: NFS, SMB, FUSE (sshfs), FAT, exFAT', async () => {
    for (const type of [0x6969, 0xfe534d42, 0xff534d42, 0x65735546, 0x4d44, 0x2011bab0]) {
      statfsType(type);
      expect(await onLocalDisk('/mnt/share', 'linux')).toBe(false);
    }
  });

  it('is false on macOS and Windows, and when the folder cannot be asked', async () => {
    const statfs = statfsType(0xef53);
    expect(await onLocalDisk(os.tmpdir(), 'darwin')).toBe(false);
    expect(await onLocalDisk(os.tmpdir(), 'win32')).toBe(false);
    expect(statfs).not.toHaveBeenCalled();
    statfs.mockRejectedValue(Object.assign(new Error('gone'), { code: 'ENOENT' }));
    expect(await onLocalDisk('/no/such/folder', 'linux')).toBe(false);
  });
});
