// Pause, resume and give up a segmented upload against the real Swift: the journal in the app's
// data folder holds where it stopped, Swift's own proxy log shows that resuming sends only the
// segments Swift did not already have, and a new process (new handlers on the same folder) lists
// the stopped upload and finishes it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cirrusRequests, settledLogSize } from '../../e2e/fixtures/proxy-log';
import { createHandlers } from '../ipc/handlers';
import { PAUSE_REASON } from '../storage/cancel';
import { StorageError } from '../storage/errors';
import type { StorageSession } from '../storage/session';
import { dialogPerson } from '../../testing/electron/dialog-person';
import { harnessCredentials } from '../../testing/electron/harness-session';
import {
  containerName,
  head,
  listObjects,
  md5File,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  swiftMd5,
  tempDir,
  writeRandomFile,
} from '../../testing/electron/transfers-testkit';
import { journaledUpload, type UploadRequest } from './journaled-upload';
import { TransferJournal } from './transfer-journal';

const container = containerName('resume');
const segContainer = `${container}_segments`;
let session: StorageSession;
let dir: string;
let file: string;
let appData: string;

beforeAll(async () => {
  session = await openSession();
  await putContainer(container);
  dir = tempDir('resume');
  appData = path.join(dir, 'app-data');
  file = path.join(dir, 'big.bin');
  await writeRandomFile(file, 6 * MiB + 5, 'resume');
});

afterAll(async () => {
  await removeContainer(container);
  fs.rmSync(dir, { recursive: true, force: true });
});

const request = (name: string): UploadRequest => ({ kind: 'upload', region: REGION, container, name, filePath: file });

/**
 * The journal, told when an upload records its whole segments: a test stops the upload at a known
 * segment (progress events are throttled, and on a quiet machine a small upload ends before the first).
 */
class WatchedJournal extends TransferJournal {
  onDone: ((done: number) => void) | undefined;
  override patch(
    id: string,
    change: Parameters<TransferJournal['patch']>[1],
    opts?: Parameters<TransferJournal['patch']>[2],
  ): Promise<void> {
    const written = super.patch(id, change, opts);
    if (change.done !== undefined) this.onDone?.(change.done);
    return written;
  }
}

/** Starts a 1 MiB-segment upload, one segment at a time, and stops it once `after` bytes are whole in Swift. */
async function pausedUpload(journal: WatchedJournal, id: string, name: string, after: number, reason?: string) {
  const controller = new AbortController();
  journal.onDone = (done) => {
    if (done >= after) controller.abort(reason);
  };
  const outcome = await journaledUpload(journal, session, {
    id,
    request: request(name),
    signal: controller.signal,
    segmentSize: MiB,
    concurrency: 1,
    onProgress: () => undefined,
  }).then(
    () => undefined,
    (err: unknown) => err,
  );
  return outcome;
}

const segmentPuts = (since: number, name: string) =>
  cirrusRequests(REGION, since)
    .filter((r) => r.method === 'PUT' && r.path.includes(`/${segContainer}/${name}/slo/`))
    .map((r) => Number(r.path.split('/').at(-1)));

