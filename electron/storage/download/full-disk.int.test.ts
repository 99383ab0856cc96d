// A disk that fills up during a download from real Swift: the error names the object, and nothing is left
// under its name (nor, unless a resume asked to keep it, its temporary file). The disk is played by the
// write call (this machine's temporary folder is a local disk, written in place: download/temp.ts), as a
// real full file system needs root to make.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  containerName,
  directPath,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  tempDir,
} from '../../../testing/electron/transfers-testkit';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import type { StorageSession } from '../session';
import { downloadObject, type PartialDownload } from './download';

/** Writes go through until more than `room` bytes are written; then each fails as on a full disk. */
function fullAfter(room: number): { written: number } {
  const write = fs.writeSync.bind(fs) as (...args: unknown[]) => number;
  const disk = { written: 0 };
  vi.spyOn(fs, 'writeSync').mockImplementation((...args: unknown[]) => {
    if (disk.written > room)
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const n = write(...args);
    disk.written += n;
    return n;
  });
  return disk;
}

describe('a download onto a disk that fills up', () => {
  let session: StorageSession;
  let dir: string;
  const container = containerName('full');

  beforeAll(async () => {
    session = await openSession();
    dir = tempDir('full');
    await putContainer(container);
    const res = await swiftRequest(REGION, 'PUT', directPath(container, 'photos/big.bin'), {
      body: Buffer.alloc(3 * MiB, 5),
    });
    expect(res.status).toBe(201);
  });

  afterEach(() => vi.restoreAllMocks());

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails naming the object once a write finds no room, leaving nothing in the folder', async () => {
    const targetDir = fs.mkdtempSync(path.join(dir, 'target-'));
    const disk = fullAfter(MiB);
    await expect(
      downloadObject(session, REGION, { container, name: 'photos/big.bin', targetDir }),
    ).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: '"photos/big.bin" could not be saved: the disk is full.',
    });
    expect(disk.written).toBeGreaterThan(MiB);
    expect(fs.readdirSync(targetDir)).toEqual([]);
  });

  it('keeps the partial file only when asked to, for a resume, and never under the final name', async () => {
    const targetDir = fs.mkdtempSync(path.join(dir, 'target-'));
    const disk = fullAfter(MiB);
    let kept: PartialDownload | undefined;
    const keepPartial = (partial: PartialDownload) => void (kept = partial);
    await expect(
      downloadObject(session, REGION, { container, name: 'photos/big.bin', targetDir, keepPartial }),
    ).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: '"photos/big.bin" could not be saved: the disk is full.',
    });
    expect(kept?.bytes).toBe(disk.written);
    expect(fs.readdirSync(targetDir)).toEqual([path.basename(kept?.tempPath ?? '')]);
  });
});
