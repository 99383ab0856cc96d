import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { detectFormat, readArchive } from '../archive';
import { LocalFile } from './file';

let work: string;
let fifo: string;
const at = (name: string) => path.join(work, name);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'opened',
    (err: { code: string; message: string }) => `${err.code}: ${err.message}`,
  );

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-local-file-'));
  fifo = at('pipe.tar.gz');
  execFileSync('mkfifo', [fifo]);
  fs.writeFileSync(at('abc.txt'), 'abcdefghijklmnopqrstuvwxyz');
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

describe('LocalFile', () => {
  it('refuses a named pipe at once, however often, and file work goes on', async () => {
    const started = performance.now();
    // More attempts than libuv has file threads (4): a blocking open would hang them all.
    const answers = await Promise.all(Array.from({ length: 8 }, () => refusal(LocalFile.open(fifo))));
    expect(new Set(answers)).toEqual(new Set([`invalid_input: "${fifo}" is not a regular file (it is a named pipe).`]));
    expect(fs.readFileSync(at('abc.txt'), 'utf8')).toHaveLength(26);
    expect(await fs.promises.readFile(at('abc.txt'), 'utf8')).toHaveLength(26);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses a named pipe through the archive readers too', async () => {
    expect(await refusal(detectFormat(fifo))).toMatch(/^invalid_input: .*named pipe/);
    expect(await refusal(readArchive(fifo, 'tar.gz'))).toMatch(/^invalid_input: .*named pipe/);
    expect(await refusal(readArchive(fifo, 'tar.bz2'))).toMatch(/^invalid_input: .*named pipe/);
  });

  it('refuses folders, devices and sockets; a missing file is not_found', async () => {
    expect(await refusal(LocalFile.open(work))).toBe(
      `invalid_input: "${work}" is not a regular file (it is a folder).`,
    );
    expect(await refusal(LocalFile.open('/dev/null'))).toMatch(/\(it is a device\)\.$/);
    const socketPath = at('s.sock');
    const server = net.createServer().listen(socketPath);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      expect(await refusal(LocalFile.open(socketPath))).toMatch(/\(it is a socket\)\.$/);
    } finally {
      server.close();
    }
    expect(await refusal(LocalFile.open(at('missing')))).toBe(`not_found: The file "${at('missing')}" does not exist.`);
  });

  it('reads ranges at their own positions, several at once, and one destroyed leaves the others reading', async () => {
    const file = await LocalFile.open(at('abc.txt'));
    try {
      expect(file.size).toBe(26);
      const broken = file.stream(0, 25);
      broken.destroy();
      const [first, middle, all] = await Promise.all([
        text(file.stream(0, 2)),
        text(file.stream(10, 12)),
        text(file.stream()),
      ]);
      expect([first, middle, all]).toEqual(['abc', 'klm', 'abcdefghijklmnopqrstuvwxyz']);
      expect(await text(file.stream(25, 25))).toBe('z');
    } finally {
      await file.close();
    }
  });

  it('keeps reading the file it opened when the path is replaced meanwhile', async () => {
    fs.writeFileSync(at('swap.txt'), 'original');
    const file = await LocalFile.open(at('swap.txt'));
    try {
      fs.writeFileSync(at('other.txt'), 'replaced');
      fs.renameSync(at('other.txt'), at('swap.txt'));
      expect(await text(file.stream())).toBe('original');
    } finally {
      await file.close();
    }
  });

  it('reads in place on a local disk and through the thread pool elsewhere, the same bytes, each chunk shown once', async () => {
    const big = at('big.bin');
    fs.writeFileSync(big, Buffer.alloc(700 * 1024, 7));
    const read = async (expectInPlace: boolean) => {
      const file = await LocalFile.open(big);
      try {
        expect(file.inPlace).toBe(expectInPlace);
        let counted = 0;
        const chunks: Buffer[] = [];
        for await (const chunk of file.stream(1, 700 * 1024 - 2, (c) => (counted += c.length)))
          chunks.push(chunk as Buffer);
        return { counted, bytes: Buffer.concat(chunks) };
      } finally {
        await file.close();
      }
    };
    vi.spyOn(fs.promises, 'statfs').mockResolvedValue({ type: 0xef53 } as Awaited<
      ReturnType<typeof fs.promises.statfs>
    >);
    const local = await read(process.platform === 'linux');
    vi.spyOn(fs.promises, 'statfs').mockResolvedValue({ type: 0x6969 } as Awaited<
      ReturnType<typeof fs.promises.statfs>
    >);
    const share = await read(false);
    for (const { counted, bytes } of [local, share]) {
      expect(counted).toBe(700 * 1024 - 2);
      expect(bytes.equals(Buffer.alloc(700 * 1024 - 2, 7))).toBe(true);
    }
  });

  it('fails the stream when a read in place fails', async () => {
    vi.spyOn(fs.promises, 'statfs').mockResolvedValue({ type: 0xef53 } as Awaited<
      ReturnType<typeof fs.promises.statfs>
    >);
    const file = await LocalFile.open(at('abc.txt'));
    vi.spyOn(fs, 'readSync').mockImplementation(() => {
      throw Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' });
    });
    try {
      if (file.inPlace) await expect(text(file.stream())).rejects.toThrow('EIO');
      else expect(process.platform).not.toBe('linux');
    } finally {
      await file.close();
    }
  });

  it('reads no more than its pace grants, granted at once or later, in place and through the thread pool', async () => {
    const paced = at('paced.bin');
    const content = Buffer.from(Array.from({ length: 100_000 }, (_, i) => i % 251));
    fs.writeFileSync(paced, content);
    for (const type of [0xef53, 0x6969]) {
      vi.spyOn(fs.promises, 'statfs').mockResolvedValue({ type } as Awaited<ReturnType<typeof fs.promises.statfs>>);
      const file = await LocalFile.open(paced);
      try {
        const asked: number[] = [];
        // The bandwidth limit's shape: pieces of at most 7,000 bytes, every other one after a wait.
        const pace = (want: number) => {
          asked.push(want);
          const granted = Math.min(want, 7_000);
          return asked.length % 2 ? granted : new Promise<number>((resolve) => setTimeout(() => resolve(granted), 1));
        };
        // Each read as the file gives it (a consumer may see them joined).
        const reads: number[] = [];
        const stream = file.stream(0, content.length - 1, (c) => reads.push(c.length), pace);
        expect((await buffer(stream)).equals(content)).toBe(true);
        expect(Math.max(...reads)).toBeLessThanOrEqual(7_000);
        expect(asked.length).toBe(Math.ceil(content.length / 7_000));
      } finally {
        await file.close();
      }
      vi.restoreAllMocks();
    }
  });

  it('fails the stream when its pace refuses (a transfer cancelled while it waits)', async () => {
    const file = await LocalFile.open(at('abc.txt'));
    try {
      const refused = () =>
        Promise.reject(Object.assign(new Error('The operation was cancelled.'), { code: 'cancelled' }));
      await expect(text(file.stream(0, 25, undefined, refused))).rejects.toThrow('cancelled');
    } finally {
      await file.close();
    }
  });
});
