// The bandwidth limit holds real transfers back. Through the IPC handlers as the renderer drives them
// (settings saved, file chosen, upload and download started) against the real Swift: a 3 MiB file at
// 1 MiB/s takes about 3 s each way, where on loopback it takes a fraction of one, and arrives whole.
// Only a lower bound on the time is asserted: this is a behaviour check, not a performance target (the
// bench's row holds the figure: e2e/bench/groups/bandwidth.ts).
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayloads } from '../../shared/contract';
import { DEFAULT_TRANSFER_SETTINGS } from '../../shared/transfer-settings';
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
const container = uniqueName('bandwidth');
const MiB = 1024 ** 2;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-bandwidth-'));
const person = dialogPerson(path.join(dir, 'data'));
let handlers: Handlers;
const { call, value } = recordedCalls(() => handlers);
const events: EventPayloads['progress'][] = [];
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

const content = Buffer.concat(Array.from({ length: 3 }, (_, i) => Buffer.alloc(MiB, `limited ${i};`)));
const file = path.join(dir, 'three.bin');
const saved = path.join(dir, 'saved');
// An archive of two members of random (incompressible) bytes, 3 MiB in all, as `tar` makes it.
const members = [randomBytes(1.5 * MiB), randomBytes(1.5 * MiB)];
const archive = path.join(dir, 'two.tar');
const limited = (limits: Partial<typeof DEFAULT_TRANSFER_SETTINGS>) => ({ ...DEFAULT_TRANSFER_SETTINGS, ...limits });

beforeAll(async () => {
  fs.writeFileSync(file, content);
  fs.mkdirSync(saved);
  const packed = path.join(dir, 'packed');
  fs.mkdirSync(packed);
  members.forEach((m, i) => fs.writeFileSync(path.join(packed, `m${i}.bin`), m));
  execFileSync('tar', ['-cf', archive, '-C', packed, 'm0.bin', 'm1.bin']);
  handlers = createHandlers({
    deps: person.deps,
    emit: (event, payload) => {
      if (event === 'progress') events.push(payload as EventPayloads['progress']);
    },
  });
  await value('signIn', harnessCredentials(who));
  await value('createContainer', { region, container });
  await person.chooseFiles(handlers, [file, archive]);
  await person.chooseFolder(handlers, saved);
});

afterAll(async () => {
  await value('saveTransferSettings', DEFAULT_TRANSFER_SETTINGS);
  await removeContainer(container, who);
  fs.rmSync(dir, { recursive: true, force: true });
});

const seconds = async (work: () => Promise<unknown>): Promise<number> => {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
};

describe('the bandwidth limit', () => {
  it('holds an upload of 3 MiB to 1 MiB/s: about 3 s, and the object arrives whole', async () => {
    await value('saveTransferSettings', limited({ uploadLimit: MiB }));
    const took = await seconds(() =>
      value('uploadFile', { operationId: 'bw-up', region, container, name: 'three.bin', filePath: file }),
    );
    // Less a burst's head start (a tenth of a second's bytes).
    expect(took).toBeGreaterThanOrEqual(2.5);
    const head = await swiftRequest(region, 'HEAD', `${account}/${container}/three.bin`, { who });
    expect(head.headers.get('etag')).toBe(md5(content));
    expect(head.headers.get('content-length')).toBe(String(content.length));
  });

  it('holds a download of 3 MiB to 1 MiB/s, and the file is whole; uploads, not limited, are not held', async () => {
    await value('saveTransferSettings', limited({ downloadLimit: MiB }));
    const took = await seconds(() =>
      value('downloadObject', { operationId: 'bw-down', region, container, name: 'three.bin', targetDir: saved }),
    );
    expect(took).toBeGreaterThanOrEqual(2.5);
    expect(md5(fs.readFileSync(path.join(saved, 'three.bin')))).toBe(md5(content));
    const upload = await seconds(() =>
      value('uploadFile', { operationId: 'bw-free', region, container, name: 'free.bin', filePath: file }),
    );
    expect(upload).toBeLessThan(2.5);
  });

  it('holds an archive sent to be unpacked to the upload limit, and every member arrives', async () => {
    await value('saveTransferSettings', limited({ uploadLimit: MiB }));
    const took = await seconds(() =>
      value('extractArchive', { operationId: 'bw-tar', region, container, prefix: 'tar/', filePath: archive }),
    );
    expect(took).toBeGreaterThanOrEqual(2.5);
    for (const [i, member] of members.entries()) {
      const head = await swiftRequest(region, 'HEAD', `${account}/${container}/tar/m${i}.bin`, { who });
      expect(head.headers.get('etag')).toBe(md5(member));
    }
  });

  it('takes a new limit while a transfer runs: lifted half-way, the rest goes at once', async () => {
    await value('saveTransferSettings', limited({ uploadLimit: 256 * 1024 }));
    const start = performance.now();
    const running = call('uploadFile', { operationId: 'bw-lift', region, container, name: 'lift.bin', filePath: file });
    // At 256 KiB/s the 3 MiB would take 12 s; once some of it has gone, the limit goes.
    const loaded = () => Math.max(0, ...events.filter((e) => e.operationId === 'bw-lift').map((e) => e.loaded));
    await expect.poll(loaded, { timeout: 10_000 }).toBeGreaterThan(256 * 1024);
    expect(loaded()).toBeLessThan(content.length);
    await value('saveTransferSettings', DEFAULT_TRANSFER_SETTINGS);
    expect(await running).toMatchObject({ ok: true, value: { etag: md5(content) } });
    expect((performance.now() - start) / 1000).toBeLessThan(8);
    const head = await swiftRequest(region, 'HEAD', `${account}/${container}/lift.bin`, { who });
    expect(head.headers.get('etag')).toBe(md5(content));
  });
});
