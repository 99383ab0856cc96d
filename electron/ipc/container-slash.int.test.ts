// A container name with "/" reaches Swift as container + object (`c%2Fo` is read as container `c`,
// object `o`). Against the real Swift: every call naming container "c/o", over IPC and straight
// through the storage client, is refused with invalid_input, and container `c` is left as it was.
import {
  removeContainerMetadata,
  removeObjectMetadata,
  setContainerMetadata,
  setObjectMetadata,
} from '../../testing/electron/metadata-shorthands';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cirrusRequests, logSize } from '../../e2e/fixtures/proxy-log';
import { HARNESS } from '../../testing/swift/config';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';
import { deleteContainer, setPublicRead } from '../storage/containers';
import { extractArchive } from '../storage/archive';
import { bulkDelete, copyObject, deleteObject } from '../storage/objects';
import type { StorageSession } from '../storage/session';
import { uploadFile } from '../storage/upload';
import { harnessCredentials, openHarnessSession, uniqueName } from '../../testing/electron/harness-session';
import { createHandlers, type Handlers } from './handlers';

const admin = HARNESS.users.admin;
const region = 'RegionOne';
const c = uniqueName('slash');
const slashed = `${c}/o`;
const account = `/v1/${admin.account}`;
const direct = (method: string, p: string, opts: { headers?: Record<string, string>; body?: string } = {}) =>
  swiftRequest(region, method, `${account}/${p}`, opts);

let handlers: Handlers;
let session: StorageSession;
let work: string;
let archive: string;
let since: number;

/** What the test checks `c` against: its objects, their bodies and metadata, the container's metadata. */
async function stateOfC() {
  const head = (p: string) => direct('HEAD', p).then((r) => [r.status, r.headers.get('x-object-meta-keep')]);
  return {
    objects: await listAll(region, `${account}/${c}`),
    o: [await head(`${c}/o`), (await direct('GET', `${c}/o`)).text],
    ox: [await head(`${c}/o/x`), (await direct('GET', `${c}/o/x`)).text],
    container: (await direct('HEAD', c)).headers.get('x-container-meta-keep'),
    read: (await direct('HEAD', c)).headers.get('x-container-read'),
  };
}
let before: Awaited<ReturnType<typeof stateOfC>>;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-slash-'));
  fs.mkdirSync(path.join(work, 'tree'));
  fs.writeFileSync(path.join(work, 'tree', 'x'), 'from the archive\n');
  archive = path.join(work, 'a.tar');
  execFileSync('tar', ['-cf', archive, '-C', path.join(work, 'tree'), 'x']);

  expect((await direct('PUT', c, { headers: { 'X-Container-Meta-Keep': 'container' } })).status).toBe(201);
  expect((await direct('PUT', `${c}/o`, { body: 'object o', headers: { 'X-Object-Meta-Keep': 'o' } })).status).toBe(
    201,
  );
  expect(
    (await direct('PUT', `${c}/o/x`, { body: 'object o/x', headers: { 'X-Object-Meta-Keep': 'ox' } })).status,
  ).toBe(201);
  before = await stateOfC();
  expect(before.objects).toEqual(['o', 'o/x']);

  handlers = createHandlers();
  const signedIn = await handlers.signIn(harnessCredentials());
  expect(signedIn.ok).toBe(true);
  session = await openHarnessSession();
  since = logSize();
});

afterAll(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  for (const name of await listAll(region, `${account}/${c}`).catch(() => []))
    await direct('DELETE', `${c}/${name.split('/').map(encodeURIComponent).join('/')}`);
  await direct('DELETE', c);
});

describe('container "c/o" never touches container c', () => {
  it('over IPC, every operation is answered invalid_input', async () => {
    const op = { operationId: uniqueName('op'), region };
    const calls: [keyof Handlers, Record<string, unknown>][] = [
      ['deleteObject', { region, container: slashed, name: 'x' }],
      [
        'changeMetadata',
        { region, target: { kind: 'object', container: slashed, name: 'x' }, set: { Changed: 'yes' } },
      ],
      ['changeMetadata', { region, target: { kind: 'object', container: slashed, name: 'x' }, remove: ['keep'] }],
      ['changeMetadata', { region, target: { kind: 'container', container: slashed }, set: { Changed: 'yes' } }],
      ['changeMetadata', { region, target: { kind: 'container', container: slashed }, remove: ['keep'] }],
      ['setPublicRead', { region, container: slashed, on: true }],
      ['deleteContainer', { region, container: slashed }],
      ['createContainer', { region, container: slashed }],
      ['extractArchive', { ...op, container: slashed, filePath: archive }],
      ['uploadFile', { ...op, container: slashed, name: 'x', filePath: archive }],
      ['copyObject', { region, from: { container: c, name: 'o' }, to: { container: slashed, name: 'x' } }],
      ['bulkDelete', { region, items: [{ container: slashed, name: 'x' }, { container: slashed }] }],
    ];
    for (const [operation, request] of calls) {
      expect(await handlers[operation](request), operation).toMatchObject({
        ok: false,
        error: { code: 'invalid_input' },
      });
    }
    expect(await stateOfC()).toEqual(before);
  });

  it('straight through the storage client, the path builder refuses before any request', async () => {
    const refusals: [string, () => Promise<unknown>][] = [
      ['deleteObject', () => deleteObject(session, region, slashed, 'x')],
      ['set object metadata', () => setObjectMetadata(session, region, slashed, 'x', { Changed: 'yes' })],
      ['remove object metadata', () => removeObjectMetadata(session, region, slashed, 'x', ['keep'])],
      ['set container metadata', () => setContainerMetadata(session, region, slashed, { Changed: 'yes' })],
      ['remove container metadata', () => removeContainerMetadata(session, region, slashed, ['keep'])],
      ['setPublicRead', () => setPublicRead(session, region, slashed, true)],
      ['deleteContainer', () => deleteContainer(session, region, slashed)],
      ['extractArchive', () => extractArchive(session, region, { container: slashed, filePath: archive })],
      ['uploadFile', () => uploadFile(session, region, { container: slashed, name: 'x', filePath: archive })],
      [
        'copyObject',
        () => copyObject(session, region, { from: { container: c, name: 'o' }, to: { container: slashed, name: 'x' } }),
      ],
      ['bulkDelete', () => bulkDelete(session, region, [{ container: slashed, name: 'x' }, { container: slashed }])],
    ];
    for (const [what, call] of refusals) {
      await expect(call(), what).rejects.toMatchObject({ code: 'invalid_input' });
    }
    expect(await stateOfC()).toEqual(before);
  });

  it("Swift's proxy log shows no request for c/o from Cirrus", async () => {
    // A request that is allowed, so the log is known to have caught up before it is read.
    expect(await handlers.getContainer({ region, container: c })).toMatchObject({ ok: true });
    const deadline = Date.now() + 10_000;
    const ours = () => cirrusRequests(region, since).filter((r) => r.path.startsWith(`${account}/${c}`));
    while (!ours().some((r) => r.method === 'HEAD' && r.path === `${account}/${c}`) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const requests = ours();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toContain(`HEAD ${account}/${c}`);
    expect(requests.filter((r) => r.path.startsWith(`${account}/${slashed}`))).toEqual([]);
  });
});
