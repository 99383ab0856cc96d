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
import { downloadObject } from './download';

const full = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

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
    const write = fs.writeSync.bind(fs) as (...args: unknown[]) => number;
    let written = 0;
    vi.spyOn(fs, 'writeSync').mockImplementation((...args: unknown[]) => {
      if (written > MiB) throw full();
      const n = write(...args);
      written += n;
      return n;
    });
    await expect(
      downloadObject(session, REGION, { container, name: 'photos/big.bin', targetDir }),
    ).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: '"photos/big.bin" could not be saved: the disk is full.',
    });
    expect(written).toBeGreaterThan(MiB);
    expect(fs.readdirSync(targetDir)).toEqual([]);
  });

  it('keeps the partial file only when asked to, for a resume, and never under the final name', async () => {
    const targetDir = fs.mkdtempSync(path.join(dir, 'target-'));
    vi.spyOn(fs, 'writeSync').mockImplementation(() => {
      throw full();
    });
    await expect(
      downloadObject(session, REGION, { container, name: 'photos/big.bin', targetDir, keepPartial: true }),
    ).rejects.toMatchObject({ code: 'limit_exceeded', message: expect.stringContaining('"photos/big.bin"') as string });
    const left = fs.readdirSync(targetDir);
    expect(left).not.toContain('big.bin');
    expect(left.every((name) => name.startsWith('.big.bin.cirrus-part-'))).toBe(true);
  });
});
