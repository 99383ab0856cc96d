import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { closedPort } from '../../testing/electron/closed-port';
import { checkBothThemes } from '../fixtures/both-themes';
import { containerNames, ensureAccountHolds } from '../fixtures/seed';
import { launchApp, type LaunchedApp } from '../host';
import { HARNESS } from '../../testing/swift/config';

// These journeys own the `connections` tenant's account; each region holds one recognisable container.
const who = 'connections' as const;
const user = HARNESS.users[who];
const IN_ONE = 'keeper-one-only';
const IN_TWO = 'keeper-two-only';

let app: LaunchedApp | undefined;

test.beforeAll(async () => {
  await ensureAccountHolds('RegionOne', who, [IN_ONE]);
  await ensureAccountHolds('RegionTwo', who, [IN_TWO]);
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

test.afterAll(() => {
  for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
});

const madeDirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-connections-'));
  madeDirs.push(dir);
  return dir;
};
const profilesFile = (dir: string) => path.join(dir, 'profiles.json');
const connectionList = (page: Page) => page.getByRole('list', { name: 'Connections' });
const row = (page: Page, name: string) => connectionList(page).getByRole('listitem', { name, exact: true });
/** The container view, whether a list or a tree, by its label. */
const containers = (page: Page) => page.getByLabel('Containers', { exact: true });

interface NewProfile {
  name: string;
  authUrl?: string;
  password?: string;
  savePassword: boolean;
}

/** Fills the connection editor the way a person would. */
async function fillEditor(form: Locator, p: NewProfile): Promise<void> {
  await form.getByLabel('Name', { exact: true }).fill(p.name);
  await form.getByLabel('Auth URL').fill(p.authUrl ?? HARNESS.authUrlV2);
  // The version follows the URL; the person checks it says v2.0.
  await expect(form.getByLabel('Auth version')).toHaveValue('2');
  await form.getByLabel('User name').fill(user.user);
  await form.getByLabel('Tenant').fill(user.tenantName);
  await form.getByLabel('Secret type').selectOption({ label: 'Password' });
  const save = form.getByRole('checkbox', { name: 'Save password' });
  if (p.savePassword) {
    await save.check();
    await form.getByLabel('Password', { exact: true }).fill(p.password ?? user.password);
  } else {
    await save.uncheck();
    await expect(form.getByLabel('Password', { exact: true })).toBeDisabled();
  }
}

async function createProfile(page: Page, p: NewProfile): Promise<void> {
  await page.getByRole('button', { name: 'New connection' }).click();
  const form = page.getByRole('form', { name: 'Connection' });
  await fillEditor(form, p);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toHaveCount(0);
  await expect(row(page, p.name)).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(connectionList(page)).toBeVisible();
}

test('saved connections: connect, remember RegionTwo per profile, rename, delete, and survive a relaunch', async () => {
  const userDataDir = freshDir();
  app = await launchApp({ userDataDir });
  const { page } = app;
  test.info().annotations.push({ type: 'host', description: app.host });
  await checkBothThemes(page, app.host, 'connections-empty');

  await page.getByRole('button', { name: 'New connection' }).click();
  const editor = page.getByRole('form', { name: 'Connection' });
  await fillEditor(editor, { name: 'Keeper saved', savePassword: true });
  await checkBothThemes(page, app.host, 'connections-new');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'Keeper saved')).toContainText('password saved');
  await createProfile(page, { name: 'Keeper asks', savePassword: false });
  await expect(row(page, 'Keeper asks')).toContainText('asks for the password');
  await checkBothThemes(page, app.host, 'connections-list');

  // On disk: both profiles, the saved password only encrypted (the test keychain stands in for the OS's).
  const onDisk = fs.readFileSync(profilesFile(userDataDir), 'utf8');
  expect(onDisk).not.toContain(user.password);
  const stored = JSON.parse(onDisk) as { profiles: { name: string; secret?: string; secretStorage?: string }[] };
  expect(stored.profiles.map((p) => [p.name, p.secretStorage, typeof p.secret])).toEqual([
    ['Keeper saved', 'os', 'string'],
    ['Keeper asks', undefined, 'undefined'],
  ]);
  expect(Buffer.from(stored.profiles[0]!.secret!, 'base64').toString('latin1')).not.toContain(user.password);
  expect(fs.statSync(profilesFile(userDataDir)).mode & 0o777).toBe(0o600);

  // Connect with the saved password: the catalog's regions, RegionOne first.
  await row(page, 'Keeper saved').getByRole('button', { name: 'Connect' }).click();
  const region = page.getByLabel('Region', { exact: true });
  await expect(region.locator('option')).toHaveText(['RegionOne', 'RegionTwo']);
  await expect(region).toHaveValue('RegionOne');
  await expect(page.getByRole('banner').getByText('Keeper saved')).toBeVisible();
  await expect(containers(page).getByText(IN_ONE, { exact: true })).toBeVisible();

  await region.selectOption('RegionTwo');
  await expect(containers(page).getByText(IN_TWO, { exact: true })).toBeVisible();
  await expect(containers(page).getByText(IN_ONE, { exact: true })).toHaveCount(0);
  // What the app shows is what Swift holds in each region.
  expect(await containerNames('RegionTwo', who)).toEqual([IN_TWO]);
  expect(await containerNames('RegionOne', who)).toEqual([IN_ONE]);
  await checkBothThemes(page, app.host, 'connections-region-two');

  // Disconnect and reconnect: the profile brings RegionTwo back.
  await signOut(page);
  await row(page, 'Keeper saved').getByRole('button', { name: 'Connect' }).click();
  await expect(region).toHaveValue('RegionTwo');
  await expect(containers(page).getByText(IN_TWO, { exact: true })).toBeVisible();
  await signOut(page);

  // A profile without a saved password asks for it, and does not keep it.
  await row(page, 'Keeper asks').getByRole('button', { name: 'Connect' }).click();
  const prompt = page.getByRole('dialog', { name: 'Connect to Keeper asks' });
  await expect(prompt.getByLabel('Password for Keeper asks')).toBeFocused();
  await prompt.getByLabel('Password for Keeper asks').fill(user.password);
  await checkBothThemes(page, app.host, 'connections-password-prompt');
  await prompt.getByRole('button', { name: 'Connect' }).click();
  await expect(region).toHaveValue('RegionOne');
  await expect(containers(page).getByText(IN_ONE, { exact: true })).toBeVisible();
  await signOut(page);
  expect(fs.readFileSync(profilesFile(userDataDir), 'utf8')).not.toContain(user.password);
  await expect(row(page, 'Keeper asks')).toContainText('asks for the password');

  // Rename.
  await row(page, 'Keeper asks').getByRole('button', { name: 'Edit' }).click();
  await expect(editor.getByLabel('Name', { exact: true })).toHaveValue('Keeper asks');
  await expect(editor.getByLabel('User name')).toHaveValue(user.user);
  await editor.getByLabel('Name', { exact: true }).fill('Keeper typed');
  await checkBothThemes(page, app.host, 'connections-edit');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'Keeper typed')).toBeVisible();
  await expect(row(page, 'Keeper asks')).toHaveCount(0);

  // Delete, after confirming.
  await row(page, 'Keeper typed').getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete connection' });
  await expect(confirm).toContainText('Delete “Keeper typed”?');
  await checkBothThemes(page, app.host, 'connections-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'Keeper typed')).toHaveCount(0);
  // Nothing the handlers answered the page held the password (the Chromium host records every answer).
  expect(JSON.stringify(app.ipcLog ?? [])).not.toContain(user.password);
  await app.close();

  // The next launch on the same data folder: the deleted profile stays gone, the region memory stays.
  app = await launchApp({ userDataDir });
  const again = app.page;
  await expect(row(again, 'Keeper saved')).toBeVisible();
  await expect(connectionList(again).getByRole('listitem')).toHaveCount(1);
  await row(again, 'Keeper saved').getByRole('button', { name: 'Connect' }).click();
  await expect(again.getByLabel('Region', { exact: true })).toHaveValue('RegionTwo');
  await expect(containers(again).getByText(IN_TWO, { exact: true })).toBeVisible();
  expect(JSON.stringify(app.ipcLog ?? [])).not.toContain(user.password);
});

