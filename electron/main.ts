/**
 * The Electron entry point: wires Electron to the tested modules and does
 * nothing else. Every line here runs in main.int.test.ts and main-desktop.test.ts against a
 * recording fake of the `electron` module (testing/electron/fake-electron.ts).
 */
import { app, ipcMain, Menu, screen, session, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import path from 'node:path';
import { eventChannelOf, type EventName } from '../shared/operations';
import { registerAppScheme, serveRenderer } from './desktop/app-protocol';
import { electronDeps } from './desktop/electron-deps';
import { mayCloseWithEdits } from './desktop/unsaved-edits';
import { denyPermissions, lockDownContents } from './desktop/lockdown';
import { createMainWindow } from './desktop/main-window';
import { menuTemplate } from './desktop/menu';
import { APP_PAGE, APP_START_URL } from './desktop/security';
import { createDispatcher } from './ipc/dispatch';
import { openEditsOf } from './ipc/editing-store';
import { createHandlers } from './ipc/handlers';
import { RunningOperations } from './ipc/running-operations';
import { trustedCaller, type Caller } from './ipc/trusted-sender';

// Tests, and people who keep several setups, point Cirrus at its own data folder.
// Before the single-instance lock, which is held per data folder.
if (process.env.CIRRUS_USER_DATA_DIR) app.setPath('userData', process.env.CIRRUS_USER_DATA_DIR);

app.enableSandbox();
registerAppScheme();
app.on('web-contents-created', (_event, contents) => lockDownContents(contents));

/** What Electron tells about a message's sender, reduced to what the trust rule needs. */
function callerOf(event: IpcMainInvokeEvent): Caller {
  const frame = event.senderFrame;
  return { webContentsId: event.sender.id, frameUrl: frame?.url, isMainFrame: !!frame && frame.parent === null };
}

function start(): BrowserWindow {
  // The folder holding package.json and dist/: the project in development, app.asar when packaged.
  const root = app.getAppPath();
  denyPermissions(session.defaultSession);
  serveRenderer(path.join(root, 'dist/renderer'));
  const window = createMainWindow({
    preload: path.join(root, 'dist/preload/preload.cjs'),
    userDataDir: app.getPath('userData'),
    displays: screen.getAllDisplays().map((display) => display.workArea),
  });
  const windowId = window.webContents.id;
  const send = (event: EventName, payload: unknown) => {
    if (!window.isDestroyed()) window.webContents.send(eventChannelOf(event), payload);
  };
  const running = new RunningOperations();
  const deps = electronDeps(window);
  // Edits whose changes have not reached Swift are asked about first, whether the app quits or its window
  // closes; "Cancel" keeps the app as it was, transfers running.
  window.on('close', (event) => {
    if (!mayCloseWithEdits(window, openEditsOf(deps))) event.preventDefault();
  });
  app.on('before-quit', (event) => {
    if (!mayCloseWithEdits(window, openEditsOf(deps))) return event.preventDefault();
    // Transfers stop as if paused when the app quits; the next launch offers to resume them (the journal).
    running.pauseAll();
  });
  const handlers = createHandlers({ deps, emit: send, running });
  const dispatcher = createDispatcher(
    handlers,
    trustedCaller(() => windowId, APP_PAGE),
  );
  for (const channel of dispatcher.channels) {
    ipcMain.handle(channel, (event, request: unknown) => dispatcher.dispatch(channel, callerOf(event), request));
  }
  const template = menuTemplate({
    isDev: !app.isPackaged,
    isMac: process.platform === 'darwin',
    command: (command) => send('menuCommand', { command }),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  void window.loadURL(APP_START_URL);
  return window;
}

if (!app.requestSingleInstanceLock()) {
  // Another Cirrus already runs with this data folder; it is told (below) and comes to the front.
  app.quit();
} else {
  let window: BrowserWindow | undefined;
  app.on('second-instance', () => {
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(() => {
    window = start();
  });
}
