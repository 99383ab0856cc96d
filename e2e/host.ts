/**
 * Launches Cirrus for a journey: inside Electron when its binary is on disk,
 * otherwise in Debian's Chromium showing the built renderer, with the real
 * preload bundle calling the real main-process handlers in this process.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, chromium, type Browser, type Page } from 'playwright';
import { findElectronBinary } from '../build/electron-binary';
import type { MenuItemConstructorOptions } from 'electron';
import { menuTemplate } from '../electron/desktop/menu';
import { createDispatcher } from '../electron/ipc/dispatch';
import { createAppState } from '../electron/ipc/handlers';
import { trustedCaller } from '../electron/ipc/trusted-sender';
import { AppWindows } from '../electron/ipc/windows';
import { eventChannelOf, type EventName } from '../shared/operations';
import { CHROMIUM_PRELOAD } from './chromium/build-preload';
import { exposeIpc } from './chromium/ipc-bridge';
import { CHROMIUM_ORIGIN, CHROMIUM_PAGE, serveRenderer } from './chromium/serve-renderer';
import { testDeps, type DialogAnswers } from '../testing/electron/test-deps';
import { journeyChromium } from './chromium/binary';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type HostName = 'electron' | 'chromium';

export interface IpcCrossing {
  channel: string;
  response: unknown;
}

export interface LaunchedApp {
  page: Page;
  host: HostName;
  close(): Promise<void>;
  /** Chromium host only: every response that crossed from the handlers to the page. */
  ipcLog?: IpcCrossing[];
  /** Answers the next file dialog the app opens: the chosen paths, or null for "cancelled". */
  answerNextDialog(paths: string[] | null): Promise<void>;
  /** Resolves with the next window the app opens (File → New Window); start waiting before choosing it. */
  nextWindow(): Promise<Page>;
  /** Picks an item of the app's menu by its labels, e.g. ('File', 'Refresh'), as a click or its shortcut does. */
  chooseMenu(...labels: string[]): Promise<void>;
  /**
   * The files the app handed to the system's default application (editing in place), oldest first:
   * a recording stand-in opens nothing, so the test plays the person's editor by writing them.
   */
  openedFiles(): Promise<string[]>;
}

/** Which host this run uses; `CIRRUS_E2E_HOST` forces one. */
export function chosenHost(): HostName {
  const forced = process.env.CIRRUS_E2E_HOST;
  if (forced === 'electron' || forced === 'chromium') return forced;
  return findElectronBinary() ? 'electron' : 'chromium';
}

export async function launchApp(
  opts: { userDataDir?: string; env?: Record<string, string> } = {},
): Promise<LaunchedApp> {
  const userDataDir = opts.userDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-e2e-'));
  return chosenHost() === 'electron' ? launchElectron(userDataDir, opts.env) : launchChromium(userDataDir, opts.env);
}

async function launchElectron(userDataDir: string, env: Record<string, string> = {}): Promise<LaunchedApp> {
  const executablePath = findElectronBinary();
  if (!executablePath) throw new Error('CIRRUS_E2E_HOST=electron, but the Electron binary is not installed.');
  // The project folder, as `electron .` and a packaged app start: app.getAppPath() is where dist/ lives.
  const args = [root];
  // Chromium refuses to start as root with its OS sandbox on; the renderer's own sandbox stays on.
  if (process.getuid?.() === 0) args.unshift('--no-sandbox');
  const app = await _electron.launch({
    executablePath,
    args,
    env: { ...(process.env as Record<string, string>), ...env, CIRRUS_USER_DATA_DIR: userDataDir },
  });
  const page = await app.firstWindow();
  // The system's default application never starts in a test: what the app opens is recorded instead.
  await app.evaluate(({ shell }) => {
    const opened: string[] = [];
    Object.assign(globalThis, { __cirrusOpened: opened });
    shell.openPath = async (filePath: string) => (opened.push(filePath), '');
  });
  return {
    page,
    host: 'electron',
    nextWindow: () => app.waitForEvent('window'),
    openedFiles: () => app.evaluate(() => [...((globalThis as { __cirrusOpened?: string[] }).__cirrusOpened ?? [])]),
    close: () => app.close(),
    answerNextDialog: (paths) =>
      app.evaluate(({ dialog }, answer) => {
        // Whichever dialog opens next (open or save) gets the answer; both are put back then.
        const { showOpenDialog, showSaveDialog } = dialog;
        const restore = () => Object.assign(dialog, { showOpenDialog, showSaveDialog });
        const open = async () => (restore(), { canceled: answer === null, filePaths: answer ?? [] });
        const save = async () => (restore(), { canceled: answer === null, filePath: answer?.[0] ?? '' });
        dialog.showOpenDialog = open as typeof dialog.showOpenDialog;
        dialog.showSaveDialog = save as typeof dialog.showSaveDialog;
      }, paths),
    chooseMenu: (...labels) =>
      app.evaluate(({ Menu }, path) => {
        let items = Menu.getApplicationMenu()?.items;
        let item;
        for (const label of path) {
          item = items?.find((candidate) => candidate.label === label);
          items = item?.submenu?.items;
        }
        if (!item) throw new Error(`No menu item ${path.join(' → ')}`);
        item.click();
      }, labels),
  };
}

