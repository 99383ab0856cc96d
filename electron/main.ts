import { app, BrowserWindow, ipcMain, session, type WebContents } from 'electron';
import path from 'node:path';
import { channelOf, eventChannelOf, OPERATIONS } from '../shared/contract';
import { registerAppScheme, serveRenderer } from './app-protocol';
import { electronDeps } from './electron-deps';
import { createHandlers } from './ipc/handlers';
import { APP_ORIGIN, isTrustedUrl } from './security';

// Tests and people who keep several profiles point Cirrus at its own data folder.
if (process.env.CIRRUS_USER_DATA_DIR) app.setPath('userData', process.env.CIRRUS_USER_DATA_DIR);

app.enableSandbox();
registerAppScheme();

function lockDown(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

function registerIpc(window: BrowserWindow): void {
  const handlers = createHandlers({
    deps: electronDeps(window),
    emit: (event, payload) => {
      if (!window.isDestroyed()) window.webContents.send(eventChannelOf(event), payload);
    },
  });
  for (const operation of OPERATIONS) {
    ipcMain.handle(channelOf(operation), (event, request: unknown) => {
      // Only our own page in our own window may call the storage service.
      if (event.sender !== window.webContents || !isTrustedUrl(event.senderFrame?.url)) {
        return { ok: false, error: { code: 'forbidden', message: 'This caller may not use Cirrus.' } };
      }
      return handlers[operation](request);
    });
  }
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 800,
    minHeight: 500,
    title: 'Cirrus',
    show: false,
    webPreferences: {
      preload: path.join(__dirname, '../preload/preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

app.on('web-contents-created', (_event, contents) => lockDown(contents));

app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  serveRenderer(path.join(__dirname, '../renderer'));
  registerIpc(createWindow());
});

app.on('window-all-closed', () => app.quit());
