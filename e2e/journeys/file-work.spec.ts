import { expect, test, type Page } from '@playwright/test';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { dropFiles } from '../fixtures/drop-files';
import {
  accountPath,
  containerPath,
  ensureContainerHolds,
  headStatus,
  objectBytes,
  objectPath,
  removeContainerIfPresent,
} from '../fixtures/objects-seed';
import { cirrusRequests, logSize, settledLogSize } from '../fixtures/proxy-log';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';

// The file-work tenant, shared with the extract journey: this one keeps to its own three containers.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const CREATED = 'made-by-the-journey';
const WORK = {
  'a.txt': 'alpha',
  'b.txt': 'bravo',
  'c.txt': 'charlie',
  'keep.txt': 'kept for copying and downloading',
};
const FULL = { 'one.txt': '1', 'two.txt': '2', 'three.txt': '3', 'sub/four.txt': '4' };

let app: LaunchedApp | undefined;
let local: string;

test.beforeAll(async () => {
  await removeContainerIfPresent(REGION, who, CREATED);
  await ensureContainerHolds(REGION, who, 'work', WORK);
  await ensureContainerHolds(REGION, who, 'full', FULL);
  local = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-files-'));
  fs.writeFileSync(path.join(local, 'hello.txt'), 'hello from the upload button\n');
  fs.writeFileSync(path.join(local, 'data.bin'), crypto.randomBytes(300 * 1024));
  fs.writeFileSync(path.join(local, 'dropped.txt'), 'dropped on the objects pane\n');
  fs.writeFileSync(path.join(local, 'on-the-tree.txt'), 'dropped on a container in the tree\n');
});

test.afterAll(() => fs.rmSync(local, { recursive: true, force: true }));

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function signIn(page: Page): Promise<void> {
  await signInWithForm(page, who);
}

const bytesOf = (file: string) => fs.readFileSync(path.join(local, file));

/** Listings of the account (its containers) that Cirrus asked Swift for since `since`, once the log has them all. */
const containerListings = async (since: number) => {
  await settledLogSize(REGION);
  return cirrusRequests(REGION, since).filter((r) => r.method === 'GET' && r.path === accountPath(who));
};

test('create a container, upload by button and by dropping, on the pane and on the tree', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page);
  const tree = page.getByRole('tree', { name: 'Containers' });
  const grid = page.getByRole('grid', { name: 'Objects' });

  await page.getByRole('button', { name: 'New container' }).click();
  const dialog = page.getByRole('dialog', { name: 'New container' });
  await dialog.getByLabel('Container name').fill(`${CREATED}/x`);
  await expect(dialog.getByText('A container name cannot contain "/".')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
  await dialog.getByLabel('Container name').fill(CREATED);
  await checkBothThemes(page, app.host, 'files-new-container');
  const createStart = logSize();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  expect(await headStatus(REGION, who, containerPath(who, CREATED))).toBe(204);
  await expect(tree.getByRole('treeitem', { name: CREATED, exact: true })).toHaveAttribute('aria-selected', 'true');
  // The new row was put into the list where it sorts ("full" < it < "work"): the containers were not listed again.
  const position = (name: string) =>
    tree.getByRole('treeitem', { name, exact: true }).getAttribute('aria-posinset').then(Number);
  expect(await position('full')).toBeLessThan(await position(CREATED));
  expect(await position(CREATED)).toBeLessThan(await position('work'));
  expect(await containerListings(createStart)).toEqual([]);
  await expect(page.getByText('This container is empty.')).toBeVisible();

  // Upload by button: the main process's file dialog (answered by the test) names the files.
  await app.answerNextDialog([path.join(local, 'hello.txt'), path.join(local, 'data.bin')]);
  await page.getByRole('toolbar', { name: 'Object actions' }).getByRole('button', { name: 'Upload…' }).click();
  await expect(grid.getByText('data.bin', { exact: true })).toBeVisible();
  await expect(grid.getByText('hello.txt', { exact: true })).toBeVisible();
  for (const file of ['hello.txt', 'data.bin']) {
    await expect.poll(async () => (await objectBytes(REGION, who, CREATED, file))?.equals(bytesOf(file))).toBe(true);
  }

  // Drop a plain file on the objects pane, and another on a container in the tree.
  await dropFiles(page, page.getByRole('region', { name: 'Objects pane' }), [path.join(local, 'dropped.txt')]);
  await expect(grid.getByText('dropped.txt', { exact: true })).toBeVisible();
  expect((await objectBytes(REGION, who, CREATED, 'dropped.txt'))?.equals(bytesOf('dropped.txt'))).toBe(true);
  await dropFiles(page, tree.getByRole('treeitem', { name: 'work', exact: true }), [
    path.join(local, 'on-the-tree.txt'),
  ]);
  await expect
    .poll(async () => (await objectBytes(REGION, who, 'work', 'on-the-tree.txt'))?.equals(bytesOf('on-the-tree.txt')))
    .toBe(true);
  // The tree's rows count what each container now holds, without the containers being listed again.
  const countOf = (name: string) => tree.getByRole('treeitem', { name, exact: true }).locator('.row-count');
  await expect(countOf(CREATED)).toHaveText('3');
  await expect(countOf('work')).toHaveText(String(Object.keys(WORK).length + 1));
  expect(await containerListings(createStart)).toEqual([]);
  await checkBothThemes(page, app.host, 'files-uploaded');

  // Sign out with a metadata edit not saved: asked first; Cancel keeps the edit.
  const transfers = page.getByRole('region', { name: 'Transfers' });
  await expect(transfers.getByRole('listitem').filter({ hasText: 'hello.txt' })).toBeVisible();
  await tree.getByRole('treeitem', { name: CREATED, exact: true }).click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await details.getByRole('button', { name: 'Add row' }).click();
  await details.getByLabel('Key of new row 1').fill('note');
  const ask = page.getByRole('alertdialog', { name: 'Sign out now?' });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(ask).toContainText('unsaved metadata changes on 1 item are discarded');
  await checkBothThemes(page, app.host, 'files-sign-out-ask');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(details.getByLabel('Key of new row 1')).toHaveValue('note');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await ask.getByRole('button', { name: 'Sign out' }).click();

  // The next session starts with no transfers of the last one.
  await signIn(page);
  await expect(tree.getByRole('treeitem', { name: CREATED, exact: true })).toBeVisible();
  await expect(transfers.getByRole('listitem')).toHaveCount(0);
});

