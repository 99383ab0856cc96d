import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isCaseInsensitive } from './case';

describe('isCaseInsensitive', () => {
  const made: string[] = [];
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-case-'));
    made.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers for the folder’s own disk (Linux’s temporary folder tells case apart), leaving nothing behind', async () => {
    const dir = folder();
    expect(await isCaseInsensitive(dir, 'linux')).toBe(false);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('falls back on the platform’s usual disks where the folder cannot be written to', async () => {
    const missing = path.join(folder(), 'gone');
    expect(await isCaseInsensitive(missing, 'darwin')).toBe(true);
    expect(await isCaseInsensitive(missing, 'win32')).toBe(true);
    expect(await isCaseInsensitive(missing, 'linux')).toBe(false);
  });
});
