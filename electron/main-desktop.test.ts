/**
 * electron/main.ts's desktop basics, run in Node against the fake `electron`
 * module: the app:// protocol serving the built renderer, the single-instance
 * lock, the native menu and the remembered window.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from './desktop/security';
import { launchMain, type LaunchedMain } from '../testing/electron/launch-main';

const builtIndex = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/renderer/index.html');

async function get(app: LaunchedMain, url: string): Promise<Response> {
  const handler = app.fake.protocolHandlers.get('app');
  if (!handler) throw new Error('app:// is not served');
  return handler(new Request(url));
}

describe('the app:// protocol', () => {
  it('is registered as a standard, secure scheme before the app is ready', async () => {
    const app = await launchMain();
    expect(app.fake.privilegedSchemes).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
    ]);
  });

  it('serves the built renderer with the CSP, and its scripts with their type', async () => {
    expect(fs.existsSync(builtIndex), 'run `npm run build` first (npm test does)').toBe(true);
    const app = await launchMain();
    for (const url of ['app://cirrus/index.html', 'app://cirrus/']) {
      const res = await get(app, url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toBe(fs.readFileSync(builtIndex, 'utf8'));
    }
    const script = /src="\.?(\/[^"]+\.js)"/.exec(fs.readFileSync(builtIndex, 'utf8'))?.[1];
    expect(script).toBeDefined();
    const js = await get(app, `app://cirrus${script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await js.text()).length).toBeGreaterThan(1000);
  });

  it('answers 4xx, never a throw, for escapes, malformed encodings, NUL, folders, other hosts', async () => {
    const app = await launchMain();
    const cases: [string, number][] = [
      ['app://cirrus/%E0%A4%A', 400],
      ['app://cirrus/%00', 400],
      ['app://cirrus/index.html%00.js', 400],
      ['app://cirrus/%2e%2e/%2e%2e/package.json', 404],
      ['app://cirrus/..%2f..%2fpackage.json', 404],
      ['app://cirrus/..%5c..%5cpackage.json', 404],
      ['app://cirrus/assets', 404],
      ['app://cirrus/assets/', 404],
      ['app://cirrus/missing.js', 404],
      ['app://evil/index.html', 404],
    ];
    for (const [url, status] of cases) {
      const res = await get(app, url);
      expect(res.status, url).toBe(status);
      expect(res.headers.get('content-security-policy'), url).toBeNull();
    }
  });
});

describe('one Cirrus at a time', () => {
  it('quits a second launch, and brings the first window back to the front', async () => {
    const first = await launchMain();
    const window = first.window!;
    window.minimized = true;
    first.fake.app.emit('second-instance', {}, ['cirrus']);
    expect(window.minimized).toBe(false);
    expect(window.focused).toBe(true);

    const second = await launchMain({ configure: (e) => (e.fake.app.singleInstance = false) });
    expect(second.fake.app.quitCalled).toBe(true);
    expect(second.window).toBeUndefined();
    expect(second.fake.ipcHandlers.size).toBe(0);
  });
});

type Item = { label?: string; role?: string; accelerator?: string; submenu?: Item[]; click?: () => void };
const menu = (app: LaunchedMain) => app.fake.applicationMenu?.template as Item[];
const roles = (app: LaunchedMain, top: string) =>
  menu(app)
    .find((m) => m.label === top)
    ?.submenu?.map((i) => i.role)
    .filter(Boolean);

describe('the native menu', () => {
  it('has Edit roles, so copy, paste and select all work in text fields', async () => {
    const app = await launchMain();
    expect(roles(app, 'Edit')).toEqual(['undo', 'redo', 'cut', 'copy', 'paste', 'delete', 'selectAll']);
    expect(roles(app, 'Help')).toEqual(['about']);
  });

  it('offers reload and developer tools only in development', async () => {
    const dev = await launchMain();
    expect(roles(dev, 'View')).toEqual(expect.arrayContaining(['reload', 'toggleDevTools', 'zoomIn']));
    const packaged = await launchMain({ configure: (e) => (e.fake.app.isPackaged = true) });
    expect(roles(packaged, 'View')).not.toContain('reload');
    expect(roles(packaged, 'View')).not.toContain('forceReload');
    expect(roles(packaged, 'View')).not.toContain('toggleDevTools');
    expect(roles(packaged, 'View')).toContain('zoomIn');
  });

  it("carries the app's own commands to the page, with their shortcuts", async () => {
    const app = await launchMain();
    const file = menu(app).find((m) => m.label === 'File')!.submenu!;
    const refresh = file.find((i) => i.label === 'Refresh')!;
    const signOut = file.find((i) => i.label === 'Sign Out')!;
    expect(refresh.accelerator).toBe('F5');
    expect(signOut.accelerator).toBe('CmdOrCtrl+Shift+Q');
    const settings = file.find((i) => i.label === 'Transfer Settings…')!;
    expect(settings.accelerator).toBe('CmdOrCtrl+,');
    signOut.click!();
    settings.click!();
    expect(app.window!.webContents.sent).toEqual([
      { channel: 'cirrus-event:menuCommand', payload: { command: 'signOut' } },
      { channel: 'cirrus-event:menuCommand', payload: { command: 'transferSettings' } },
    ]);
  });
});

describe('the window', () => {
  it('opens where the person left it, and only where a display still is', async () => {
    const first = await launchMain();
    expect(first.window!.options).toMatchObject({ width: 1280, height: 800, minWidth: 800, minHeight: 500 });
    expect(first.window!.options.x).toBeUndefined();
    first.window!.bounds = { x: 100, y: 50, width: 1000, height: 700 };
    first.window!.emit('close', {});

    const again = await launchMain({ userDataDir: first.userDataDir });
    expect(again.window!.options).toMatchObject({ x: 100, y: 50, width: 1000, height: 700 });

    // The monitor it was on is gone: the size is kept, the position left to the OS.
    const moved = await launchMain({
      userDataDir: first.userDataDir,
      configure: (e) => (e.fake.displays = [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]),
    });
    moved.window!.bounds = { x: 5000, y: 3000, width: 1000, height: 700 };
    moved.window!.emit('close', {});
    const back = await launchMain({ userDataDir: first.userDataDir });
    expect(back.window!.options).toMatchObject({ width: 1000, height: 700 });
    expect(back.window!.options.x).toBeUndefined();
  });

  it('reopens maximized when it was closed maximized', async () => {
    const first = await launchMain();
    first.window!.maximized = true;
    first.window!.emit('close', {});
    const again = await launchMain({ userDataDir: first.userDataDir });
    expect(again.window!.maximized).toBe(true);
  });
});
