/**
 * Runs the real electron/main.ts against the fake `electron` module, the way
 * Electron would start it: a fresh module graph, the data folder from the
 * environment, then "ready". Returns the fake, to drive and to inspect.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import type * as FakeElectron from './fake-electron';
import type { FakeBrowserWindow } from './fake-electron';

type FakeModule = typeof FakeElectron;

export interface LaunchedMain {
  electron: FakeModule;
  fake: FakeModule['fake'];
  window: FakeBrowserWindow | undefined;
  userDataDir: string;
}

export async function launchMain(
  opts: { userDataDir?: string; configure?: (electron: FakeModule) => void } = {},
): Promise<LaunchedMain> {
  vi.resetModules();
  const electron = await import('./fake-electron');
  electron.resetFake();
  const userDataDir = opts.userDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-main-'));
  process.env.CIRRUS_USER_DATA_DIR = userDataDir;
  electron.fake.app.appPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  opts.configure?.(electron);
  try {
    await import('../../electron/main');
  } finally {
    delete process.env.CIRRUS_USER_DATA_DIR;
  }
  electron.fake.app.fireReady();
  await electron.fake.app.ready;
  await new Promise((resolve) => setImmediate(resolve));
  return { electron, fake: electron.fake, window: electron.FakeBrowserWindow.created[0], userDataDir };
}
