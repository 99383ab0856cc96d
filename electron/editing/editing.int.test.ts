// Editing in place against the real Swift, through the IPC handlers as the page calls them; the test
// plays the person's editor by writing the copy at the path the main process handed to "the system's
// application" (a recording stand-in), and reads every outcome from Swift directly.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditingSession } from '../../shared/editing';
import type { TransferSettings } from '../../shared/transfer-settings';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { headlessDeps } from '../ipc/deps';
import { harnessCredentials, uniqueName } from '../../testing/electron/harness-session';
import { recordedCalls } from '../../testing/electron/handler-calls';
import { removeContainer } from '../../testing/electron/transfers-testkit';
import { createHandlers, type Handlers } from '../ipc/handlers';

const who = 'admin' as const;
const region = 'RegionOne' as const;
const container = uniqueName('editing');
const objectUrl = (name: string) =>
  `/v1/${HARNESS.users[who].account}/${container}/${name.split('/').map(encodeURIComponent).join('/')}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-editing-'));
const opened: string[] = [];
let latest: EditingSession[] = [];
let handlers: Handlers;
const { call, value } = recordedCalls(() => handlers);

const put = async (name: string, body: string, headers: Record<string, string> = {}) =>
  expect((await swiftRequest(region, 'PUT', objectUrl(name), { who, body, headers })).status).toBe(201);
const swiftText = async (name: string) => {
  const res = await swiftRequest(region, 'GET', objectUrl(name), { who });
  return res.status === 200 ? res.text : `(HTTP ${res.status})`;
};
const editOf = (id: string) => latest.find((edit) => edit.id === id);
/** The person's editor saves the copy. */
const save = (filePath: string, text: string) => fs.writeFileSync(filePath, text);

beforeAll(async () => {
  handlers = createHandlers({
    deps: {
      ...headlessDeps(dataDir),
      openPath: async (filePath) => {
        opened.push(filePath);
        return '';
      },
    },
    emit: (event, payload) => {
      if (event === 'editing') latest = (payload as { sessions: EditingSession[] }).sessions;
    },
  });
  await value('signIn', harnessCredentials(who));
  await value('createContainer', { region, container });
});

afterAll(async () => {
  await removeContainer(container, who);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('editing an object in place', () => {
  let edit: EditingSession;
  let copy: string;

  it('downloads the object into a private folder of the data folder and opens that copy', async () => {
    await put('docs/notes.txt', 'first', { 'content-type': 'text/x-notes', 'x-object-meta-colour': 'blue' });
    edit = await value<EditingSession>('startEditing', { region, container, name: 'docs/notes.txt' });
    copy = opened.at(-1) ?? '';
    expect(path.dirname(path.dirname(copy))).toBe(path.join(dataDir, 'editing'));
    expect(path.basename(copy)).toBe('notes.txt');
    expect(fs.readFileSync(copy, 'utf8')).toBe('first');
    expect(fs.statSync(path.dirname(copy)).mode & 0o777).toBe(0o700);
    expect(edit).toMatchObject({ name: 'docs/notes.txt', fileName: 'notes.txt', state: 'watching', unsaved: false });
    // The page is told of the edit, and never of the path.
    expect(JSON.stringify(await value('listEditing', {}))).not.toContain(dataDir);
  });

  it('sends each save to Swift, keeping the content type and metadata', async () => {
    save(copy, 'second');
    await expect.poll(() => swiftText('docs/notes.txt'), { timeout: 15_000 }).toBe('second');
    await expect.poll(() => editOf(edit.id)?.savedAt).toBeDefined();
    save(copy, 'third, saved again');
    await expect.poll(() => swiftText('docs/notes.txt'), { timeout: 15_000 }).toBe('third, saved again');
    const head = await swiftRequest(region, 'HEAD', objectUrl('docs/notes.txt'), { who });
    expect(head.headers.get('content-type')).toBe('text/x-notes');
    expect(head.headers.get('x-object-meta-colour')).toBe('blue');
    await expect.poll(() => editOf(edit.id)).toMatchObject({ state: 'watching', unsaved: false });
  });

  it('asks, and overwrites nothing, when the object changed in Swift meanwhile; keep both makes a numbered object', async () => {
    await put('docs/notes.txt', 'theirs');
    save(copy, 'mine');
    await expect.poll(() => editOf(edit.id)?.state, { timeout: 15_000 }).toBe('conflict');
    expect(editOf(edit.id)).toMatchObject({ unsaved: true, error: { code: 'conflict' } });
    expect(await swiftText('docs/notes.txt')).toBe('theirs');

    const kept = await value<EditingSession>('resolveEditConflict', { id: edit.id, choice: 'keepBoth' });
    expect(kept).toMatchObject({ name: 'docs/notes (2).txt', state: 'watching', unsaved: false });
    expect(await swiftText('docs/notes (2).txt')).toBe('mine');
    expect(await swiftText('docs/notes.txt')).toBe('theirs');
    // Later saves go to the numbered object.
    save(copy, 'mine, once more');
    await expect.poll(() => swiftText('docs/notes (2).txt'), { timeout: 15_000 }).toBe('mine, once more');
  });

  it('replaces theirs, or takes theirs into the copy, as the person chooses', async () => {
    await expect.poll(() => editOf(edit.id)).toMatchObject({ state: 'watching', unsaved: false });
    await put('docs/notes (2).txt', 'theirs again');
    save(copy, 'mine wins');
    await expect.poll(() => editOf(edit.id)?.state, { timeout: 15_000 }).toBe('conflict');
    await value('resolveEditConflict', { id: edit.id, choice: 'replace' });
    expect(await swiftText('docs/notes (2).txt')).toBe('mine wins');

    await put('docs/notes (2).txt', 'theirs stays');
    save(copy, 'mine goes');
    await expect.poll(() => editOf(edit.id)?.state, { timeout: 15_000 }).toBe('conflict');
    const discarded = await value<EditingSession>('resolveEditConflict', { id: edit.id, choice: 'discard' });
    expect(discarded).toMatchObject({ state: 'watching', unsaved: false });
    expect(fs.readFileSync(copy, 'utf8')).toBe('theirs stays');
    expect(await swiftText('docs/notes (2).txt')).toBe('theirs stays');
  });

  it('says at once when a save fails, keeps the copy, and sends it on Retry', async () => {
    // A container quota of 1 byte: Swift refuses the next save (413).
    const quota = (headers: Record<string, string>) =>
      swiftRequest(region, 'POST', `/v1/${HARNESS.users[who].account}/${container}`, { who, headers });
    expect((await quota({ 'x-container-meta-quota-bytes': '1' })).status).toBe(204);
    save(copy, 'refused for now');
    await expect.poll(() => editOf(edit.id)?.state, { timeout: 15_000 }).toBe('failed');
    expect(editOf(edit.id)).toMatchObject({ unsaved: true, error: { code: 'limit_exceeded' } });
    expect(JSON.stringify(latest)).not.toContain(dataDir);
    expect(await swiftText('docs/notes (2).txt')).toBe('theirs stays');
    expect(fs.readFileSync(copy, 'utf8')).toBe('refused for now');

    expect((await quota({ 'x-remove-container-meta-quota-bytes': 'x' })).status).toBe(204);
    const retried = await value<EditingSession>('retryEditUpload', { id: edit.id });
    expect(retried).toMatchObject({ state: 'watching', unsaved: false, error: undefined });
    expect(await swiftText('docs/notes (2).txt')).toBe('refused for now');
  });

  it('stops: the copy and its folder are removed', async () => {
    expect(await value('stopEditing', { id: edit.id })).toBe(true);
    expect(fs.existsSync(path.dirname(copy))).toBe(false);
    expect(await value('listEditing', {})).toEqual([]);
  });

  it('refuses a link and an object above the size limit, with a sentence', async () => {
    await put('big-part', 'x'.repeat(1024 ** 2));
    const manifest = JSON.stringify(
      Array.from({ length: 257 }, () => ({ path: `${container}/big-part`, size_bytes: 1024 ** 2 })),
    );
    const slo = await swiftRequest(region, 'PUT', `${objectUrl('big.bin')}?multipart-manifest=put`, {
      who,
      body: manifest,
    });
    expect(slo.status).toBe(201);
    const tooBig = await call('startEditing', { region, container, name: 'big.bin' });
    expect(tooBig).toMatchObject({ ok: false, error: { code: 'limit_exceeded' } });
    expect(tooBig.ok ? '' : tooBig.error.message).toMatch(/edits objects of up to 256 MiB .* Download it instead\./);
    // The limit is the person's setting, read at each start: lowered to 1 MiB, a 1 MiB + 1 byte object is refused.
    await put('just-over.txt', 'x'.repeat(1024 ** 2 + 1));
    const settings = await value<TransferSettings>('getTransferSettings', {});
    await value('saveTransferSettings', { ...settings, editLimit: 1024 ** 2 });
    const justOver = await call('startEditing', { region, container, name: 'just-over.txt' });
    await value('saveTransferSettings', settings);
    expect(justOver).toMatchObject({ ok: false, error: { code: 'limit_exceeded' } });
    expect(justOver.ok ? '' : justOver.error.message).toContain(
      'up to 1 MiB (1,048,576 bytes) in place (the edit size limit in Transfer settings)',
    );

    await put('link.txt', '', { 'x-symlink-target': `${container}/big-part` });
    const link = await call('startEditing', { region, container, name: 'link.txt' });
    expect(link).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(fs.readdirSync(path.join(dataDir, 'editing'))).toEqual([]);
  });

  it('signing out stops every edit and removes its copy', async () => {
    await put('other.txt', 'other');
    await value('startEditing', { region, container, name: 'other.txt' });
    const other = opened.at(-1) ?? '';
    expect(fs.existsSync(other)).toBe(true);
    await value('signOut', {});
    expect(fs.existsSync(path.dirname(other))).toBe(false);
    await value('signIn', harnessCredentials(who)); // for afterAll's clean-up
  });
});
