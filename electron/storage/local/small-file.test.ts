// Small files hashed in place, on a real temporary folder: the same MD5 a stream gives, and the same errors.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { md5OfRange, withLocalFile } from './file';
import { md5OfSmallFileNow, SMALL_FILE } from './small-file';

const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex');

describe('a small file hashed in place', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-small-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives the MD5 a streamed read gives, for an empty file, a few bytes and the largest size', async () => {
    for (const size of [0, 5, SMALL_FILE]) {
      const file = path.join(dir, `f${size}`);
      const bytes = Buffer.alloc(size, 0x61 + (size % 7));
      fs.writeFileSync(file, bytes);
      const streamed = await withLocalFile(file, (f) => md5OfRange(f, 0, size));
      expect(md5OfSmallFileNow(file, size)).toBe(streamed);
      expect(streamed).toBe(md5(bytes));
    }
    expect(() => md5OfSmallFileNow(path.join(dir, 'f0'), SMALL_FILE + 1)).toThrow(RangeError);
  });

  it('reads only the length asked for, and what is there when the file got shorter', () => {
    const file = path.join(dir, 'a.txt');
    fs.writeFileSync(file, 'alpha bytes');
    expect(md5OfSmallFileNow(file, 5)).toBe(md5('alpha'));
    expect(md5OfSmallFileNow(file, 20)).toBe(md5('alpha bytes'));
  });

  it('a missing file is not_found and a named pipe invalid_input, each naming the path, with no wait on the pipe', () => {
    const missing = path.join(dir, 'gone.txt');
    expect(() => md5OfSmallFileNow(missing, 3)).toThrow(
      expect.objectContaining({ code: 'not_found', message: `The file "${missing}" does not exist.` }),
    );
    const pipe = path.join(dir, 'pipe');
    execFileSync('mkfifo', [pipe]);
    expect(() => md5OfSmallFileNow(pipe, 3)).toThrow(
      expect.objectContaining({
        code: 'invalid_input',
        message: `"${pipe}" is not a regular file (it is a named pipe).`,
      }),
    );
  });
});
