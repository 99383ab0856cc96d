/**
 * A recording stand-in for the `electron` module, so the code people run
 * (main.ts, the preload, the desktop glue) runs in Node under Vitest; the
 * Electron binary cannot be downloaded on these machines. build/vitest.config.ts
 * aliases `electron` to this file for every test.
 *
 * Only what Cirrus uses is faked. Reading any other property throws, so code
 * that starts using a new Electron API fails loudly here until the fake (and
 * a test of it) learns that API, instead of passing against `undefined`.
 */
import { EventEmitter } from 'node:events';

type Listener = (...args: unknown[]) => unknown;

/** Wraps `target` so reading a property it does not have throws. */
export function strict<T extends object>(name: string, target: T): T {
  return new Proxy(target, {
    get(obj, key, receiver) {
      // Symbols and `then` are read by tooling (inspect, await, vitest's printer), never by app code.
      if (typeof key === 'symbol' || key === 'then' || key === 'toJSON') return Reflect.get(obj, key, receiver);
      if (!(key in obj)) throw new Error(`fake electron: ${name}.${key} is not faked`);
      return Reflect.get(obj, key, receiver);
    },
  });
}

/** An Electron-style event with preventDefault, for `will-navigate` and friends. */
export function fakeEvent(): { defaultPrevented: boolean; preventDefault(): void } {
  return strict('Event', {
    defaultPrevented: false as boolean,
    preventDefault() {
      this.defaultPrevented = true;
    },
  });
}

class Emitter {
  readonly emitter = new EventEmitter();
  on(event: string, listener: Listener) {
    this.emitter.on(event, listener);
    return this;
  }
  once(event: string, listener: Listener) {
    this.emitter.once(event, listener);
    return this;
  }
  emit(event: string, ...args: unknown[]) {
    return this.emitter.emit(event, ...args);
  }
  listenerCount(event: string) {
    return this.emitter.listenerCount(event);
  }
}

let nextId = 1;

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

export class FakeWebContents extends Emitter {
  readonly id = nextId++;
  readonly mainFrame: FakeFrame;
  readonly sent: { channel: string; payload: unknown }[] = [];
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  destroyed = false;
  constructor(url = '') {
    super();
    this.mainFrame = strict('WebFrameMain', { url, parent: null });
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
  send(channel: string, payload: unknown) {
    this.sent.push({ channel, payload });
  }
  isDestroyed() {
    return this.destroyed;
  }
  /** A child frame of this page (an iframe), for sender-check tests. */
  subframe(url: string): FakeFrame {
    return strict('WebFrameMain', { url, parent: this.mainFrame });
  }
}

export const newWebContents = (url = ''): FakeWebContents => strict('WebContents', new FakeWebContents(url));

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export class FakeBrowserWindow extends Emitter {
  static readonly created: FakeBrowserWindow[] = [];
  /** The window last focused and still open, as Electron answers (null when none is). */
  static getFocusedWindow(): FakeBrowserWindow | null {
    return FakeBrowserWindow.created.findLast((window) => window.focused && !window.destroyed) ?? null;
  }
  readonly webContents: FakeWebContents;
  loadedUrl: string | undefined;
  shown = false;
  focused = false;
  minimized = false;
  maximized = false;
  destroyed = false;
  bounds: Bounds;
  constructor(readonly options: Record<string, unknown> & Partial<Bounds>) {
    super();
    this.webContents = newWebContents();
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width ?? 800, height: options.height ?? 600 };
    const self = strict('BrowserWindow', this);
    FakeBrowserWindow.created.push(self);
    // The app registers its lock-down on this event; Electron fires it for every new webContents.
    fake.app.emit('web-contents-created', fakeEvent(), this.webContents);
    return self;
  }
  loadURL(url: string) {
    this.loadedUrl = url;
    (this.webContents.mainFrame as { url: string }).url = url;
    return Promise.resolve();
  }
  show() {
    this.shown = true;
  }
  focus() {
    for (const window of FakeBrowserWindow.created) window.focused = false;
    this.focused = true;
  }
  isMinimized() {
    return this.minimized;
  }
  restore() {
    this.minimized = false;
  }
  isMaximized() {
    return this.maximized;
  }
  maximize() {
    this.maximized = true;
  }
  getNormalBounds() {
    return { ...this.bounds };
  }
  isDestroyed() {
    return this.destroyed;
  }
}

class FakeApp extends Emitter {
  readonly paths = new Map<string, string>([['userData', '/nonexistent/fake-electron-user-data']]);
  isPackaged = false;
  appPath = process.cwd();
  singleInstance = true;
  sandboxed = false;
  quitCalled = false;
  aboutOptions: Record<string, unknown> | undefined;
  resolveReady: () => void = () => undefined;
  readonly ready = new Promise<void>((resolve) => (this.resolveReady = resolve));
  /** Test control: Electron has finished starting. */
  fireReady() {
    this.resolveReady();
  }
  whenReady() {
    return this.ready;
  }
  setPath(name: string, value: string) {
    this.paths.set(name, value);
  }
  getPath(name: string) {
    const value = this.paths.get(name);
    if (value === undefined) throw new Error(`fake electron: app.getPath('${name}') is not faked`);
    return value;
  }
  getAppPath() {
    return this.appPath;
  }
  getName() {
    return 'Cirrus';
  }
  getVersion() {
    return '0.0.0-test';
  }
  enableSandbox() {
    this.sandboxed = true;
  }
  requestSingleInstanceLock() {
    return this.singleInstance;
  }
  setAboutPanelOptions(options: Record<string, unknown>) {
    this.aboutOptions = options;
  }
  quit() {
    this.quitCalled = true;
  }
}

