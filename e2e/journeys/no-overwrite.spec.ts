import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectBytes, objectPath } from '../fixtures/objects-seed';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import { swiftRequest } from '../../testing/swift/swift-direct';

// The file-work tenant's "clash" container is this journey's; it is written afresh each run.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const C = 'clash';
const put = async (name: string, body: string) =>
  expect((await swiftRequest(REGION, 'PUT', objectPath(who, C, name), { who, body })).status).toBe(201);

let app: LaunchedApp | undefined;
let local: string;
test.beforeAll(async () => {
  await swiftRequest(REGION, 'PUT', containerPath(who, C), { who });
  for (const name of ['notes.txt', 'notes (2).txt', 'todo.txt', 'plan.txt']) {
    await swiftRequest(REGION, 'DELETE', objectPath(who, C, name), { who });
  }
  await put('notes.txt', 'in Swift first');
  await put('todo.txt', 'todo in Swift');
  local = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-clash-'));
  fs.writeFileSync(path.join(local, 'notes.txt'), 'from the disk');
  fs.writeFileSync(path.join(local, 'todo.txt'), 'todo from the disk');
  fs.writeFileSync(path.join(local, 'plan.txt'), 'a new plan');
});
test.afterAll(() => fs.rmSync(local, { recursive: true, force: true }));
test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

test('an upload or a download that meets a name asks: keep both, skip, replace, or cancel', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: C, exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Objects' });
  const actions = page.getByRole('toolbar', { name: 'Object actions' });
  await expect(grid.getByText('notes.txt', { exact: true })).toBeVisible();

  // Three files, two of them already there: asked one at a time.
  await app.answerNextDialog(['notes.txt', 'todo.txt', 'plan.txt'].map((f) => path.join(local, f)));
  await actions.getByRole('button', { name: 'Upload…' }).click();
  const ask = page.getByRole('alertdialog', { name: 'notes.txt is already there' });
  await expect(ask).toContainText('An object of that name is already in clash.');
  await checkBothThemes(page, app.host, 'upload-conflict');
  await ask.getByRole('button', { name: 'Keep both' }).click();
  await page
    .getByRole('alertdialog', { name: 'todo.txt is already there' })
    .getByRole('button', { name: 'Skip' })
    .click();

  // Swift: the new file beside the old under a numbered name, the skipped one untouched, the new one uploaded.
  await expect(grid.getByText('notes (2).txt', { exact: true })).toBeVisible();
  await expect(grid.getByText('plan.txt', { exact: true })).toBeVisible();
  expect((await objectBytes(REGION, who, C, 'notes.txt'))?.toString()).toBe('in Swift first');
  await expect.poll(async () => (await objectBytes(REGION, who, C, 'notes (2).txt'))?.toString()).toBe('from the disk');
  expect((await objectBytes(REGION, who, C, 'todo.txt'))?.toString()).toBe('todo in Swift');

  // Again, all of them: Replace for all that are there.
  await app.answerNextDialog(['notes.txt', 'todo.txt'].map((f) => path.join(local, f)));
  await actions.getByRole('button', { name: 'Upload…' }).click();
  const again = page.getByRole('alertdialog', { name: 'notes.txt is already there' });
  await again.getByLabel('Do the same for the 1 other already there').check();
  await again.getByRole('button', { name: 'Replace' }).click();
  await expect.poll(async () => (await objectBytes(REGION, who, C, 'todo.txt'))?.toString()).toBe('todo from the disk');
  expect((await objectBytes(REGION, who, C, 'notes.txt'))?.toString()).toBe('from the disk');

  // Cancel: nothing starts.
  await app.answerNextDialog([path.join(local, 'plan.txt')]);
  await actions.getByRole('button', { name: 'Upload…' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel the upload' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // A download into a folder that holds the name: keep both saves beside it; the old file stays.
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-clash-down-'));
  fs.writeFileSync(path.join(target, 'todo.txt'), 'mine, on the disk');
  await grid.getByRole('checkbox', { name: 'Select todo.txt', exact: true }).check();
  await app.answerNextDialog([target]);
  await actions.getByRole('button', { name: 'Download…' }).click();
  const down = page.getByRole('alertdialog', { name: 'todo.txt is already there' });
  await expect(down).toContainText('A file of that name is already in the folder you chose.');
  await down.getByRole('button', { name: 'Keep both' }).click();
  await expect.poll(() => fs.readdirSync(target).sort(), { timeout: 15_000 }).toEqual(['todo (2).txt', 'todo.txt']);
  expect(fs.readFileSync(path.join(target, 'todo.txt'), 'utf8')).toBe('mine, on the disk');
  expect(fs.readFileSync(path.join(target, 'todo (2).txt'), 'utf8')).toBe('todo from the disk');
  fs.rmSync(target, { recursive: true, force: true });
});
