// A comparison's differences over IPC, a page at a time, against the real Swift harness: the answer holds the
// first page and where the next starts, every difference comes once and in Swift's order of names (also where
// pairs judged by a hash settle out of turn), and the main process's file of them goes once the last page is read.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIFFERENCES_PAGE, type ComparisonStart, type DifferencesPage, type SyncEntry } from '../../shared/sync';
import { compareNames } from '../../shared/region-diff';
import { harnessCredentials } from '../../testing/electron/harness-session';
import { testDeps, type DialogAnswers } from '../../testing/electron/test-deps';
import {
  containerName,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  tempDir,
} from '../../testing/electron/transfers-testkit';
import { compareFolder } from '../storage/sync';
import { uploadFile } from '../storage/upload';
import { createHandlers } from './handlers';

const FILES = 12_000;
const name = (i: number) => `d${String(i % 40).padStart(2, '0')}/f${String(i).padStart(5, '0')}.txt`;

describe("a comparison's differences, a page at a time over IPC", () => {
  const container = containerName('sync-pages');
  let work: string;
  let folder: string;
  let userData: string;

  beforeAll(async () => {
    work = tempDir('sync-pages');
    folder = path.join(work, 'folder');
    userData = path.join(work, 'user-data');
    for (let d = 0; d < 40; d++) fs.mkdirSync(path.join(folder, `d${String(d).padStart(2, '0')}`), { recursive: true });
    for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(folder, name(i)), `file ${i}`);
    // Objects of the same size as their files and other bytes, spread through the tree: each is judged by a
    // hash, after names listed later have settled, so the differences are handed on out of turn unless held.
    await putContainer(container);
    const session = await openSession();
    const other = path.join(work, 'other');
    for (let i = 0; i < FILES; i += 397) {
      fs.writeFileSync(other, `FILE ${i}`);
      await uploadFile(session, REGION, { container, name: `in/${name(i)}`, filePath: other });
      // And the next file uploaded as it is: judged by a hash too (the cache is cold), and the same.
      await uploadFile(session, REGION, {
        container,
        name: `in/${name(i + 1)}`,
        filePath: path.join(folder, name(i + 1)),
      });
    }
    // A file Swift holds with other bytes of the same size, then 12,000 new files, then a name only in Swift.
    fs.mkdirSync(path.join(work, 'held/m'), { recursive: true });
    fs.writeFileSync(path.join(work, 'held/a.txt'), 'here');
    for (let i = 0; i < FILES; i++) fs.writeFileSync(path.join(work, 'held/m', `${i}`), '');
    fs.writeFileSync(other, 'gone');
    await uploadFile(session, REGION, { container, name: 'held/a.txt', filePath: other });
    await uploadFile(session, REGION, { container, name: 'held/z.txt', filePath: other });
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('answers the first page, reads the rest by cursor, and leaves no file behind', async () => {
    const answers: DialogAnswers = { next: [folder] };
    const handlers = createHandlers({ deps: testDeps(userData, answers, {}) });
    expect(await handlers.signIn(harnessCredentials())).toMatchObject({ ok: true });
    expect(await handlers.chooseFolder({})).toEqual({ ok: true, value: folder });
    const request = { operationId: 'sync-pages-1', region: REGION, container, prefix: 'in/', folder, excludes: [] };
    const answer = await handlers.compareFolder(request);
    if (!answer.ok) throw new Error(answer.error.message);
    const { entries, next, groups, truncated } = answer.value as ComparisonStart;
    const uploaded = Math.ceil(FILES / 397);
    expect(groups.different.count).toBe(uploaded);
    expect(groups.same.count).toBe(uploaded);
    expect(groups.onlyLocal.count).toBe(FILES - 2 * uploaded);
    expect(truncated).toBe(false);
    expect(entries).toHaveLength(DIFFERENCES_PAGE);
    expect(next).not.toBeNull();
    const spool = path.join(userData, 'sync', 'differences');
    expect(fs.readdirSync(spool)).toEqual([`${next!.comparison}.jsonl`]);

    const all: SyncEntry[] = [...entries];
    for (let cursor = next; cursor !== null;) {
      const page = await handlers.differencesPage(cursor);
      if (!page.ok) throw new Error(page.error.message);
      const value = page.value as DifferencesPage;
      all.push(...value.entries);
      cursor = value.next;
    }
    expect(all).toHaveLength(FILES - uploaded);
    const names = all.map((e) => e.name);
    expect(names).toEqual([...names].sort(compareNames));
    expect(new Set(names).size).toBe(FILES - uploaded);
    expect(all.filter((e) => e.kind === 'different').every((e) => e.why === 'content')).toBe(true);
    expect(fs.readdirSync(spool)).toEqual([]);
    // The page read to its end: its id answers nothing any more.
    expect(await handlers.differencesPage({ comparison: next!.comparison, offset: 0 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });

    // The same differences as a compare that hands them on in one answer (the storage call without a sink).
    const whole = await compareFolder(await openSession(), REGION, {
      container,
      prefix: 'in/',
      folder: fs.realpathSync(folder),
      excludes: [],
      cacheDir: undefined,
    });
    expect(whole.entries).toEqual(all);
  });

  it('a page the page stopped reading is let go of at once', async () => {
    const handlers = createHandlers({ deps: testDeps(userData, { next: [folder] }, {}) });
    expect(await handlers.signIn(harnessCredentials())).toMatchObject({ ok: true });
    await handlers.chooseFolder({});
    const request = { operationId: 'sync-pages-2', region: REGION, container, prefix: 'in/', folder, excludes: [] };
    const answer = await handlers.compareFolder(request);
    if (!answer.ok) throw new Error(answer.error.message);
    const { next } = answer.value as ComparisonStart;
    expect(await handlers.discardDifferences({ comparison: next!.comparison })).toEqual({ ok: true, value: true });
    expect(fs.readdirSync(path.join(userData, 'sync', 'differences'))).toEqual([]);
    expect(await handlers.differencesPage(next!)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('holds a page of differences, not all, behind a pair still being judged', async () => {
    // The pair a.txt is judged (a HEAD, then a hash) while the walk meets 12,000 new files before z.txt:
    // the compare waits for it once a page's worth is held, so no hand-on is much more than a page.
    const batches: number[] = [];
    const held = await compareFolder(await openSession(), REGION, {
      container,
      prefix: 'held/',
      folder: fs.realpathSync(path.join(work, 'held')),
      excludes: [],
      cacheDir: undefined,
      sink: async (entries) => {
        batches.push(entries.length);
      },
    });
    expect(held.groups.different.count).toBe(1);
    expect(held.groups.onlyLocal.count).toBe(FILES);
    expect(held.groups.onlyRemote.count).toBe(1);
    expect(batches.reduce((a, b) => a + b, 0)).toBe(FILES + 2);
    expect(Math.max(...batches)).toBeLessThanOrEqual(DIFFERENCES_PAGE + 1);
  });
});
