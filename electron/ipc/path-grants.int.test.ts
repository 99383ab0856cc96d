// The renderer reads and writes only where the person chose: over IPC, against the real
// Swift, a path the main process did not hand out is `forbidden` and nothing reaches Swift (its
// proxy log says so); a path that is not a regular file is `invalid_input` at once; a chosen or
// dropped file still uploads, previews and extracts, and a chosen folder still receives downloads.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cirrusRequests, logSize } from '../../e2e/fixtures/proxy-log';
import { HARNESS } from '../../testing/swift/config';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';
import { dialogPerson } from '../../testing/electron/dialog-person';
import { harnessCredentials, uniqueName } from '../../testing/electron/harness-session';
import { createHandlers, type Handlers } from './handlers';
import { FILE_REFUSED, FOLDER_REFUSED } from './path-grants';

const admin = HARNESS.users.admin;
const region = 'RegionOne';
const container = uniqueName('grants');
const account = `/v1/${admin.account}`;
const direct = (method: string, p: string, opts: { body?: string } = {}) =>
  swiftRequest(region, method, `${account}/${p}`, opts);
const person = dialogPerson();
let handlers: Handlers;
let work: string;
let since: number;
let ids = 0;
const op = () => ({ operationId: `grants-${++ids}`, region });
const at = (...parts: string[]) => path.join(work, ...parts);

beforeAll(async () => {
  work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-grants-ipc-')));
  for (const dir of ['chosen', 'tree', 'saves', 'elsewhere']) fs.mkdirSync(at(dir));
  fs.writeFileSync(at('chosen', 'a.txt'), 'chosen bytes\n');
  fs.writeFileSync(at('chosen', 'neighbour.txt'), 'not chosen\n');
  fs.writeFileSync(at('secret.txt'), 'secret\n');
  fs.writeFileSync(at('tree', 'x.txt'), 'from the archive\n');
  execFileSync('tar', ['-czf', at('chosen', 'bundle.tar.gz'), '-C', at('tree'), 'x.txt']);
  execFileSync('mkfifo', [at('chosen', 'pipe.tar.gz')]);
  expect((await direct('PUT', container)).status).toBe(201);
  expect((await direct('PUT', `${container}/remote.txt`, { body: 'from swift\n' })).status).toBe(201);

  handlers = createHandlers({ deps: person.deps });
  const signedIn = await handlers.signIn(harnessCredentials());
  expect(signedIn.ok).toBe(true);
  // The region's /info, once, so the refusals below could not hide behind a first request.
  expect(await handlers.getLimits({ region })).toMatchObject({ ok: true });
  since = logSize();
});

afterAll(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  for (const name of await listAll(region, `${account}/${container}`).catch(() => []))
    await direct('DELETE', `${container}/${name.split('/').map(encodeURIComponent).join('/')}`);
  await direct('DELETE', container);
});

const forbiddenFile = { ok: false, error: { code: 'forbidden', message: FILE_REFUSED } };
const forbiddenFolder = { ok: false, error: { code: 'forbidden', message: FOLDER_REFUSED } };

