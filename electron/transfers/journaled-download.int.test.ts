// Pause, resume and give up a download against the real Swift: the journal keeps the partial
// file (hidden beside the final name) and the ETag it holds the start of; resuming finishes the
// same file; giving up deletes it; a new process on the same data folder lists it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../ipc/handlers';
import { objectPath } from '../storage/paths';
import { watched } from '../../testing/electron/resume-testkit';
import { PAUSE_REASON } from '../storage/cancel';
import type { StorageSession } from '../storage/session';
import { dialogPerson } from '../../testing/electron/dialog-person';
import { harnessCredentials } from '../../testing/electron/harness-session';
import {
  containerName,
  directPath,
  md5File,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  tempDir,
  writeRandomFile,
} from '../../testing/electron/transfers-testkit';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { journaledDownload, type DownloadRequest } from './journaled-download';
import { TransferJournal } from './transfer-journal';

const container = containerName('resume-down');
const SIZE = 24 * MiB + 3;
let session: StorageSession;
let dir: string;
let source: string;
let appData: string;

beforeAll(async () => {
  session = await openSession();
  await putContainer(container);
  dir = tempDir('resume-down');
  appData = path.join(dir, 'app-data');
  source = path.join(dir, 'source.bin');
  await writeRandomFile(source, SIZE, 'resume-down');
  const res = await swiftRequest(REGION, 'PUT', directPath(container, 'big.bin'), {
    body: fs.readFileSync(source),
  });
  expect(res.status).toBe(201);
});

afterAll(async () => {
  await removeContainer(container);
  fs.rmSync(dir, { recursive: true, force: true });
});

function request(folder: string): DownloadRequest {
  fs.mkdirSync(folder, { recursive: true });
  return { kind: 'download', region: REGION, container, name: 'big.bin', targetDir: folder };
}

/**
 * A download stopped, for `reason` (a pause) or a plain cancel, once 2 MiB of it are in: its body
 * is held there as a stalled network would (resume-testkit.ts), so where it stops is known.
 */
async function stoppedDownload(journal: TransferJournal, id: string, folder: string, reason?: string) {
  const controller = new AbortController();
  const w = watched(session, { path: objectPath(container, 'big.bin'), after: 2 * MiB });
  const download = journaledDownload(journal, w.session, {
    id,
    request: request(folder),
    signal: controller.signal,
    onProgress: () => undefined,
  }).then(
    () => undefined,
    (err: unknown) => err,
  );
  await w.held;
  controller.abort(reason);
  return download;
}

const hidden = (folder: string) => fs.readdirSync(folder).filter((n) => n.startsWith('.'));

describe('a paused download', () => {
  it('keeps its partial file, and resuming finishes that file', async () => {
    const journal = new TransferJournal(appData);
    const folder = path.join(dir, 'paused');
    expect(await stoppedDownload(journal, 'down-1', folder, PAUSE_REASON)).toMatchObject({
      code: 'cancelled',
      message: 'Paused. Resume it from the transfers list.',
    });
    const entry = await journal.get('down-1');
    expect(entry).toMatchObject({ state: 'paused', total: SIZE });
    expect(entry!.done).toBeGreaterThan(0);
    expect(entry!.done).toBeLessThan(SIZE);
    expect(hidden(folder)).toEqual([path.basename(entry!.partial!.tempPath)]);
    expect(fs.statSync(entry!.partial!.tempPath).size).toBeGreaterThanOrEqual(entry!.done);
    expect(fs.existsSync(path.join(folder, 'big.bin'))).toBe(false);

    const saved = await journaledDownload(journal, session, {
      id: 'down-1',
      request: request(folder),
      signal: new AbortController().signal,
      onProgress: () => undefined,
      resumes: entry,
    });
    expect(saved).toEqual({ filePath: path.join(fs.realpathSync(folder), 'big.bin'), bytes: SIZE });
    expect(await md5File(saved.filePath)).toBe(await md5File(source));
    expect(hidden(folder)).toEqual([]);
    expect(await journal.get('down-1')).toBeUndefined();
  });

  it('is listed after a restart, and giving it up deletes the partial file', async () => {
    const journal = new TransferJournal(appData);
    const folder = path.join(dir, 'given-up');
    await stoppedDownload(journal, 'down-2', folder, PAUSE_REASON);
    await journal.flushed();
    expect(hidden(folder)).toHaveLength(1);

    const handlers = createHandlers({ deps: dialogPerson(appData).deps });
    expect((await handlers.signIn(harnessCredentials())).ok).toBe(true);
    const listed = await handlers.listStoppedTransfers({});
    expect(listed).toMatchObject({
      ok: true,
      value: [expect.objectContaining({ id: 'down-2', state: 'paused', total: SIZE, request: request(folder) })],
    });
    expect(await handlers.discardTransfer({ operationId: 'down-2' })).toEqual({ ok: true, value: true });
    expect(fs.readdirSync(folder)).toEqual([]);
    expect(await handlers.listStoppedTransfers({})).toEqual({ ok: true, value: [] });
  });
});

describe('a cancelled download', () => {
  it('leaves neither a partial file nor a journal entry', async () => {
    const journal = new TransferJournal(appData);
    const folder = path.join(dir, 'cancelled');
    expect(await stoppedDownload(journal, 'down-3', folder)).toMatchObject({ code: 'cancelled' });
    await journal.flushed();
    expect(fs.readdirSync(folder)).toEqual([]);
    expect(await journal.get('down-3')).toBeUndefined();
  });
});