class FakeSession {
  permissionRequestHandler: Listener | undefined;
  permissionCheckHandler: Listener | undefined;
  devicePermissionHandler: Listener | undefined;
  setPermissionRequestHandler(handler: Listener) {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: Listener) {
    this.permissionCheckHandler = handler;
  }
  setDevicePermissionHandler(handler: Listener) {
    this.devicePermissionHandler = handler;
  }
}

/** Everything the fake recorded, and the knobs a test turns. */
function makeFake() {
  const ipcHandlers = new Map<string, Listener>();
  const protocolHandlers = new Map<string, (request: Request) => Promise<Response> | Response>();
  const privilegedSchemes: unknown[] = [];
  const menus: { template: unknown[] }[] = [];
  const exposed = new Map<string, unknown>();
  const ipcRendererCalls: { channel: string; args: unknown[] }[] = [];
  return {
    app: strict('app', new FakeApp()),
    session: strict('session.defaultSession', new FakeSession()),
    ipcHandlers,
    protocolHandlers,
    privilegedSchemes,
    menus,
    applicationMenu: undefined as { template: unknown[] } | undefined,
    displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    /** What the preload exposed to the page with contextBridge. */
    exposed,
    ipcRendererCalls,
    /** Answers the preload's `ipcRenderer.invoke`. */
    invokeAnswer: (async () => ({ ok: true, value: null })) as (channel: string, request: unknown) => Promise<unknown>,
    pathForFile: (() => '') as (file: unknown) => string,
    dialogAnswer: { canceled: true, filePaths: [] as string[] },
    /** The button a message box's person presses (its index), and every question put to them. */
    messageBoxAnswer: 1,
    messageBoxes: [] as { message?: string }[],
    /** What was handed to the system's default application (shell.openPath); nothing is opened. */
    openedPaths: [] as string[],
    encryptionAvailable: true,
  };
}

export let fake = makeFake();

/** A fresh fake (call before importing main.ts again after `vi.resetModules()`). */
export function resetFake(): void {
  fake = makeFake();
  FakeBrowserWindow.created.length = 0;
}

export const app = strict('app', {
  get isPackaged() {
    return fake.app.isPackaged;
  },
  whenReady: () => fake.app.whenReady(),
  on: (event: string, listener: Listener) => fake.app.on(event, listener),
  setPath: (name: string, value: string) => fake.app.setPath(name, value),
  getPath: (name: string) => fake.app.getPath(name),
  getAppPath: () => fake.app.getAppPath(),
  getName: () => fake.app.getName(),
  getVersion: () => fake.app.getVersion(),
  enableSandbox: () => fake.app.enableSandbox(),
  requestSingleInstanceLock: () => fake.app.requestSingleInstanceLock(),
  setAboutPanelOptions: (options: Record<string, unknown>) => fake.app.setAboutPanelOptions(options),
  quit: () => fake.app.quit(),
});

export const BrowserWindow = FakeBrowserWindow;

export const ipcMain = strict('ipcMain', {
  handle(channel: string, listener: Listener) {
    if (fake.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    fake.ipcHandlers.set(channel, listener);
  },
});

export const session = strict('session', {
  get defaultSession() {
    return fake.session;
  },
});

export const protocol = strict('protocol', {
  registerSchemesAsPrivileged(schemes: unknown[]) {
    fake.privilegedSchemes.push(...schemes);
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response> | Response) {
    fake.protocolHandlers.set(scheme, handler);
  },
});

export const Menu = strict('Menu', {
  buildFromTemplate(template: unknown[]) {
    const menu = strict('Menu instance', { template });
    fake.menus.push(menu);
    return menu;
  },
  setApplicationMenu(menu: { template: unknown[] }) {
    fake.applicationMenu = menu;
  },
});

export const shell = strict('shell', {
  openPath: async (filePath: string) => {
    fake.openedPaths.push(filePath);
    return '';
  },
});

export const screen = strict('screen', {
  getAllDisplays: () => fake.displays,
});

export const dialog = strict('dialog', {
  showOpenDialog: async () => fake.dialogAnswer,
  showMessageBoxSync: (...args: unknown[]) => {
    fake.messageBoxes.push(args.at(-1) as { message?: string });
    return fake.messageBoxAnswer;
  },
});

export const safeStorage = strict('safeStorage', {
  isEncryptionAvailable: () => fake.encryptionAvailable,
  getSelectedStorageBackend: () => 'gnome_libsecret',
  // Reversible and obviously not secret: tests only need the round trip.
  encryptString: (plain: string) => Buffer.from(`fake:${plain}`, 'utf8'),
  decryptString: (data: Buffer) => data.toString('utf8').replace(/^fake:/, ''),
});

export const contextBridge = strict('contextBridge', {
  exposeInMainWorld(key: string, api: unknown) {
    fake.exposed.set(key, api);
  },
});

export const ipcRenderer = strict('ipcRenderer', {
  invoke(channel: string, ...args: unknown[]) {
    fake.ipcRendererCalls.push({ channel, args });
    return fake.invokeAnswer(channel, args[0]);
  },
  on(channel: string, _listener: Listener) {
    fake.ipcRendererCalls.push({ channel, args: ['on'] });
  },
  removeListener(channel: string, _listener: Listener) {
    fake.ipcRendererCalls.push({ channel, args: ['removeListener'] });
  },
});

export const webUtils = strict('webUtils', {
  getPathForFile: (file: unknown) => fake.pathForFile(file),
});

export default strict('electron', {
  app,
  BrowserWindow,
  ipcMain,
  session,
  protocol,
  Menu,
  screen,
  dialog,
  shell,
  safeStorage,
  contextBridge,
  ipcRenderer,
  webUtils,
});