describe('a paused upload', () => {
  it('keeps its segments, and resuming sends only the ones Swift lacks', async () => {
    const journal = new WatchedJournal(appData);
    const err = await pausedUpload(journal, 'up-1', 'paused.bin', 3 * MiB, PAUSE_REASON);
    expect(err).toBeInstanceOf(StorageError);
    expect(err).toMatchObject({ code: 'cancelled', message: 'Paused. Resume it from the transfers list.' });
    await journal.flushed();

    const entry = await journal.get('up-1');
    expect(entry).toMatchObject({ state: 'paused', total: 6 * MiB + 5, layout: { segmentSize: MiB, count: 7 } });
    const kept = await listObjects(segContainer, 'paused.bin/');
    expect(kept.length).toBeGreaterThanOrEqual(3);
    expect(kept.length).toBeLessThan(7);
    expect(entry!.done).toBe(kept.length * MiB);
    expect((await head(container, 'paused.bin')).status).toBe(404);

    const since = await settledLogSize(REGION);
    const result = await journaledUpload(journal, session, {
      id: 'up-1',
      request: request('paused.bin'),
      signal: new AbortController().signal,
      onProgress: () => undefined,
      resumes: entry,
    });
    expect(result.segments).toBe(7);
    // Each segment went up once over both runs: the second sent exactly the ones the first had not.
    const resent = segmentPuts(await settledLogSize(REGION).then(() => since), 'paused.bin');
    expect(resent.sort((a, b) => a - b)).toEqual(Array.from({ length: 7 - kept.length }, (_, i) => kept.length + i));
    expect(await swiftMd5(container, 'paused.bin')).toEqual({ md5: await md5File(file), bytes: 6 * MiB + 5 });
    expect((await head(container, 'paused.bin')).headers.get('x-static-large-object')).toBe('True');
    expect(await journal.get('up-1')).toBeUndefined();
  });

  it('is listed by a new process on the same data folder, which finishes it (or gives it up)', async () => {
    const journal = new WatchedJournal(appData);
    for (const [id, name] of [
      ['up-2', 'restarted.bin'],
      ['up-3', 'given-up.bin'],
    ] as const) {
      expect(await pausedUpload(journal, id, name, 2 * MiB, PAUSE_REASON)).toMatchObject({ code: 'cancelled' });
    }
    await journal.flushed();

    const person = dialogPerson(appData);
    const handlers = createHandlers({ deps: person.deps });
    expect(await handlers.listStoppedTransfers({})).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    expect((await handlers.signIn(harnessCredentials())).ok).toBe(true);
    const listed = await handlers.listStoppedTransfers({});
    expect(listed).toMatchObject({
      ok: true,
      value: expect.arrayContaining([
        expect.objectContaining({ id: 'up-2', state: 'paused', total: 6 * MiB + 5, request: request('restarted.bin') }),
        expect.objectContaining({ id: 'up-3', state: 'paused' }),
      ]),
    });

    expect(await handlers.resumeTransfer({ operationId: 'up-2' })).toMatchObject({
      ok: true,
      value: { kind: 'upload', bytes: 6 * MiB + 5 },
    });
    expect(await swiftMd5(container, 'restarted.bin')).toEqual({ md5: await md5File(file), bytes: 6 * MiB + 5 });

    expect(await listObjects(segContainer, 'given-up.bin/')).not.toEqual([]);
    expect(await handlers.discardTransfer({ operationId: 'up-3' })).toEqual({ ok: true, value: true });
    expect(await listObjects(segContainer, 'given-up.bin/')).toEqual([]);
    expect(await handlers.resumeTransfer({ operationId: 'up-3' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    const after = await handlers.listStoppedTransfers({});
    expect(after.ok && (after.value as { id: string }[]).map((t) => t.id)).not.toContain('up-2');
  });
});

describe('an upload that stops for good', () => {
  it('deletes its segments when cancelled, and leaves nothing in the journal', async () => {
    const journal = new WatchedJournal(appData);
    expect(await pausedUpload(journal, 'up-4', 'cancelled.bin', 3 * MiB)).toMatchObject({ code: 'cancelled' });
    await journal.flushed();
    expect(await journal.get('up-4')).toBeUndefined();
    expect(await listObjects(segContainer, 'cancelled.bin/')).toEqual([]);
  });

  it('starts afresh when the file changed size since its first run', async () => {
    const journal = new WatchedJournal(appData);
    const other = path.join(dir, 'changing.bin');
    await writeRandomFile(other, 6 * MiB, 'first');
    const controller = new AbortController();
    journal.onDone = (done) => done >= 2 * MiB && controller.abort(PAUSE_REASON);
    const req: UploadRequest = { ...request('changing.bin'), filePath: other };
    await journaledUpload(journal, session, {
      id: 'up-5',
      request: req,
      signal: controller.signal,
      segmentSize: MiB,
      concurrency: 1,
      onProgress: () => undefined,
    }).catch(() => undefined);
    const entry = await journal.get('up-5');
    expect(entry?.layout?.fileSize).toBe(6 * MiB);
    await writeRandomFile(other, 7 * MiB, 'second');
    await journaledUpload(journal, session, {
      id: 'up-5',
      request: req,
      signal: new AbortController().signal,
      onProgress: () => undefined,
      resumes: entry,
    });
    expect(await swiftMd5(container, 'changing.bin')).toEqual({ md5: await md5File(other), bytes: 7 * MiB });
    // The first run's segments went; the object is whole (7 MiB is below any split without a segment size).
    expect(await listObjects(segContainer, 'changing.bin/')).toEqual([]);
  });
});
