// The preload against the fake `electron` module: what the page gets on window.cirrus, and how a
// drop becomes a grant the main process honours (electron/ipc/path-grants.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPERATIONS, PRELOAD_ONLY, channelOf } from '../shared/operations';
import type { CirrusApi } from '../shared/contract';
import type { AccessGrant } from './storage/auth';
import { createDispatcher } from './ipc/dispatch';
import { createHandlers } from './ipc/handlers';
import { startFaultServer, FAULT_ACCOUNT, FAULT_REGION, type FaultServer } from '../testing/electron/fault-server';
import type * as FakeElectron from '../testing/electron/fake-electron';

let work: string;
let server: FaultServer;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-preload-'));
  server = await startFaultServer((_req, reply) => reply.send(503));
});
afterAll(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  await server.close();
});

/** Runs the real preload with a fresh fake; `paths` is what webUtils knows of each dropped File, by name. */
async function loadPreload(paths: Record<string, string>) {
  vi.resetModules();
  const electron: typeof FakeElectron = await import('../testing/electron/fake-electron');
  electron.resetFake();
  electron.fake.pathForFile = (file) => paths[(file as { name: string }).name] ?? '';
  await import('./preload');
  return { fake: electron.fake, api: electron.fake.exposed.get('cirrus') as CirrusApi & Record<string, unknown> };
}

describe('the preload', () => {
  it('gives the page every operation but the preload-only ones', async () => {
    const { api } = await loadPreload({});
    const page = OPERATIONS.filter((op) => !(PRELOAD_ONLY as readonly string[]).includes(op));
    expect(Object.keys(api).sort()).toEqual([...page, 'on', 'pathForFile'].sort());
    expect(api.grantDroppedFile).toBeUndefined();
  });

  it("grants a dropped file's path as it hands it to the page, and nothing for a File without one", async () => {
    const { api, fake } = await loadPreload({ 'dropped.tar.gz': '/home/person/dropped.tar.gz' });
    expect(api.pathForFile({ name: 'dropped.tar.gz', size: 1 })).toBe('/home/person/dropped.tar.gz');
    expect(api.pathForFile({ name: 'made-by-the-page.txt', size: 1 })).toBe('');
    expect(fake.ipcRendererCalls).toEqual([
      { channel: channelOf('grantDroppedFile'), args: [{ path: '/home/person/dropped.tar.gz' }] },
    ]);
  });

  it('a grant the main process refuses does not surface in the page', async () => {
    const { api, fake } = await loadPreload({ 'a.txt': '/a.txt' });
    fake.invokeAnswer = () => Promise.reject(new Error('no handler'));
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    expect(api.pathForFile({ name: 'a.txt', size: 1 })).toBe('/a.txt');
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('wired to the real handlers, the call the page makes right after a drop finds the grant', async () => {
    const fifo = path.join(work, 'dropped.tar.gz');
    execFileSync('mkfifo', [fifo]);
    const secret = path.join(work, 'secret.tar.gz');
    fs.writeFileSync(secret, 'not yours');
    const { api, fake } = await loadPreload({ 'dropped.tar.gz': fifo });
    const grant: AccessGrant = {
      token: 't',
      expiresAt: undefined,
      tenantName: 't',
      regions: [{ name: FAULT_REGION, endpoint: `${server.origin}${FAULT_ACCOUNT}` }],
    };
    const handlers = createHandlers({ authenticate: async () => grant });
    const dispatcher = createDispatcher(handlers, () => true);
    fake.invokeAnswer = (channel, request) =>
      dispatcher.dispatch(channel, { webContentsId: 1, frameUrl: 'app://cirrus/', isMainFrame: true }, request);
    const signIn = { authUrl: 'http://127.0.0.1:1/v2.0', userName: 'u', secret: { kind: 'password', value: 'p' } };
    expect(await api.signIn(signIn as Parameters<CirrusApi['signIn']>[0])).toMatchObject({ ok: true });

    // Not awaited by anyone: the preview is sent right behind the grant, as the page does.
    const dropped = api.pathForFile({ name: 'dropped.tar.gz', size: 0 });
    const preview = await api.previewArchive({ region: FAULT_REGION, container: 'c', filePath: dropped });
    // Granted, so it got as far as the file: a named pipe, refused at once.
    expect(preview).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!preview.ok && preview.error.message).toContain('named pipe');

    const forged = await api.previewArchive({ region: FAULT_REGION, container: 'c', filePath: secret });
    expect(forged).toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'Cirrus may only read files you chose or dropped.' },
    });
    expect(server.requests).toEqual([]);
  });
});
