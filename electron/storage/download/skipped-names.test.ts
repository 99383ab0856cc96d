import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { skippedLocalNames } from './skipped-names';

const dirs: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-skipped-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const insensitive = () => Promise.resolve(true);

describe('skippedLocalNames', () => {
  it('finds case collisions among the paths as the download writes them, on a disk that does not tell case apart', async () => {
    const items = [
      { name: 'p/Notes.txt', fileName: 'Notes.txt' },
      { name: 'p/notes.txt', fileName: 'notes.txt' },
      // Picked by itself, saved as its last segment: that is the path that collides.
      { name: 'other/NOTES.TXT' },
      { name: 'p/kept.txt', fileName: 'kept.txt' },
    ];
    const skipped = await skippedLocalNames(folder(), items, insensitive);
    expect(skipped.map((s) => [s.name, s.fileName, s.reason])).toEqual([
      ['p/Notes.txt', 'Notes.txt', 'case_collision'],
      ['p/notes.txt', 'notes.txt', 'case_collision'],
      ['other/NOTES.TXT', 'NOTES.TXT', 'case_collision'],
    ]);
    expect(skipped[0]?.message).toBe(
      'another name differs from it only in upper and lower case, and this disk does not tell them apart',
    );
  });

  it('asks the disk only when there is something that could collide, and skips nothing for case where it tells case apart', async () => {
    let asked = 0;
    const probe = () => {
      asked++;
      return Promise.resolve(false);
    };
    expect(await skippedLocalNames(folder(), [{ name: 'A' }, { name: 'a' }], probe)).toEqual([]);
    expect(await skippedLocalNames(folder(), [{ name: 'only' }], probe)).toEqual([]);
    expect(asked).toBe(1);
  });

  it('counts the chosen folder’s own path in a path’s length', async () => {
    const dir = folder();
    const deep = Array.from({ length: 16 }, () => 'd'.repeat(250)).join('/'); // 4,015 bytes
    // 4,095 bytes: as long as a path may be by itself, too long once inside any folder.
    const [skipped] = await skippedLocalNames(dir, [{ name: 'x', fileName: `${deep}/${'f'.repeat(79)}` }]);
    expect(skipped?.reason).toBe('path_too_long');
  });
});