test('download, copy and delete selected objects; delete a container that is not empty', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page);
  const tree = page.getByRole('tree', { name: 'Containers' });
  const grid = page.getByRole('grid', { name: 'Objects' });
  const actions = page.getByRole('toolbar', { name: 'Object actions' });
  const pick = (name: string) => grid.getByRole('checkbox', { name: `Select ${name}`, exact: true });
  await tree.getByRole('treeitem', { name: 'work', exact: true }).click();

  // Download two selected objects into a chosen folder: exactly those files, with Swift's bytes.
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-download-'));
  await pick('a.txt').check();
  await pick('keep.txt').check();
  await expect(actions.getByText('2 selected')).toBeVisible();
  await app.answerNextDialog([target]);
  await actions.getByRole('button', { name: 'Download…' }).click();
  await expect.poll(() => fs.readdirSync(target).sort(), { timeout: 15_000 }).toEqual(['a.txt', 'keep.txt']);
  for (const name of ['a.txt', 'keep.txt']) {
    await expect
      .poll(async () =>
        fs.readFileSync(path.join(target, name)).equals((await objectBytes(REGION, who, 'work', name))!),
      )
      .toBe(true);
  }
  fs.rmSync(target, { recursive: true, force: true });

  // Copy one object beside itself.
  await pick('a.txt').uncheck();
  await actions.getByRole('button', { name: 'Copy…' }).click();
  const copy = page.getByRole('dialog', { name: 'Copy “keep.txt”' });
  await expect(copy.getByLabel('New name')).toHaveValue('keep copy.txt');
  await expect(copy.getByLabel('To container')).toHaveValue('work');
  await checkBothThemes(page, app.host, 'files-copy');
  await copy.getByRole('button', { name: 'Copy' }).click();
  await expect(copy).toBeHidden();
  await expect(grid.getByText('keep copy.txt', { exact: true })).toBeVisible();
  const original = await objectBytes(REGION, who, 'work', 'keep.txt');
  expect(original?.toString()).toBe(WORK['keep.txt']);
  expect((await objectBytes(REGION, who, 'work', 'keep copy.txt'))?.equals(original!)).toBe(true);

  // Pick three the desktop way (a click, then Shift-click for the range); a confirmation counts them.
  await grid.getByText('a.txt', { exact: true }).click();
  await grid.getByText('c.txt', { exact: true }).click({ modifiers: ['Shift'] });
  await expect(actions.getByText('3 selected')).toBeVisible();
  for (const name of ['a.txt', 'b.txt', 'c.txt']) await expect(pick(name)).toBeChecked();
  await expect(pick('keep.txt')).not.toBeChecked();
  await actions.getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 3 objects?' });
  await expect(confirm.getByRole('listitem')).toHaveText(['a.txt', 'b.txt', 'c.txt']);
  await checkBothThemes(page, app.host, 'files-delete-objects');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(grid.getByText('b.txt', { exact: true })).toHaveCount(0);
  for (const name of ['a.txt', 'b.txt', 'c.txt']) {
    expect(await headStatus(REGION, who, objectPath(who, 'work', name))).toBe(404);
  }
  expect(await headStatus(REGION, who, objectPath(who, 'work', 'keep.txt'))).toBe(200);

  // A container with objects: the offer says how many, then empties and deletes it.
  await tree.getByRole('treeitem', { name: 'full', exact: true }).click();
  await page.getByRole('button', { name: 'Delete container' }).click();
  const offer = page.getByRole('dialog', { name: 'Delete container “full”?' });
  await expect(offer).toContainText('It holds 4 objects');
  await checkBothThemes(page, app.host, 'files-delete-container');
  const deleteStart = logSize();
  await offer.getByRole('button', { name: 'Empty and delete' }).click();
  // Emptying runs in the main process as a transfer: the dialog closes, the panel follows it.
  await expect(offer).toBeHidden();
  const emptying = page.getByRole('region', { name: 'Transfers' }).getByRole('listitem').filter({
    hasText: 'Empty and delete full',
  });
  await expect(emptying).toContainText('Done', { timeout: 20_000 });
  expect(await headStatus(REGION, who, containerPath(who, 'full'))).toBe(404);
  await expect(tree.getByRole('treeitem', { name: 'full', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Account' })).toBeVisible();
  // Its row was taken out of the list: the containers were not listed again.
  expect(await containerListings(deleteStart)).toEqual([]);
});
