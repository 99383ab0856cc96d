/**
 * electron/main.ts with two windows, against the real Swift harness (only `electron` is faked):
 * each window's page signs in to its own account through main.ts's own IPC handlers, and each
 * then sees its own session; closing one signs it out and leaves the other signed in.
 */
import { afterEach, expect, it } from 'vitest';
import { channelOf } from '../shared/operations';
import { harnessCredentials, uniqueName } from '../testing/electron/harness-session';
import { directPath } from '../testing/electron/transfers-testkit';
import { swiftRequest } from '../testing/swift/swift-direct';
import { HARNESS } from '../testing/swift/config';
import type { FakeBrowserWindow } from '../testing/electron/fake-electron';
import { launchMain, type LaunchedMain } from '../testing/electron/launch-main';

// This worker's lane of the harness names its own users (testing/swift/config.ts).
const { admin, other } = HARNESS.users;

let app: LaunchedMain | undefined;
const open: FakeBrowserWindow[] = [];

afterEach(async () => {
  for (const window of open.splice(0)) await invoke(window, 'signOut').catch(() => undefined);
  app = undefined;
});

function invoke(window: FakeBrowserWindow, operation: string, request: unknown = {}): Promise<unknown> {
  const handler = app!.fake.ipcHandlers.get(channelOf(operation as never));
  if (!handler) throw new Error(`${operation} is not registered`);
  return Promise.resolve(handler({ sender: window.webContents, senderFrame: window.webContents.mainFrame }, request));
}

it('keeps two windows signed in to two accounts apart, and signs out only the one that closes', async () => {
  app = await launchMain();
  const file = (
    app.fake.applicationMenu?.template as { label?: string; submenu?: { label?: string; click?: () => void }[] }[]
  ).find((menu) => menu.label === 'File')!.submenu!;
  file.find((item) => item.label === 'New Window')!.click!();
  const [first, second] = app.electron.FakeBrowserWindow.created as FakeBrowserWindow[];
  open.push(first!, second!);

  expect(await invoke(first!, 'signIn', harnessCredentials('admin'))).toMatchObject({
    ok: true,
    value: { userName: admin.user },
  });
  expect(await invoke(second!, 'signIn', harnessCredentials('other'))).toMatchObject({
    ok: true,
    value: { userName: other.user },
  });
  expect(await invoke(first!, 'getSession')).toMatchObject({
    ok: true,
    value: { userName: admin.user, tenantName: admin.tenantName },
  });
  expect(await invoke(second!, 'getSession')).toMatchObject({
    ok: true,
    value: { userName: other.user, tenantName: other.tenantName },
  });
  // Each lists its own account: a container only the first account holds shows in the first window alone.
  const only = uniqueName('windows-admin-only');
  expect((await swiftRequest('RegionOne', 'PUT', directPath(only))).status).toBe(201);
  try {
    const names = async (window: FakeBrowserWindow) =>
      (
        (await invoke(window, 'listContainers', { region: 'RegionOne', prefix: only })) as {
          value: { containers: { name: string }[] };
        }
      ).value.containers.map((c) => c.name);
    expect(await names(first!)).toEqual([only]);
    expect(await names(second!)).toEqual([]);
  } finally {
    await swiftRequest('RegionOne', 'DELETE', directPath(only));
  }

  second!.destroyed = true;
  second!.emit('closed');
  expect(await invoke(second!, 'getSession')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  expect(await invoke(first!, 'getSession')).toMatchObject({ ok: true, value: { userName: admin.user } });
});
