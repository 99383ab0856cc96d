// The pieces of editing in place that need no Swift: when a save counts, the quiet wait that gathers
// one save's events, when Swift's object is no longer the one the copy was in step with, and the
// numbered name "keep both" gives.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ObjectInfo } from '../../shared/domain';
import { firstFreeName, numberedName } from '../../shared/numbered-name';
import { StorageError } from '../storage/errors';
import { editingRoot, errorWithoutPath, newCopyFolder, removeLeftoverFolders } from './copies';
import { conflictWith } from './conflict';
import { changedContent, fingerprintOf } from './saved-content';
import { watchSaves, type SaveWatch } from './watch-saves';

const dirs: string[] = [];
const watches: SaveWatch[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-editing-unit-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const watch of watches.splice(0)) watch.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const object = (etag: string): ObjectInfo => ({
  container: 'c',
  name: 'notes.txt',
  bytes: 5,
  etag,
  contentType: 'text/plain',
  lastModified: '2026-11-28T10:00:00.000Z',
  metadata: {},
  manifest: 'plain',
  deleteAt: undefined,
});

describe('conflict detection', () => {
  it('is quiet while Swift still has the ETag the copy was in step with', () => {
    expect(conflictWith('notes.txt', 'abc', object('abc'))).toBeUndefined();
  });

  it('names a change in Swift, and a deletion, as conflicts', () => {
    expect(conflictWith('notes.txt', 'abc', object('def'))).toEqual({
      code: 'conflict',
      message: '"notes.txt" was changed in Swift (at 2026-11-28T10:00:00.000Z) after you opened it.',
    });
    expect(conflictWith('notes.txt', 'abc', undefined)).toMatchObject({ code: 'conflict', message: /was deleted/ });
  });
});

describe('"keep both" names', () => {
  it('numbers the name before its extension, in its own folder', () => {
    expect(numberedName('notes.txt', 2)).toBe('notes (2).txt');
    expect(numberedName('docs/notes.txt', 3)).toBe('docs/notes (3).txt');
    expect(numberedName('docs.v1/README', 2)).toBe('docs.v1/README (2)');
    expect(numberedName('.bashrc', 2)).toBe('.bashrc (2)');
  });

  it('takes the first number no object holds', async () => {
    const taken = new Set(['notes (2).txt', 'notes (3).txt']);
    expect(await firstFreeName('notes.txt', async (name) => taken.has(name))).toBe('notes (4).txt');
  });
});

describe('what the page is told of a failure', () => {
  it('names the copy by its file name, never by where it lives', () => {
    const dir = path.join('/home/me/.config/Cirrus/editing', '0123456789abcdef');
    const err = new StorageError('not_found', `The file "${path.join(dir, 'notes.txt')}" does not exist.`);
    expect(errorWithoutPath(err, dir)).toEqual({ code: 'not_found', message: 'The file "notes.txt" does not exist.' });
  });
});

describe("an earlier run's leftovers", () => {
  it("are removed, and this run's copies kept", async () => {
    const data = tempDir();
    const [mine, old] = [await newCopyFolder(data), await newCopyFolder(data)];
    fs.writeFileSync(path.join(old.dir, 'notes.txt'), 'from a crashed run');
    await removeLeftoverFolders(data, new Set([mine.id]));
    expect(fs.readdirSync(editingRoot(data))).toEqual([mine.id]);
    await removeLeftoverFolders(tempDir(), new Set()); // no editing folder yet: nothing to do
  });
});

describe('what counts as a save', () => {
  it('a rewrite of the same bytes is none; other bytes are', async () => {
    const file = path.join(tempDir(), 'notes.txt');
    fs.writeFileSync(file, 'hello');
    const saved = await fingerprintOf(file);
    expect(await changedContent(file, saved)).toBeUndefined();

    const later = new Date(Date.now() + 5_000);
    fs.writeFileSync(file, 'hello');
    fs.utimesSync(file, later, later);
    expect(await changedContent(file, saved)).toBeUndefined();
    expect(saved.mtimeMs).toBe(fs.statSync(file).mtimeMs); // remembered: the MD5 is not read again

    fs.writeFileSync(file, 'hello, world');
    expect(await changedContent(file, saved)).toMatchObject({ size: 12, md5: 'e4d7f1b4ed2e42d15898f4b27b019da4' });

    // Something that is not a file in its place is refused, not read (a named pipe would never end).
    fs.rmSync(file);
    fs.mkdirSync(file);
    await expect(changedContent(file, saved)).rejects.toThrow('"notes.txt" is no longer a file.');
  });
});

describe('the quiet wait', () => {
  const counter = (file: string, quietMs: number) => {
    const calls: number[] = [];
    watches.push(watchSaves(file, () => calls.push(Date.now()), { quietMs }));
    return calls;
  };

  it('gathers a burst of writes into one save, and sees the next save after it', async () => {
    const file = path.join(tempDir(), 'notes.txt');
    fs.writeFileSync(file, '');
    const calls = counter(file, 150);
    for (let i = 0; i < 5; i++) fs.appendFileSync(file, `line ${i}\n`);
    await expect.poll(() => calls.length).toBe(1);
    // Nothing more comes of that burst once the quiet wait has passed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toHaveLength(1);
    fs.writeFileSync(file, 'saved again');
    await expect.poll(() => calls.length).toBe(2);
  });

  it("follows a save that renames a new file over the copy, and ignores the editor's other files", async () => {
    const dir = tempDir();
    const file = path.join(dir, 'notes.txt');
    fs.writeFileSync(file, 'one');
    const calls = counter(file, 100);
    fs.writeFileSync(path.join(dir, '.notes.txt.swp'), 'swap');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls).toHaveLength(0);
    fs.writeFileSync(path.join(dir, 'notes.txt.new'), 'two');
    fs.renameSync(path.join(dir, 'notes.txt.new'), file);
    await expect.poll(() => calls.length).toBe(1);
    fs.writeFileSync(file, 'three'); // still watched after the rename
    await expect.poll(() => calls.length).toBe(2);
  });
});
