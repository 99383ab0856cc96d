// Faults while a reviewed plan runs, on the real Swift harness, the way the page runs it (useRunSync.ts):
// each batch checked by prepareSync just before its uploads go through the upload door. A token Swift
// forgets between batches is renewed and the run finishes; a folder removed after its batch was checked
// fails the uploads still queued, each naming its file, and leaves nothing of them in Swift.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EXCLUDES, type PlannedAction } from '../../../shared/sync';
import { planActions } from '../../../shared/sync-plan';
import { flushSharedTokenCache, tokenRequests } from '../../../testing/electron/flush-tokens';
import {
  containerName,
  head,
  listObjects,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  swiftMd5,
  tempDir,
} from '../../../testing/electron/transfers-testkit';
import type { StorageSession } from '../session';
import { uploadFile } from '../upload';
import { compareFolder } from './compare';
import { prepareSync } from './prepare';

describe('a sync run meeting a forgotten token or a vanished folder', () => {
  let session: StorageSession;
  let dir: string;
  const container = containerName('sync-run-faults');
  const names = Array.from({ length: 6 }, (_, i) => `docs/f${i}.txt`);

  beforeAll(async () => {
    session = await openSession();
    dir = tempDir('sync-run-faults');
    await putContainer(container);
  });
  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A folder of the six files, compared with `prefix`, and its upload plan as the page sends it, in batches of 3. */
  async function planned(label: string, prefix: string) {
    fs.mkdirSync(path.join(dir, label));
    const folder = fs.realpathSync(path.join(dir, label));
    for (const name of names) {
      fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      fs.writeFileSync(path.join(folder, name), `${label}: ${name}`);
    }
    const comparison = await compareFolder(session, REGION, {
      container,
      prefix,
      folder,
      excludes: DEFAULT_EXCLUDES,
      cacheDir: undefined,
    });
    const actions: PlannedAction[] = planActions(comparison.entries, 'upload', false).map((a) => ({
      name: a.name,
      kind: 'upload',
      local: { bytes: a.entry.local!.bytes, mtime: a.entry.local!.mtime },
    }));
    expect(actions).toHaveLength(names.length);
    return { folder, batches: [actions.slice(0, 3), actions.slice(3)] };
  }

  const prepare = (folder: string, prefix: string, actions: PlannedAction[]) =>
    prepareSync(session, REGION, { container, prefix, folder, actions });

  it('a token forgotten between two batches is renewed once, and every file arrives', async () => {
    const prefix = 'token/';
    const { folder, batches } = await planned('token', prefix);
    let renewalsBefore = 0;
    for (const [i, batch] of batches.entries()) {
      if (i === 1) {
        renewalsBefore = await tokenRequests();
        await flushSharedTokenCache();
      }
      const prepared = await prepare(folder, prefix, batch);
      expect(prepared.skipped).toEqual([]);
      expect(prepared.failed).toEqual([]);
      for (const u of prepared.uploads)
        await uploadFile(session, REGION, { container, name: prefix + u.name, filePath: u.filePath });
    }
    expect(await tokenRequests()).toBe(renewalsBefore + 1);
    for (const name of names) {
      const { md5 } = await swiftMd5(container, prefix + name);
      expect(md5, name).toBe(createHash('md5').update(`token: ${name}`).digest('hex'));
    }
  });

  it('the folder removed after a batch was checked: its queued uploads fail naming the file, nothing stays in Swift', async () => {
    const prefix = 'gone/';
    const { folder, batches } = await planned('gone', prefix);
    const first = await prepare(folder, prefix, batches[0]!);
    await uploadFile(session, REGION, {
      container,
      name: prefix + first.uploads[0]!.name,
      filePath: first.uploads[0]!.filePath,
    });
    fs.rmSync(folder, { recursive: true, force: true });
    for (const u of first.uploads.slice(1)) {
      await expect(
        uploadFile(session, REGION, { container, name: prefix + u.name, filePath: u.filePath }),
      ).rejects.toMatchObject({ code: 'not_found', message: `The file "${u.filePath}" does not exist.` });
      expect((await head(container, prefix + u.name)).status).toBe(404);
    }
    // The next batch is checked against what is there now: each file named as gone, none queued.
    const second = await prepare(folder, prefix, batches[1]!);
    expect(second.uploads).toEqual([]);
    expect(second.skipped.map((s) => s.name)).toEqual(batches[1]!.map((a) => a.name));
    for (const s of second.skipped)
      expect(s.reason).toBe('Not done, it changed since the plan was made: the file is gone from this computer.');
    expect(await listObjects(container, prefix)).toEqual([prefix + first.uploads[0]!.name]);
  });
});
