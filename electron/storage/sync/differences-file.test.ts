// A comparison's differences kept in a file and read back a page at a time: in order, only from where a page
// said the next starts, gone after the last page, at most four kept per window, and a crash's leftovers removed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncEntry } from '../../../shared/sync';
import { DifferenceFiles, DifferencesFile } from './differences-file';

const entry = (i: number): SyncEntry => ({
  name: `dir ${Math.floor(i / 100)}/fïle ${String(i).padStart(6, '0')}.txt`,
  kind: 'onlyLocal',
  local: { bytes: i, mtime: 1_700_000_000.25 + i },
});

describe('differences read a page at a time', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-differences-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('gives back every entry in the order written, across pages and writes', async () => {
    const file = await DifferencesFile.create(dir);
    const all = Array.from({ length: 2_345 }, (_, i) => entry(i));
    await file.append(all.slice(0, 1_000));
    await file.append([]);
    await file.append(all.slice(1_000));
    const read: SyncEntry[] = [];
    const sizes: number[] = [];
    for (let offset: number | null = 0; offset !== null;) {
      const page: { entries: SyncEntry[]; next: number | null } = await file.page(offset, 1_000);
      read.push(...page.entries);
      sizes.push(page.entries.length);
      offset = page.next;
    }
    expect(sizes).toEqual([1_000, 1_000, 345]);
    expect(read).toEqual(all);
    await file.remove();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('reads from no offset but the start and those a page answered', async () => {
    const file = await DifferencesFile.create(dir);
    await file.append([entry(1), entry(2), entry(3)]);
    await expect(file.page(5, 1)).rejects.toMatchObject({ code: 'invalid_input' });
    const first = await file.page(0, 1);
    expect(first.entries).toEqual([entry(1)]);
    expect((await file.page(first.next!, 1)).entries).toEqual([entry(2)]);
    // The same page again (a retry) is allowed: its start was answered.
    expect((await file.page(first.next!, 5)).entries).toEqual([entry(2), entry(3)]);
    await file.remove();
  });

  it('an answer names the comparison, and its file goes once the last page is read', async () => {
    const files = new DifferenceFiles(dir);
    const file = await files.create();
    await file.append(Array.from({ length: 7_000 }, (_, i) => entry(i)));
    const first = await files.page(file.id, 0);
    expect(first.entries).toHaveLength(5_000);
    expect(first.next).toEqual({ comparison: file.id, offset: expect.any(Number) });
    expect(fs.existsSync(file.path)).toBe(true);
    const last = await files.page(file.id, first.next!.offset);
    expect(last).toEqual({ entries: Array.from({ length: 2_000 }, (_, i) => entry(5_000 + i)), next: null });
    expect(fs.existsSync(file.path)).toBe(false);
    await expect(files.page(file.id, 0)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('keeps four unread comparisons a window gave up on, the oldest going first', async () => {
    const files = new DifferenceFiles(dir);
    const made: DifferencesFile[] = [];
    for (let i = 0; i < 6; i++) {
      made.push(await files.create());
      made.at(-1)!.finish();
    }
    expect(made.map((f) => fs.existsSync(f.path))).toEqual([false, false, true, true, true, true]);
    await expect(files.page(made[0]!.id, 0)).rejects.toMatchObject({ code: 'not_found' });
    await files.discardAll();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('never lets go of a file its compare still writes; one let go of answers not_found, not a closed descriptor', async () => {
    const files = new DifferenceFiles(dir);
    const writing = await files.create();
    for (let i = 0; i < 5; i++) (await files.create()).finish();
    expect(fs.existsSync(writing.path)).toBe(true);
    await writing.append([entry(1)]);
    writing.finish();
    // A read under way when the file is let go of finishes first (closing waits for it).
    const reading = writing.page(0);
    await files.discard(writing.id);
    expect((await reading).entries).toEqual([entry(1)]);
    await expect(writing.page(0)).rejects.toMatchObject({ code: 'not_found' });
    await expect(writing.append([entry(2)])).rejects.toMatchObject({ code: 'not_found' });
    await files.discardAll();
  });

  it("removes a crashed process's files over an hour old, and no other", async () => {
    fs.writeFileSync(path.join(dir, 'old.jsonl'), '{}\n');
    fs.writeFileSync(path.join(dir, 'recent.jsonl'), '{}\n');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'kept');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(path.join(dir, 'old.jsonl'), twoHoursAgo, twoHoursAgo);
    fs.utimesSync(path.join(dir, 'notes.txt'), twoHoursAgo, twoHoursAgo);
    const files = new DifferenceFiles(dir);
    const file = await files.create();
    expect(fs.readdirSync(dir).sort()).toEqual([`${file.id}.jsonl`, 'notes.txt', 'recent.jsonl'].sort());
    await files.discardAll();
  });
});