test('a wrong password and an unreachable URL get clear messages, and the app stays usable', async () => {
  app = await launchApp({ userDataDir: freshDir() });
  const { page } = app;
  await createProfile(page, { name: 'Wrong password', password: 'not-the-password', savePassword: true });
  await row(page, 'Wrong password').getByRole('button', { name: 'Connect' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Could not connect to “Wrong password”.');
  await expect(alert).toContainText('did not accept these credentials');
  await checkBothThemes(page, app.host, 'connections-wrong-password');

  const port = await closedPort();
  await createProfile(page, {
    name: 'Nobody home',
    authUrl: `http://127.0.0.1:${port}/v2.0`,
    savePassword: true,
  });
  await row(page, 'Nobody home').getByRole('button', { name: 'Connect' }).click();
  await expect(alert).toContainText('Could not connect to “Nobody home”.');
  await expect(alert).toContainText(`Could not reach 127.0.0.1:${port}`);
  await checkBothThemes(page, app.host, 'connections-unreachable');

  // A Keystone v3 connection: the form follows the URL to v3 and asks for a project and domains.
  await page.getByRole('button', { name: 'New connection' }).click();
  const editor = page.getByRole('form', { name: 'Connection' });
  await editor.getByLabel('Name', { exact: true }).fill('Keeper v3');
  await editor.getByLabel('Auth URL').fill(HARNESS.authUrlV3);
  await expect(editor.getByLabel('Auth version')).toHaveValue('3');
  await expect(editor.getByLabel('Tenant')).toHaveCount(0);
  await editor.getByLabel('User name').fill(user.user);
  await editor.getByLabel('Project', { exact: true }).fill(user.tenantName);
  await editor.getByLabel('User domain').fill('Default');
  await editor.getByLabel('Project domain').fill('Default');
  await expect(editor.getByLabel('Secret type').locator('option')).toHaveText([
    'Password',
    'API key',
    'Application credential',
  ]);
  await editor.getByLabel('Password', { exact: true }).fill(user.password);
  await checkBothThemes(page, app.host, 'connections-v3-editor');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'Keeper v3')).toContainText('v3');
  // The failure shown before does not linger once the person moves on.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await row(page, 'Keeper v3').getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByLabel('Region', { exact: true }).locator('option')).toHaveText(['RegionOne', 'RegionTwo']);
  await expect(containers(page).getByText(IN_ONE, { exact: true })).toBeVisible();
  await signOut(page);

  // Nothing else broke: the quick sign-in still connects.
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Auth URL').fill(HARNESS.authUrlV2);
  await signIn.getByLabel('User name').fill(user.user);
  await signIn.getByLabel('Password').fill(user.password);
  await signIn.getByLabel('Tenant').fill(user.tenantName);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Region', { exact: true })).toHaveValue('RegionOne');
  await expect(containers(page).getByText(IN_ONE, { exact: true })).toBeVisible();
});