/**
 * One Chromium per test worker, and a fresh context in it for each launch: a
 * browser costs ~2 s to start here, a context a few milliseconds.
 */
let browser: Promise<Browser> | undefined;
const sharedBrowser = (): Promise<Browser> =>
  (browser ??= chromium.launch({
    executablePath: journeyChromium(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  }));

async function launchChromium(userDataDir: string, env: Record<string, string> = {}): Promise<LaunchedApp> {
  // The page's own storage (localStorage: pane widths, the region chosen) is kept in the app's data
  // folder between launches, as Electron keeps it in userData; the app's files (profiles) live beside it.
  const storage = path.join(userDataDir, 'chromium-storage.json');
  const shared = await sharedBrowser();
  const context = await shared.newContext({
    viewport: { width: 1280, height: 800 },
    storageState: fs.existsSync(storage) ? storage : undefined,
  });
  await serveRenderer(context, path.join(root, 'dist/renderer'));

  const answers: DialogAnswers = { next: null };
  const opened: string[] = [];
  // As main.ts: one app state, and each page a window of its own (its own session), by the page's id.
  const windows = new AppWindows(createAppState({ deps: testDeps(userDataDir, answers, env, opened) }));
  const pageIds = new Map<Page, number>();
  const idOf = (page: Page): number => {
    if (!pageIds.has(page)) pageIds.set(page, pageIds.size + 1);
    return pageIds.get(page)!;
  };
  const openWindow = (page: Page) => {
    windows.open(idOf(page), (event: EventName, payload: unknown) => {
      page
        .evaluate(([channel, data]) => window.__cirrusEmit(channel, data), [eventChannelOf(event), payload] as const)
        .catch(() => undefined); // the page may be closing; an event nobody sees is harmless
    });
    page.once('close', () => windows.close(idOf(page)));
  };
  const page = context.pages()[0] ?? (await context.newPage());
  openWindow(page);
  // Chromium has no native menu: the app's own template, wired as main.ts wires it, stands in for it
  // (a menu command goes to the first page, the one journeys drive with the menu).
  const menu = menuTemplate({
    isDev: false,
    isMac: false,
    command: (command) => windows.stateOf(idOf(page))?.emit('menuCommand', { command }),
    newWindow: () => {
      void context.newPage().then(async (next) => {
        openWindow(next);
        await next.goto(`${CHROMIUM_ORIGIN}/index.html`);
      });
    },
  });
  // The same dispatcher and trust rule as main.ts; only the page origin and the page's identity differ.
  const dispatcher = createDispatcher(
    (id) => windows.handlersOf(id),
    trustedCaller((id) => windows.has(id), CHROMIUM_PAGE),
  );
  const ipcLog: IpcCrossing[] = [];
  await exposeIpc(context, async (source, channel, request) => {
    const caller = {
      webContentsId: idOf(source.page),
      frameUrl: source.frame.url(),
      isMainFrame: source.frame === source.page.mainFrame(),
    };
    const response = await dispatcher.dispatch(channel, caller, request);
    ipcLog.push({ channel, response });
    return response;
  });
  await context.addInitScript({ path: CHROMIUM_PRELOAD });

  await page.goto(`${CHROMIUM_ORIGIN}/index.html`);
  return {
    page,
    host: 'chromium',
    nextWindow: () => context.waitForEvent('page'),
    close: async () => {
      // As main.ts does when the app quits: transfers stop as if paused, to be resumed on the next launch.
      const states = windows.states();
      for (const state of states) state.running.pauseAll();
      await Promise.all(states.map((state) => state.running.settled()));
      await context.storageState({ path: storage });
      await context.close();
    },
    ipcLog,
    answerNextDialog: async (paths) => {
      answers.next = paths;
    },
    openedFiles: async () => [...opened],
    chooseMenu: async (...labels) => {
      let items: MenuItemConstructorOptions[] | undefined = menu;
      let item: MenuItemConstructorOptions | undefined;
      for (const label of labels) {
        item = items?.find((candidate) => candidate.label === label);
        items = Array.isArray(item?.submenu) ? item.submenu : undefined;
      }
      const click = item?.click as (() => void) | undefined; // the app's items read none of a click's arguments
      if (!click) throw new Error(`No menu item ${labels.join(' → ')}`);
      click();
    },
  };
}
