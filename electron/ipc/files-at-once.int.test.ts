// Many files at once, in a bounded pool the person sets ("Files at once"). Through
// the IPC handlers as the renderer drives them (every upload started at once, as a drop of many files
// does) against the real Swift; how many were in flight is read from the proxy's own log.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '../../shared/contract';
import { DEFAULT_TRANSFER_SETTINGS } from '../../shared/transfer-settings';
import { cirrusLog, mostAtOnce, settledLogSize } from '../../e2e/fixtures/proxy-log';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { dialogPerson } from '../../testing/electron/dialog-person';
import { harnessCredentials, uniqueName } from '../../testing/electron/harness-session';
import { recordedCalls } from '../../testing/electron/handler-calls';
import { removeContainer } from '../../testing/electron/transfers-testkit';
import { createHandlers, type Handlers } from './handlers';

const who = 'files' as const;
const region = 'RegionOne' as const;
const account = `/v1/${HARNESS.users[who].account}`;
const container = uniqueName('files-at-once');
const MiB = 1024 ** 2;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-files-at-once-'));
const person = dialogPerson(path.join(dir, 'data'));
let handlers: Handlers;
const { call, value } = recordedCalls(() => handlers);
const events: EventPayloads['progress'][] = [];
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

const files = Array.from({ length: 8 }, (_, i) => {
  const content = Buffer.alloc(2 * MiB + i, `file ${i};`);
  return { name: `f${i}.bin`, path: path.join(dir, `f${i}.bin`), content };
});
const big = path.join(dir, 'big.bin');
const upload = (i: number, operationId: string) =>
  call('uploadFile', { operationId, region, container, name: files[i]!.name, filePath: files[i]!.path });
const queuedIds = () => new Set(events.filter((e) => e.queued).map((e) => e.operationId));
const putsOf = (since: number) =>
  cirrusLog(region, since).filter((r) => r.method === 'PUT' && r.path.startsWith(`${account}/${container}/`));

beforeAll(async () => {
  for (const f of files) fs.writeFileSync(f.path, f.content);
  fs.writeFileSync(big, Buffer.alloc(128 * MiB, 'big;'));
  handlers = createHandlers({
    deps: person.deps,
    emit: (event, payload) => {
      if (event === 'progress') events.push(payload as EventPayloads['progress']);
    },
  });
  await value('signIn', harnessCredentials(who));
  await value('createContainer', { region, container });
  await person.chooseFiles(handlers, [...files.map((f) => f.path), big]);
});

afterAll(async () => {
  await removeContainer(container, who);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('files at once', () => {
  it('runs at most "Files at once" uploads together; the others wait, are told so, and all arrive whole', async () => {
    const settings = { ...DEFAULT_TRANSFER_SETTINGS, filesAtOnce: 2 };
    expect(await value('saveTransferSettings', settings)).toEqual(settings);
    const since = await settledLogSize(region);
    const answers = await Promise.all(files.map((_, i) => upload(i, `pool-${i}`)));
    expect(answers.every((a) => a.ok)).toBe(true);

    for (const f of files) {
      const head = await swiftRequest(region, 'HEAD', `${account}/${container}/${f.name}`, { who });
      expect(head.headers.get('etag')).toBe(md5(f.content));
    }
    await settledLogSize(region);
    const puts = putsOf(since);
    expect(puts.map((r) => r.status)).toEqual(Array(8).fill(201));
    // The proxy's own start and end times: never more than 2 in flight, and 2 at a time.
    expect(mostAtOnce(puts)).toBe(2);
    // Two started at once; the six others waited, and the renderer heard it.
    expect(queuedIds().size).toBe(6);
  });

  it('a waiting upload paused is kept to resume, one cancelled is never sent', async () => {
    await value('saveTransferSettings', { ...DEFAULT_TRANSFER_SETTINGS, filesAtOnce: 1 });
    for (const f of files.slice(1, 3))
      await swiftRequest(region, 'DELETE', `${account}/${container}/${f.name}`, { who });
    const since = await settledLogSize(region);
    events.length = 0;
    // The big one first, holding the one slot (its first progress says it runs), while the others queue.
    const first = call('uploadFile', { operationId: 'wait-first', region, container, name: 'big.bin', filePath: big });
    await expect.poll(() => events.some((e) => e.operationId === 'wait-first' && !e.queued)).toBe(true);
    const paused = upload(1, 'wait-paused');
    const cancelled = upload(2, 'wait-cancelled');
    await expect.poll(() => queuedIds()).toEqual(new Set(['wait-paused', 'wait-cancelled']));
    expect(await value('pauseTransfer', { operationId: 'wait-paused' })).toBe(true);
    expect(await value('cancel', { operationId: 'wait-cancelled' })).toBe(true);
    expect(await paused).toMatchObject({
      ok: false,
      error: { code: 'cancelled', message: expect.stringMatching(/^Paused/) },
    });
    expect(await cancelled).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(await first).toMatchObject({ ok: true });

    const stopped = await value<{ id: string; state: string; done: number }[]>('listStoppedTransfers', {});
    expect(stopped).toEqual([expect.objectContaining({ id: 'wait-paused', state: 'paused', done: 0 })]);
    expect(await value('resumeTransfer', { operationId: 'wait-paused' })).toMatchObject({
      kind: 'upload',
      etag: md5(files[1]!.content),
    });

    await settledLogSize(region);
    expect(putsOf(since).map((r) => r.path.split('/').pop())).toEqual(['big.bin', 'f1.bin']);
    const missing = await swiftRequest(region, 'HEAD', `${account}/${container}/f2.bin`, { who });
    expect(missing.status).toBe(404);
  });
});