test('without a keychain, a password is saved only when the person agrees to plain text', async () => {
  const userDataDir = freshDir();
  app = await launchApp({ userDataDir, env: { CIRRUS_TEST_SECRET_STORAGE: 'plain-text' } });
  const { page } = app;
  await page.getByRole('button', { name: 'New connection' }).click();
  const editor = page.getByRole('form', { name: 'Connection' });
  await expect(editor.getByText('This system has no keychain Cirrus can use')).toBeVisible();
  await expect(editor.getByRole('checkbox', { name: 'Save password' })).not.toBeChecked();
  await fillEditor(editor, { name: 'Plain', savePassword: true });

  await editor.getByRole('button', { name: 'Save' }).click();
  const refusal = editor.getByRole('alert');
  await expect(refusal).toContainText('Could not save the connection.');
  await expect(refusal).toContainText(
    'This system has no keychain Cirrus can use; the password would be stored unencrypted. ' +
      'Save it anyway, or leave it unsaved and type it when you connect.',
  );
  expect(fs.existsSync(profilesFile(userDataDir))).toBe(false);
  await checkBothThemes(page, app.host, 'connections-plain-text-refused');

  await editor.getByRole('checkbox', { name: 'Store it unencrypted anyway' }).check();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'Plain')).toContainText('password saved');
  const stored = JSON.parse(fs.readFileSync(profilesFile(userDataDir), 'utf8')) as {
    profiles: { secretStorage?: string }[];
  };
  expect(stored.profiles[0]?.secretStorage).toBe('plain-text');

  await row(page, 'Plain').getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByLabel('Region', { exact: true }).locator('option')).toHaveText(['RegionOne', 'RegionTwo']);
  await expect(containers(page).getByText(IN_ONE, { exact: true })).toBeVisible();
  expect(JSON.stringify(app.ipcLog ?? [])).not.toContain(user.password);
});
