/**
 * The Electron entry point: wires Electron to the tested modules and does
 * nothing else. Every line here runs in main.int.test.ts, main-desktop.test.ts
 * and main-windows(.int).test.ts against a recording fake of the `electron`
 * module (testing/electron/fake-electron.ts).
 */
import { app, BrowserWindow, ipcMain, Menu, screen, session, type IpcMainInvokeEvent } from 'electron';
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
import { createAppState } from './ipc/handlers';
import { trustedCaller, type Caller } from './ipc/trusted-sender';
import { AppWindows } from './ipc/windows';
import { keepYoungGenerationSmall } from './storage/young-garbage';

keepYoungGenerationSmall();

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
  const windows = new AppWindows(createAppState({ deps: electronDeps(frontWindow) }));
  // One dispatcher for every window: each message is answered by its sender's own handlers (its own session).
  const dispatcher = createDispatcher(
    (id) => windows.handlersOf(id),
    trustedCaller((id) => windows.has(id), APP_PAGE),
  );
  for (const channel of dispatcher.channels) {
    ipcMain.handle(channel, (event, request: unknown) => dispatcher.dispatch(channel, callerOf(event), request));
  }
  app.on('before-quit', (event) => {
    // Each window's unsaved edits are asked about in that window; "Cancel" in any keeps the app running.
    for (const window of opened) {
      const state = windows.stateOf(window.webContents.id);
      if (state && !mayCloseWithEdits(window, openEditsOf(state))) return event.preventDefault();
    }
    // Transfers stop as if paused when the app quits; the next launch offers to resume them (the journal).
    for (const state of windows.states()) state.running.pauseAll();
  });
  const openWindow = (): BrowserWindow => {
    const window = createMainWindow({
      preload: path.join(root, 'dist/preload/preload.cjs'),
      userDataDir: app.getPath('userData'),
      displays: screen.getAllDisplays().map((display) => display.workArea),
    });
    // Kept now: a destroyed window's webContents can no longer be asked its id.
    const windowId = window.webContents.id;
    const state = windows.open(windowId, (event: EventName, payload: unknown) => {
      if (!window.isDestroyed()) window.webContents.send(eventChannelOf(event), payload);
    });
    opened.push(window);
    // Edits whose changes have not reached Swift are asked about first; "Cancel" keeps the window open.
    window.on('close', (event) => {
      if (!mayCloseWithEdits(window, openEditsOf(state))) event.preventDefault();
    });
    // Closed, the window signs out: its credentials go from memory and what it ran stops.
    window.on('closed', () => {
      windows.close(windowId);
      opened.splice(opened.indexOf(window), 1);
    });
    void window.loadURL(APP_START_URL);
    return window;
  };
  const template = menuTemplate({
    isDev: !app.isPackaged,
    isMac: process.platform === 'darwin',
    // A menu command is for the window in front (the menu is the app's, shared by its windows).
    command: (command) => {
      const window = frontWindow();
      if (window) windows.stateOf(window.webContents.id)?.emit('menuCommand', { command });
    },
    newWindow: () => void openWindow(),
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  return openWindow();
}

/** The app's open windows, oldest first: the first is the one a second launch brings to the front. */
const opened: BrowserWindow[] = [];

/** The focused window, else the first still open (a menu or dialog always has a window to belong to). */
function frontWindow(): BrowserWindow | undefined {
  const focused = BrowserWindow.getFocusedWindow();
  return focused && !focused.isDestroyed() ? focused : opened.find((window) => !window.isDestroyed());
}

if (!app.requestSingleInstanceLock()) {
  // Another Cirrus already runs with this data folder; it is told (below) and comes to the front.
  app.quit();
} else {
  app.on('second-instance', () => {
    const window = opened[0];
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(() => start());
}
