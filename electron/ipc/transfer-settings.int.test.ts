// The person's transfer settings decide how an upload is split. Through the IPC handlers
// (settings saved, file chosen, upload started as the renderer would) against the real Swift; what was sent is
// read from Swift itself: the object's headers, the segment container's listing and the proxy's own log.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cirrusLog, mostAtOnce, settledLogSize } from '../../e2e/fixtures/proxy-log';
import { HARNESS } from '../../testing/swift/config';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';
import { dialogPerson } from '../../testing/electron/dialog-person';
import { harnessCredentials, uniqueName } from '../../testing/electron/harness-session';
import { recordedCalls } from '../../testing/electron/handler-calls';
import { removeContainer } from '../../testing/electron/transfers-testkit';
import { DEFAULT_TRANSFER_SETTINGS } from '../../shared/transfer-settings';
import { createHandlers, type Handlers } from './handlers';

const who = 'files' as const;
const region = 'RegionOne' as const;
const account = `/v1/${HARNESS.users[who].account}`;
const container = uniqueName('upload-settings');
const segments = `${container}_segments`;
const MiB = 1024 ** 2;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-upload-settings-'));
const person = dialogPerson(path.join(dir, 'data'));
let handlers: Handlers;
const { value } = recordedCalls(() => handlers);
const md5 = (b: Buffer | string) => createHash('md5').update(b).digest('hex');

// 8 MiB and 5 bytes of varied content: 9 segments of 1 MiB, the last one 5 bytes.
const content = Buffer.concat([
  ...Array.from({ length: 8 }, (_, i) => Buffer.alloc(MiB, `segment ${i};`)),
  Buffer.from('tail!'),
]);
const file = path.join(dir, 'big.bin');

beforeAll(async () => {
  fs.writeFileSync(file, content);
  handlers = createHandlers({ deps: person.deps });
  await value('signIn', harnessCredentials(who));
  await value('createContainer', { region, container });
  await person.chooseFiles(handlers, [file]);
});

afterAll(async () => {
  await removeContainer(container, who); // and its _segments twin
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('uploads split as the transfer settings say', () => {
  it('a file above the threshold goes up as an SLO of segment-size segments, at most `streams` at once', async () => {
    const settings = { ...DEFAULT_TRANSFER_SETTINGS, segmentThreshold: MiB, segmentSize: MiB, streams: 3 };
    expect(await value('saveTransferSettings', settings)).toEqual(settings);
    const since = await settledLogSize(region);
    const result = await value<{ etag: string; bytes: number; segments: number }>('uploadFile', {
      operationId: 'settings-slo',
      region,
      container,
      name: 'big.bin',
      filePath: file,
    });
    const segmentMd5s = Array.from({ length: 9 }, (_, i) => md5(content.subarray(i * MiB, (i + 1) * MiB)));
    // Swift's ETag of an SLO: the MD5 of its segments' MD5s.
    expect(result).toEqual({ etag: md5(segmentMd5s.join('')), bytes: content.length, segments: 9 });

    const head = await swiftRequest(region, 'HEAD', `${account}/${container}/big.bin`, { who });
    expect(head.headers.get('x-static-large-object')).toBe('True');
    expect(head.headers.get('etag')).toBe(`"${result.etag}"`);
    expect(await listAll(region, `${account}/${segments}`, who, 'big.bin/')).toHaveLength(9);

    await settledLogSize(region);
    const puts = cirrusLog(region, since).filter(
      (r) => r.method === 'PUT' && r.path.startsWith(`${account}/${segments}/`),
    );
    expect(puts.map((r) => r.status)).toEqual(Array(9).fill(201));
    expect(new Set(puts.map((r) => r.path)).size).toBe(9);
    // The proxy's own start and end times: never more than 3 segments in flight, and more than one at a time.
    expect(mostAtOnce(puts)).toBeLessThanOrEqual(3);
    expect(mostAtOnce(puts)).toBeGreaterThan(1);
  });

  it('a new threshold applies to the next upload: the same file at or below it goes up whole', async () => {
    const settings = { ...DEFAULT_TRANSFER_SETTINGS, segmentThreshold: 16 * MiB, segmentSize: MiB, streams: 3 };
    expect(await value('saveTransferSettings', settings)).toEqual(settings);
    expect(await value('getTransferSettings', {})).toEqual(settings);
    const result = await value('uploadFile', {
      operationId: 'settings-whole',
      region,
      container,
      name: 'whole.bin',
      filePath: file,
    });
    expect(result).toEqual({ etag: md5(content), bytes: content.length, segments: 0 });
    const head = await swiftRequest(region, 'HEAD', `${account}/${container}/whole.bin`, { who });
    expect(head.headers.get('x-static-large-object')).toBeNull();
    expect(await listAll(region, `${account}/${segments}`, who, 'whole.bin/')).toEqual([]);
  });
});
