import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { discardPartial } from './download';
import { contentRange } from './resume';
import { tempNameFor } from '../local';

describe('contentRange: what part a 206 says it holds', () => {
  it('reads the one form Swift sends for a single range', () => {
    expect(contentRange('bytes 1000000-2999999/3000000')).toEqual({ first: 1000000, last: 2999999, length: 3000000 });
    expect(contentRange(' bytes 0-0/1 ')).toEqual({ first: 0, last: 0, length: 1 });
  });

  it('refuses anything it cannot rely on', () => {
    for (const value of [
      null,
      '',
      'bytes */3000000',
      'bytes 5-4/10',
      'bytes 0-10/10',
      'bytes 0-9/*',
      'items 0-9/10',
      'bytes 0-9/10, 20-29/30',
      'bytes -1-9/10',
    ]) {
      expect(contentRange(value), String(value)).toBeUndefined();
    }
  });
});

describe('discardPartial: giving up on a kept partial deletes it and nothing else', () => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-discard-')));
  const finalPath = path.join(dir, 'a.bin');

  it('deletes the partial file, and is fine when it is already gone', async () => {
    const tempPath = path.join(dir, tempNameFor('a.bin'));
    fs.writeFileSync(tempPath, 'part');
    await discardPartial({ tempPath, finalPath });
    expect(fs.existsSync(tempPath)).toBe(false);
    await expect(discardPartial({ tempPath, finalPath })).resolves.toBeUndefined();
  });

  it('refuses, and keeps, anything that is not a partial file of that download', async () => {
    fs.mkdirSync(path.join(dir, 'sub'));
    const put = (file: string) => (fs.writeFileSync(file, 'mine'), file);
    const folder = path.join(dir, tempNameFor('a.bin'));
    fs.mkdirSync(folder);
    const refused = [
      put(finalPath),
      put(path.join(dir, tempNameFor('b.bin'))),
      put(path.join(dir, 'sub', tempNameFor('a.bin'))),
      tempNameFor('a.bin'),
      folder,
    ];
    for (const tempPath of refused) {
      await expect(discardPartial({ tempPath, finalPath }), tempPath).rejects.toMatchObject({ code: 'invalid_input' });
    }
    for (const file of refused.slice(0, 3)) expect(fs.readFileSync(file, 'utf8')).toBe('mine');
    expect(fs.statSync(folder).isDirectory()).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
