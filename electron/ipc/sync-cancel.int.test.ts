// Comparing a local folder over IPC against the real Swift harness: only a folder chosen in the dialog is read,
// progress is followed by the operation id, cancel({operationId}) stops it mid-hash, and a compare run to the end
// keeps its MD5s in the app's data folder.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harnessCredentials } from '../../testing/electron/harness-session';
import { testDeps, type DialogAnswers } from '../../testing/electron/test-deps';
import {
  containerName,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  tempDir,
  writeRandomFile,
} from '../../testing/electron/transfers-testkit';
import { uploadFile } from '../storage/upload';
import { createHandlers } from './handlers';
import type { Emit } from './main-state';

describe('comparing a local folder over IPC, cancelled by id', () => {
  const container = containerName('sync-cancel');
  let work: string;
  let folder: string;

  beforeAll(async () => {
    work = tempDir('sync-cancel');
    folder = path.join(work, 'folder');
    fs.mkdirSync(folder);
    await writeRandomFile(path.join(folder, 'big.bin'), 64 * MiB, 'sync-cancel');
    await putContainer(container);
    await uploadFile(await openSession(), REGION, {
      container,
      name: 'big.bin',
      filePath: path.join(folder, 'big.bin'),
    });
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('refuses a folder not chosen, stops on cancel, and a full compare fills the cache in the data folder', async () => {
    const operationId = 'sync-cancel-1';
    const cancel = { requested: false };
    const emit: Emit = (event, payload) => {
      if (event !== 'progress' || !('operationId' in payload) || payload.operationId !== operationId) return;
      if (!cancel.requested) {
        cancel.requested = true;
        void handlers.cancel({ operationId }).then((answer) => expect(answer).toEqual({ ok: true, value: true }));
      }
    };
    const answers: DialogAnswers = { next: null };
    const userData = path.join(work, 'user-data');
    const handlers = createHandlers({ emit, deps: testDeps(userData, answers, {}) });
    expect(await handlers.signIn(harnessCredentials())).toMatchObject({ ok: true });
    const request = { operationId, region: REGION, container, folder, excludes: [] };
    expect(await handlers.compareFolder(request)).toMatchObject({ ok: false, error: { code: 'forbidden' } });

    answers.next = [folder];
    expect(await handlers.chooseFolder({})).toEqual({ ok: true, value: folder });
    expect(await handlers.compareFolder(request)).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(cancel.requested).toBe(true);

    const full = await handlers.compareFolder({ ...request, operationId: 'sync-cancel-2' });
    expect(full).toMatchObject({ ok: true, value: { entries: [], groups: { same: { count: 1, bytes: 64 * MiB } } } });
    // One file for the folder's MD5s, named for it, and no temporary file left by the compare that was cancelled.
    const cacheDir = path.join(userData, 'sync', 'digests');
    const kept = fs.readdirSync(cacheDir);
    expect(kept).toEqual([expect.stringMatching(/^files-[0-9a-f]+\.jsonl$/)]);
    const lines = fs.readFileSync(path.join(cacheDir, kept[0]!), 'utf8').trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ of: fs.realpathSync(folder) });
    expect(JSON.parse(lines[1]!)).toEqual(['big.bin', expect.objectContaining({ size: 64 * MiB })]);
    // The differences of both compares were read (none) or given up (the cancelled one): no file of them is left.
    expect(fs.readdirSync(path.join(userData, 'sync', 'differences'))).toEqual([]);
  });
});
