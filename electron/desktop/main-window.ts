import { BrowserWindow } from 'electron';
import { loadWindowState, MIN_SIZE, saveWindowState, type Rect } from './window-state';

export interface MainWindowOptions {
  preload: string;
  /** Where the window's size and position are remembered. */
  userDataDir: string;
  /** The work areas of the displays there are now. */
  displays: Rect[];
}

/**
 * The app's one window, with the renderer locked in: context isolation, the
 * OS sandbox, no Node, web security, no webviews, and no navigation when a
 * file is dropped outside a drop zone. It opens where the person left it.
 */
export function createMainWindow({ preload, userDataDir, displays }: MainWindowOptions): BrowserWindow {
  const state = loadWindowState(userDataDir, displays);
  const window = new BrowserWindow({
    ...(state.x !== undefined && state.y !== undefined ? { x: state.x, y: state.y } : {}),
    width: state.width,
    height: state.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    title: 'Cirrus',
    show: false,
    webPreferences: {
      preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      navigateOnDragDrop: false,
      spellcheck: false,
    },
  });
  if (state.maximized) window.maximize();
  window.once('ready-to-show', () => window.show());
  // Saved on close rather than on every move: one write, and the bounds a person ends with.
  window.on('close', () =>
    saveWindowState(userDataDir, { ...window.getNormalBounds(), maximized: window.isMaximized() }),
  );
  return window;
}
