import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TempFile } from './temp';

const MiB = 1024 * 1024;
let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-temp-file-'));
});
afterEach(() => {
  vi.restoreAllMocks();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `mib` MiB of 1 MiB chunks, each filled with its index. */
const chunks = (mib: number) => Readable.from(Array.from({ length: mib }, (_, i) => Buffer.alloc(MiB, i)));

describe('TempFile', () => {
  it('flushes to disk in the background as it writes, and its length is right once closed', async () => {
    const temp = await TempFile.create(dir, 'big.bin');
    // The FileHandle class is not exported: reach its prototype through a handle.
    const probe = await fs.promises.open(path.join(dir, 'probe'), 'w');
    const datasync = vi.spyOn(Object.getPrototypeOf(probe) as fs.promises.FileHandle, 'datasync');
    await probe.close();
    await pipeline(chunks(140), temp.sink(0));
    // 140 MiB passes 64 MiB twice; a flush still running when the second comes is not doubled.
    expect(datasync.mock.calls.length).toBeGreaterThanOrEqual(1);
    expect(datasync.mock.calls.length).toBeLessThanOrEqual(2);
    expect(await temp.close()).toBe(140 * MiB);
    const written = fs.readFileSync(temp.path);
    expect(written.length).toBe(140 * MiB);
    expect([written[0], written[70 * MiB], written[140 * MiB - 1]]).toEqual([0, 70, 139]);
  });

  it('resumed, writes only past what is on disk, and flushes counting from there', async () => {
    const temp = await TempFile.create(dir, 'resumed.bin');
    await pipeline(chunks(2), temp.sink(0));
    await temp.close();
    const again = await TempFile.reopen(temp.path);
    await pipeline(chunks(4), again.sink(2 * MiB));
    expect(await again.close()).toBe(4 * MiB);
    const written = fs.readFileSync(temp.path);
    expect([written[0], written[MiB], written[2 * MiB], written[4 * MiB - 1]]).toEqual([0, 1, 2, 3]);
  });

  it('writes the same bytes through the thread pool where writing in place is not safe (a network share)', async () => {
    vi.spyOn(fs.promises, 'statfs').mockResolvedValue({ type: 0x6969 } as Awaited<
      ReturnType<typeof fs.promises.statfs>
    >);
    const writeSync = vi.spyOn(fs, 'writeSync');
    const temp = await TempFile.create(dir, 'share.bin');
    await pipeline(chunks(3), temp.sink(0));
    expect(await temp.close()).toBe(3 * MiB);
    expect(writeSync).not.toHaveBeenCalled();
    const written = fs.readFileSync(temp.path);
    expect([written[0], written[MiB], written[3 * MiB - 1]]).toEqual([0, 1, 2]);
  });

  it('shows every chunk to `inspect` first, and writes nothing of a chunk it refuses', async () => {
    const temp = await TempFile.create(dir, 'refused.bin');
    const seen: number[] = [];
    const inspect = (chunk: Buffer) => {
      seen.push(chunk[0]!);
      return chunk[0] === 2 ? new Error('damaged') : undefined;
    };
    await expect(pipeline(chunks(4), temp.sink(0, inspect))).rejects.toThrow('damaged');
    expect(seen).toEqual([0, 1, 2]);
    expect(await temp.close()).toBe(2 * MiB);
  });

  it('writes only the new bytes, in the pieces its pace grants: the bandwidth limit is asked before each', async () => {
    const first = await TempFile.create(dir, 'paced.bin');
    await pipeline(chunks(1), first.sink(0));
    await first.close();
    const temp = await TempFile.reopen(first.path);
    const asked: number[] = [];
    // At most 300 KiB a piece, every other one after a wait.
    const pace = (want: number) => {
      asked.push(want);
      const granted = Math.min(want, 300 * 1024);
      return asked.length % 2 ? granted : new Promise<number>((resolve) => setTimeout(() => resolve(granted), 1));
    };
    // A resumed download: the first MiB is on disk already and passes only to be checked, not paced.
    await pipeline(chunks(3), temp.sink(MiB, undefined, pace));
    expect(await temp.close()).toBe(3 * MiB);
    expect(asked.reduce((sum, want) => sum + Math.min(want, 300 * 1024), 0)).toBe(2 * MiB);
    expect(asked.length).toBe(2 * Math.ceil(MiB / (300 * 1024)));
    const written = fs.readFileSync(temp.path);
    expect([written[0], written[MiB], written[2 * MiB + 5], written[3 * MiB - 1]]).toEqual([0, 1, 2, 2]);
  });
});
