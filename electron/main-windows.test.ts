/**
 * electron/main.ts's windows, run in Node against the fake `electron` module: File → New Window
 * (Ctrl+Shift+N) opens a second window as locked down as the first, each window's calls are
 * answered for it alone, a closed window's calls are refused, and a second launch still only
 * brings the first window to the front.
 */
import { describe, expect, it } from 'vitest';
import { channelOf } from '../shared/operations';
import type { FakeBrowserWindow } from '../testing/electron/fake-electron';
import { launchMain, type LaunchedMain } from '../testing/electron/launch-main';

type Item = { label?: string; accelerator?: string; submenu?: Item[]; click?: () => void };
const fileMenu = (app: LaunchedMain) =>
  (app.fake.applicationMenu?.template as Item[]).find((m) => m.label === 'File')!.submenu!;

/** A call as Electron hands it to main.ts's IPC handler, sent by `window`'s page. */
function invoke(app: LaunchedMain, window: FakeBrowserWindow, operation: string, request: unknown = {}) {
  const handler = app.fake.ipcHandlers.get(channelOf(operation as never));
  if (!handler) throw new Error(`${operation} is not registered`);
  return Promise.resolve(handler({ sender: window.webContents, senderFrame: window.webContents.mainFrame }, request));
}

async function withSecondWindow() {
  const app = await launchMain();
  const newWindow = fileMenu(app).find((item) => item.label === 'New Window')!;
  newWindow.click!();
  const [first, second] = app.electron.FakeBrowserWindow.created;
  return { app, newWindow, first: first!, second: second! };
}

describe('File → New Window', () => {
  it('is in the File menu with Ctrl+Shift+N (Cmd on macOS)', async () => {
    const { newWindow } = await withSecondWindow();
    expect(newWindow.accelerator).toBe('CmdOrCtrl+Shift+N');
  });

  it('opens a second window, locked down as the first and showing the app', async () => {
    const { app, first, second } = await withSecondWindow();
    expect(app.electron.FakeBrowserWindow.created).toHaveLength(2);
    expect(second.options.webPreferences).toEqual(first.options.webPreferences);
    expect(second.loadedUrl).toBe('app://cirrus/index.html');
    expect(second.webContents.id).not.toBe(first.webContents.id);
  });

  it("answers each window's page, and refuses a closed window and a page the app did not open", async () => {
    const { app, first, second } = await withSecondWindow();
    expect(await invoke(app, first, 'getSession')).toEqual({ ok: true, value: null });
    expect(await invoke(app, second, 'getSession')).toEqual({ ok: true, value: null });
    const stranger = new app.electron.FakeBrowserWindow({});
    await stranger.loadURL('app://cirrus/index.html');
    expect(await invoke(app, stranger, 'getSession')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    second.destroyed = true;
    second.emit('closed');
    expect(await invoke(app, second, 'getSession')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await invoke(app, first, 'getSession')).toEqual({ ok: true, value: null });
  });

  it('sends a menu command to the window in front only', async () => {
    const { first, second, app } = await withSecondWindow();
    second.focus();
    fileMenu(app).find((item) => item.label === 'Refresh')!.click!();
    expect(second.webContents.sent).toEqual([{ channel: 'cirrus-event:menuCommand', payload: { command: 'refresh' } }]);
    expect(first.webContents.sent).toEqual([]);
  });

  it('a second launch still brings the first window to the front', async () => {
    const { app, first, second } = await withSecondWindow();
    first.minimized = true;
    app.fake.app.emit('second-instance', {}, ['cirrus']);
    expect(first.minimized).toBe(false);
    expect(first.focused).toBe(true);
    expect(second.focused).toBe(false);
    expect(app.electron.FakeBrowserWindow.created).toHaveLength(2);
  });
});
