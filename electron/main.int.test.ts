/**
 * electron/main.ts, run for real in Node with only the `electron` module
 * faked (testing/electron/fake-electron.ts): the window it makes, the IPC it
 * registers (through the shared dispatcher, to the real handlers and the real
 * Swift harness), what it refuses, and the desktop basics.
 */
import net from 'node:net';
import { harnessCredentials } from '../testing/electron/harness-session';
import { afterEach, describe, expect, it } from 'vitest';
import { HARNESS } from '../testing/swift/config';
import { OPERATIONS, channelOf } from '../shared/operations';
import type { FakeWebContents } from '../testing/electron/fake-electron';
import { launchMain, type LaunchedMain } from '../testing/electron/launch-main';

const admin = HARNESS.users.admin;
const signIn = harnessCredentials();

let launched: LaunchedMain | undefined;
afterEach(async () => {
  // Leave no session behind for the next launch's fresh handlers.
  if (launched?.window) await invoke(launched, 'cirrus:signOut', {}, ours(launched)).catch(() => undefined);
  launched = undefined;
});

interface SenderEvent {
  sender: FakeWebContents;
  senderFrame: { url: string; parent: unknown } | null;
}

const ours = (app: LaunchedMain): SenderEvent => ({
  sender: app.window!.webContents,
  senderFrame: app.window!.webContents.mainFrame,
});

/** Calls a registered IPC handler as Electron would for a message from `event`'s sender. */
function invoke(app: LaunchedMain, channel: string, request: unknown, event: SenderEvent): Promise<unknown> {
  const handler = app.fake.ipcHandlers.get(channel);
  if (!handler) throw new Error(`${channel} is not registered`);
  return Promise.resolve(handler(event, request));
}

describe('main.ts, the window', () => {
  it('locks the renderer in: isolation, sandbox, no Node, web security, no webviews', async () => {
    launched = await launchMain();
    const { fake, window } = launched;
    expect(fake.app.sandboxed).toBe(true);
    expect(window?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
    });
    expect(String((window?.options.webPreferences as { preload: string }).preload)).toMatch(
      /dist\/preload\/preload\.cjs$/,
    );
    expect(window?.loadedUrl).toBe('app://cirrus/index.html');
    window!.emit('ready-to-show');
    expect(window!.shown).toBe(true);
  });

  it('registers every operation of the contract, and nothing else', async () => {
    launched = await launchMain();
    expect([...launched.fake.ipcHandlers.keys()].sort()).toEqual(OPERATIONS.map(channelOf).sort());
  });
});

describe('main.ts, IPC from the page', () => {
  it('lets its own page sign in to the real Swift and list containers', async () => {
    launched = await launchMain();
    const event = ours(launched);
    const session = await invoke(launched, 'cirrus:signIn', signIn, event);
    expect(session).toMatchObject({ ok: true, value: { userName: admin.user, regions: expect.any(Array) } });
    const listing = await invoke(launched, 'cirrus:listContainers', { region: 'RegionOne', limit: 1 }, event);
    expect(listing).toMatchObject({ ok: true, value: { containers: expect.any(Array) } });
    // No password or token crossed back.
    expect(JSON.stringify(session)).not.toContain(admin.password);
  });

  it('refuses another window, an iframe, a foreign page and a vanished frame, before any handler runs', async () => {
    launched = await launchMain();
    const window = launched.window!;
    // From the launched fake: each launch has its own module graph, and so its own webContents ids.
    const stranger = launched.electron.newWebContents('app://cirrus/index.html');
    const forbidden = { ok: false, error: { code: 'forbidden' } };
    const untrusted: SenderEvent[] = [
      { sender: stranger, senderFrame: stranger.mainFrame },
      { sender: window.webContents, senderFrame: window.webContents.subframe('app://cirrus/index.html') },
      { sender: window.webContents, senderFrame: { url: 'https://evil.example/', parent: null } },
      { sender: window.webContents, senderFrame: { url: 'app://evil/index.html', parent: null } },
      { sender: window.webContents, senderFrame: { url: 'file:///tmp/index.html', parent: null } },
      { sender: window.webContents, senderFrame: null },
    ];
    for (const event of untrusted) {
      expect(await invoke(launched, 'cirrus:signIn', signIn, event)).toMatchObject(forbidden);
    }
    // None of them signed in.
    expect(await invoke(launched, 'cirrus:getSession', {}, ours(launched))).toEqual({ ok: true, value: null });
  });

  it('stops what is running when the app quits, as a pause (a transfer keeps what it sent, to resume)', async () => {
    launched = await launchMain();
    // An identity service that accepts the connection and never answers: the sign-in waits until stopped.
    const stalled = net.createServer(() => undefined);
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    const { port } = stalled.address() as net.AddressInfo;
    try {
      const waiting = invoke(
        launched,
        'cirrus:signIn',
        { ...signIn, authUrl: `http://127.0.0.1:${port}/v2.0`, operationId: 'quit-1' },
        ours(launched),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      launched.fake.app.emit('before-quit', {});
      expect(await waiting).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    } finally {
      stalled.close();
    }
  });

  it('sends events to its own window only', async () => {
    launched = await launchMain();
    const window = launched.window!;
    const click = menuItem(launched, 'File', 'Refresh').click as () => void;
    click();
    expect(window.webContents.sent).toEqual([{ channel: 'cirrus-event:menuCommand', payload: { command: 'refresh' } }]);
  });
});

describe('main.ts, what the page may not do', () => {
  it('denies navigation, redirects, webviews and new windows, in every webContents', async () => {
    launched = await launchMain();
    const { fakeEvent, newWebContents } = launched.electron;
    const later = newWebContents();
    launched.fake.app.emit('web-contents-created', fakeEvent(), later);
    for (const contents of [launched.window!.webContents, later]) {
      for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
        const event = fakeEvent();
        contents.emit(name, event, 'https://evil.example/');
        expect(event.defaultPrevented, name).toBe(true);
      }
      expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    }
  });

  it('denies permission requests and checks, but the clipboard write of its own page', async () => {
    launched = await launchMain();
    const { session } = launched.fake;
    const request = (permission: string, requestingUrl: string) =>
      new Promise<boolean>((resolve) =>
        session.permissionRequestHandler?.(launched!.window!.webContents, permission, resolve, { requestingUrl }),
      );
    for (const permission of ['media', 'notifications', 'geolocation', 'openExternal', 'clipboard-read', 'hid']) {
      expect(await request(permission, 'app://cirrus/index.html'), permission).toBe(false);
      expect(session.permissionCheckHandler?.(null, permission, 'app://cirrus', {}), permission).toBe(false);
    }
    expect(await request('clipboard-sanitized-write', 'app://cirrus/index.html')).toBe(true);
    expect(await request('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(session.permissionCheckHandler?.(null, 'clipboard-sanitized-write', 'app://cirrus', {})).toBe(true);
    expect(session.permissionCheckHandler?.(null, 'clipboard-sanitized-write', 'https://evil.example', {})).toBe(false);
    expect(session.devicePermissionHandler?.({ deviceType: 'usb', origin: 'app://cirrus' })).toBe(false);
  });
});

function menuItem(app: LaunchedMain, top: string, label: string): Record<string, unknown> {
  const template = app.fake.applicationMenu?.template as { label?: string; submenu?: Record<string, unknown>[] }[];
  const item = template.find((m) => m.label === top)?.submenu?.find((i) => i.label === label);
  if (!item) throw new Error(`no ${top} → ${label}`);
  return item;
}
