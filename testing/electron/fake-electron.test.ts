import { describe, expect, it } from 'vitest';
import { app, BrowserWindow, fake, ipcMain, resetFake, session } from './fake-electron';

describe('the fake electron module', () => {
  it('throws on any API it does not fake, so a gap is loud', () => {
    resetFake();
    expect(() => (app as unknown as Record<string, unknown>).relaunch).toThrow(/app\.relaunch is not faked/);
    expect(() => (ipcMain as unknown as Record<string, unknown>).on).toThrow(/ipcMain\.on is not faked/);
    const window = new BrowserWindow({});
    expect(() => (window as unknown as Record<string, unknown>).setBounds).toThrow(/not faked/);
    expect(() => (window.webContents as unknown as Record<string, unknown>).executeJavaScript).toThrow(/not faked/);
    expect(() => (session.defaultSession as unknown as Record<string, unknown>).clearCache).toThrow(/not faked/);
  });

  it('records what the app registers', () => {
    resetFake();
    ipcMain.handle('cirrus:x', () => 1);
    expect(fake.ipcHandlers.has('cirrus:x')).toBe(true);
    expect(() => ipcMain.handle('cirrus:x', () => 2)).toThrow(/second handler/);
  });
});
