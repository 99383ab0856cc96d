// The compare's folder walk on a real temporary folder: sorted as Swift lists, links and exclusions left
// out, and the disk asked directly without holding the event loop for the whole walk.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exclusions } from '../../../shared/sync-exclude';
import type { Exclusions } from '../../../shared/sync-exclude';
import { FolderWalk, type LocalEntry } from './local-walk';

/** The whole walk, walked ahead (with its turns) and then taken. */
async function walkFolder(root: string, exclude: Exclusions, signal?: AbortSignal) {
  const walk = new FolderWalk(root, exclude, signal);
  await walk.ahead(Infinity);
  const files: LocalEntry[] = [];
  for (let file = walk.take(); file; file = walk.take()) files.push(file);
  return { files, skipped: walk.skipped };
}

describe('the compare folder walk', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-walk-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  };

  it('lists regular files in Swift’s order with size and time; links, excluded files and folders are not entered', async () => {
    write('b.txt', 'bb');
    write('a/z.txt', 'z');
    write('a-b.txt', 'ab');
    write('skip.tmp', 'x');
    write('node_modules/dep/index.js', 'x');
    fs.symlinkSync(path.join(dir, 'b.txt'), path.join(dir, 'link'));
    const { files, skipped } = await walkFolder(dir, exclusions(['*.tmp', 'node_modules/']));
    // "a-b.txt" before "a/z.txt": Swift orders by bytes, and "-" (0x2d) comes before "/" (0x2f).
    expect(files.map((f) => [f.name, f.size])).toEqual([
      ['a-b.txt', 2],
      ['a/z.txt', 1],
      ['b.txt', 2],
    ]);
    expect(files[2]!.mtimeMs).toBe(fs.statSync(path.join(dir, 'b.txt')).mtimeMs);
    expect(files[1]!.filePath).toBe(path.join(dir, 'a', 'z.txt'));
    expect(skipped).toEqual([{ name: 'link', reason: 'On this computer it is a link (links are not followed).' }]);
  });

  it('enters a folder a file pattern could name: only folder patterns (and "path/**") leave one out', async () => {
    write('docs/readme.md', 'r');
    write('docs/x', 'x');
    write('cache/a/b.txt', 'b');
    write('keep/cache/c.txt', 'c');
    // "x" and "?" are names of files: the folders "docs" and "a" are entered all the same.
    const { files } = await walkFolder(dir, exclusions(['x', '?', 'cache/**']));
    expect(files.map((f) => f.name)).toEqual(['docs/readme.md', 'keep/cache/c.txt']);
  });

  it('lets the event loop run while it walks a large folder, and a Stop ends it', async () => {
    for (let i = 0; i < 1200; i++) write(`f${i}.txt`, 'x');
    let turns = 0;
    let ticking = true;
    const tick = () => {
      if (!ticking) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const { files } = await walkFolder(dir, exclusions([]));
    ticking = false;
    expect(files).toHaveLength(1200);
    // 1,200 files at 256 calls a turn: the loop ran between the slices, not only once the walk was done.
    expect(turns).toBeGreaterThanOrEqual(4);

    const controller = new AbortController();
    const walking = walkFolder(dir, exclusions([]), controller.signal);
    controller.abort();
    await expect(walking).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('reads a folder only when the walk reaches it, so it holds the way down and not the tree', async () => {
    for (let i = 0; i < 20; i++) write(`a/f${String(i).padStart(2, '0')}.txt`, 'x');
    write('b/first.txt', 'x');
    const walk = new FolderWalk(dir, exclusions([]));
    await walk.ahead(5);
    expect(walk.take()?.name).toBe('a/f00.txt');
    // Written after the walk began: found, because b/ had not been read yet.
    write('b/later.txt', 'x');
    const names: string[] = [];
    for (let file = walk.take(); file; file = walk.take()) names.push(file.name);
    expect(names.slice(-2)).toEqual(['b/first.txt', 'b/later.txt']);
    expect(names).toHaveLength(21);
  });

  it('tells of each file once, in order, as it is walked: ahead of the caller or when the caller peeks', async () => {
    for (const name of ['c.txt', 'a/1.txt', 'a/2.txt', 'b.txt']) write(name, 'x');
    const told: string[] = [];
    const walk = new FolderWalk(dir, exclusions([]), undefined, (file) => told.push(file.name));
    await walk.ahead(2);
    expect(told).toEqual(['a/1.txt', 'a/2.txt']);
    expect(walk.take()?.name).toBe('a/1.txt');
    expect(walk.peek()?.name).toBe('a/2.txt');
    expect(walk.take()?.name).toBe('a/2.txt');
    // Beyond what was walked ahead: told of before peek answers with it.
    expect(walk.peek()?.name).toBe('b.txt');
    expect(told).toEqual(['a/1.txt', 'a/2.txt', 'b.txt']);
    for (let file = walk.take(); file; file = walk.take());
    expect(told).toEqual(['a/1.txt', 'a/2.txt', 'b.txt', 'c.txt']);
  });

  it('a folder that cannot be read at all fails the walk when its files are asked for', async () => {
    const walk = new FolderWalk(path.join(dir, 'gone'), exclusions([]));
    await walk.ahead(10);
    expect(() => walk.peek()).toThrow(expect.objectContaining({ code: 'not_found' }));
  });
});