describe('local paths over IPC', () => {
  it('a path the person did not choose is forbidden for upload, preview, extract and download', async () => {
    await person.chooseFiles(handlers, [at('chosen', 'a.txt'), at('chosen', 'bundle.tar.gz')]);
    await person.chooseFolder(handlers, at('saves'));
    const notChosen = [
      '/etc/passwd',
      at('chosen', 'neighbour.txt'),
      `${at('chosen')}/../secret.txt`,
      `${at('chosen')}/../chosen/a.txt`,
      `${at('chosen', 'a.txt')}/`,
    ];
    for (const filePath of notChosen) {
      const upload = { ...op(), container, name: `stolen-${ids}`, filePath };
      expect(await handlers.uploadFile(upload), filePath).toEqual(forbiddenFile);
      const archive = { container, prefix: 'stolen', filePath };
      expect(await handlers.previewArchive({ region, ...archive }), filePath).toEqual(forbiddenFile);
      expect(await handlers.extractArchive({ ...op(), ...archive }), filePath).toEqual(forbiddenFile);
    }
    for (const targetDir of [os.tmpdir(), at('elsewhere'), at('saves', 'inner'), `${at('saves')}/../elsewhere`]) {
      const download = { ...op(), container, name: 'remote.txt', targetDir };
      expect(await handlers.downloadObject(download), targetDir).toEqual(forbiddenFolder);
    }
    // A chosen file is no folder to save into, and a chosen folder no file to read.
    expect(await handlers.downloadObject({ ...op(), container, name: 'remote.txt', targetDir: at('chosen') })).toEqual(
      forbiddenFolder,
    );
    expect(await handlers.uploadFile({ ...op(), container, name: 'x', filePath: at('saves') })).toEqual(forbiddenFile);
    expect(fs.readdirSync(at('elsewhere'))).toEqual([]);
    expect(fs.readdirSync(at('saves'))).toEqual([]);
  });

  it('a chosen symlink swapped for another file afterwards is forbidden', async () => {
    const link = at('chosen', 'link.txt');
    fs.symlinkSync(at('chosen', 'a.txt'), link);
    await person.chooseFiles(handlers, [link]);
    fs.rmSync(link);
    fs.symlinkSync(at('secret.txt'), link);
    const answer = await handlers.uploadFile({ ...op(), container, name: 'swapped', filePath: link });
    expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(!answer.ok && answer.error.message).toContain(FILE_REFUSED);
  });

  it("Swift's proxy log shows nothing sent for any of those", async () => {
    // An allowed request, so the log is known to have caught up before it is read.
    expect(await handlers.getContainer({ region, container })).toMatchObject({ ok: true });
    const ours = () => cirrusRequests(region, since).filter((r) => r.path.startsWith(`${account}/${container}`));
    const deadline = Date.now() + 10_000;
    while (!ours().some((r) => r.method === 'HEAD') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ours().map((r) => `${r.method} ${r.path}`)).toEqual([`HEAD ${account}/${container}`]);
  });

  it('a chosen or dropped path that is not a regular file is invalid_input at once', async () => {
    const fifo = at('chosen', 'pipe.tar.gz');
    await person.chooseFiles(handlers, [fifo, at('tree')]);
    const dropped = at('tree', 'dropped-pipe.tar');
    execFileSync('mkfifo', [dropped]);
    expect(await handlers.grantDroppedFile({ path: dropped })).toEqual({ ok: true, value: true });
    for (const filePath of [fifo, dropped, at('tree')]) {
      const started = performance.now();
      const answers = [
        await handlers.previewArchive({ region, container, filePath }),
        await handlers.extractArchive({ ...op(), container, filePath }),
        await handlers.uploadFile({ ...op(), container, name: 'pipe', filePath }),
      ];
      expect(performance.now() - started, filePath).toBeLessThan(2000);
      for (const answer of answers) {
        expect(answer, filePath).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
        expect(!answer.ok && answer.error.message).toMatch(/is not a regular file \(it is a (named pipe|folder)\)/);
      }
    }
    // The main process's file work is not stuck behind a pipe.
    expect(await fs.promises.readFile(at('chosen', 'a.txt'), 'utf8')).toBe('chosen bytes\n');
  });

  it('a chosen file uploads, a chosen archive previews and extracts, a chosen folder receives downloads', async () => {
    await person.chooseFiles(handlers, [at('chosen', 'a.txt'), at('chosen', 'bundle.tar.gz')]);
    const upload = { ...op(), container, name: 'uploaded.txt', filePath: at('chosen', 'a.txt') };
    expect(await handlers.uploadFile(upload)).toMatchObject({ ok: true, value: { bytes: 13 } });
    expect((await direct('GET', `${container}/uploaded.txt`)).text).toBe('chosen bytes\n');

    const archive = { container, prefix: 'unpacked', filePath: at('chosen', 'bundle.tar.gz') };
    expect(await handlers.previewArchive({ region, ...archive })).toMatchObject({
      ok: true,
      value: { format: 'tar.gz', memberCount: 1, firstMembers: [{ name: 'unpacked/x.txt', bytes: 17 }] },
    });
    expect(await handlers.extractArchive({ ...op(), ...archive })).toMatchObject({
      ok: true,
      value: { created: 1 },
    });
    expect((await direct('GET', `${container}/unpacked/x.txt`)).text).toBe('from the archive\n');

    await person.chooseFolder(handlers, at('saves'));
    const download = { ...op(), container, name: 'remote.txt', targetDir: at('saves'), fileName: 'deep/copy.txt' };
    expect(await handlers.downloadObject(download)).toEqual({
      ok: true,
      value: { filePath: at('saves', 'deep', 'copy.txt'), bytes: 11 },
    });
    expect(fs.readFileSync(at('saves', 'deep', 'copy.txt'), 'utf8')).toBe('from swift\n');
  });

  it('a dropped file is granted by the preload and uploads, even when the upload is sent right behind the grant', async () => {
    const dropped = at('tree', 'dropped.txt');
    fs.writeFileSync(dropped, 'dropped bytes\n');
    // The preload does not wait for the grant's answer; neither does this test.
    const granted = handlers.grantDroppedFile({ path: dropped });
    const uploaded = handlers.uploadFile({ ...op(), container, name: 'dropped.txt', filePath: dropped });
    expect(await granted).toEqual({ ok: true, value: true });
    expect(await uploaded).toMatchObject({ ok: true, value: { bytes: 14 } });
    expect((await direct('GET', `${container}/dropped.txt`)).text).toBe('dropped bytes\n');
  });
});
