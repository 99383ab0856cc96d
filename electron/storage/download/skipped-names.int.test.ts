// A folder's download from real Swift whose objects have names this computer cannot hold: those are
// skipped with the reason (asked first, and refused by each download too), the rest saved, nothing outside.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  containerName,
  listObjects,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  tempDir,
} from '../../../testing/electron/transfers-testkit';
import type { StorageSession } from '../session';
import { uploadFile } from '../upload';
import { downloadObject } from './download';
import { skippedLocalNames } from './skipped-names';

const LONG = `docs/${'n'.repeat(300)}.txt`;
/** Object names in the container, each with what a download of the folder "docs/" does with it. */
const NAMES: Record<string, string | null> = {
  'docs/ok.txt': null,
  'docs/deeper/kept.txt': null,
  'docs/a/../b.txt': 'dot_segment',
  'docs/./c.txt': 'dot_segment',
  'docs/sub/': 'folder_marker',
  [LONG]: 'name_too_long',
  'docs/Report.txt': 'case_collision',
  'docs/report.TXT': 'case_collision',
};

/** Every entry under `dir`, recursively, as relative paths. */
const tree = (dir: string): string[] => (fs.readdirSync(dir, { recursive: true }) as string[]).sort();

describe('a download of names this computer cannot hold', () => {
  let session: StorageSession;
  let work: string;
  const container = containerName('names');

  beforeAll(async () => {
    session = await openSession();
    work = tempDir('names');
    await putContainer(container);
    const source = path.join(work, 'source.txt');
    for (const name of Object.keys(NAMES)) {
      // Cirrus's upload sends the path as it is, so "." and ".." stay part of the name in Swift.
      fs.writeFileSync(source, name.endsWith('/') ? '' : `content of ${name}`);
      await uploadFile(session, REGION, { container, name, filePath: source });
    }
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('lists each with its reason, saves the rest, and writes nothing elsewhere', async () => {
    const stored = await listObjects(container);
    expect(stored.sort()).toEqual(Object.keys(NAMES).sort());
    const parent = fs.mkdtempSync(path.join(work, 'parent-'));
    const targetDir = path.join(parent, 'target');
    fs.mkdirSync(targetDir);
    // As the renderer asks it for the picked folder "docs/": each object's path under the level shown.
    const items = stored.map((name) => ({ name, fileName: name.slice('docs/'.length) }));

    // This machine's disk tells case apart: the case-insensitive one is played by the probe's answer.
    const onInsensitiveDisk = await skippedLocalNames(targetDir, items, () => Promise.resolve(true));
    const reasons = Object.fromEntries(onInsensitiveDisk.map((s) => [s.name, s.reason]));
    const expected = Object.fromEntries(Object.entries(NAMES).filter(([, reason]) => reason !== null));
    expect(reasons).toEqual(expected);
    expect(onInsensitiveDisk.find((s) => s.name === 'docs/sub/')?.message).toMatch(/folder marker/);
    const real = await skippedLocalNames(targetDir, items);
    expect(real.map((s) => s.reason)).not.toContain('case_collision');

    const skipped = new Set(onInsensitiveDisk.map((s) => s.name));
    for (const item of items) {
      const download = downloadObject(session, REGION, { container, ...item, targetDir });
      if (!skipped.has(item.name)) {
        await download;
      } else if (NAMES[item.name] === 'case_collision') {
        await download.catch(() => undefined); // the folder's disk holds both here: nothing to refuse
      } else {
        // The download itself refuses them too: the renderer's list is not the only guard.
        await expect(download).rejects.toMatchObject({
          code: 'invalid_input',
          message: expect.stringContaining('cannot be saved on this computer') as string,
        });
      }
    }
    expect(fs.readdirSync(parent)).toEqual(['target']);
    expect(tree(targetDir)).toEqual(['Report.txt', 'deeper', 'deeper/kept.txt', 'ok.txt', 'report.TXT']);
    expect(fs.readFileSync(path.join(targetDir, 'ok.txt'), 'utf8')).toBe('content of docs/ok.txt');
  });

  it('refuses the same names downloaded one by one, by their last segment', async () => {
    const targetDir = fs.mkdtempSync(path.join(work, 'single-'));
    for (const name of ['docs/sub/', 'docs/./c.txt', LONG]) {
      const single = downloadObject(session, REGION, { container, name, targetDir });
      // "docs/./c.txt" by itself is saved as "c.txt", as "photos/2024/a.jpg" is as "a.jpg".
      if (name === 'docs/./c.txt') await single;
      else await expect(single).rejects.toMatchObject({ code: 'invalid_input' });
    }
    expect(tree(targetDir)).toEqual(['c.txt']);
  });
});
