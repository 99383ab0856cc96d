import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { signInWithForm } from '../fixtures/sign-in';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';

// The browse tenant's "a-folders" container is this spec's (near the top of the tree); written afresh each run.
const who = 'browse' as const;
const REGION = 'RegionOne' as const;
const C = 'a-folders';
const SEED = ['photos/a.jpg', 'photos/2024/b.jpg', 'photos/2024/c.jpg', 'notes.txt', 'other/d.txt'];

let app: LaunchedApp | undefined;
test.beforeAll(async () => {
  await swiftRequest(REGION, 'PUT', containerPath(who, C), { who });
  for (const name of SEED) {
    expect(
      (await swiftRequest(REGION, 'PUT', objectPath(who, C, name), { who, body: `bytes of ${name}` })).status,
    ).toBe(201);
  }
});
test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

test('the tree has headings and a context menu: a container or a folder downloads whole from it', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  const tree = page.getByRole('tree', { name: 'Containers' });
  const nav = page.getByRole('navigation', { name: 'Container browser' });
  await expect(nav.getByText('Objects', { exact: true })).toBeVisible();
  await expect(nav.getByText('Size', { exact: true })).toBeVisible();
  const menu = page.getByRole('menu');
  const saved = (dir: string) =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();

  // Right-click the container: the menu for a container; its download takes every object, paths kept.
  const container = tree.getByRole('treeitem', { name: C, exact: true });
  await container.click({ button: 'right' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Open',
    'Upload to this container…',
    'Download container…',
    'Copy path',
    'Compare with RegionTwo…',
    'Compare with a local folder…',
    'Delete container…',
    'Properties',
  ]);
  const whole = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-tree-menu-'));
  await app.answerNextDialog([whole]);
  await menu.getByRole('menuitem', { name: 'Download container…' }).click();
  await expect.poll(() => saved(whole), { timeout: 15_000 }).toEqual([...SEED].sort());
  fs.rmSync(whole, { recursive: true, force: true });

  // The menu key on a folder of the tree: its download makes the folder itself in the chosen place.
  await container.click();
  await page.keyboard.press('ArrowRight');
  const photos = tree.getByRole('treeitem', { name: 'photos', exact: true });
  await photos.focus();
  await page.keyboard.press('Shift+F10');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'Delete container…' })).toHaveCount(0);
  const one = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-tree-menu-'));
  await app.answerNextDialog([one]);
  await menu.getByRole('menuitem', { name: 'Download folder…' }).click();
  await expect
    .poll(() => saved(one), { timeout: 15_000 })
    .toEqual(['photos/2024/b.jpg', 'photos/2024/c.jpg', 'photos/a.jpg']);
  fs.rmSync(one, { recursive: true, force: true });

  // Properties: the details pane shows the folder and takes the focus.
  await photos.click({ button: 'right' });
  await menu.getByRole('menuitem', { name: 'Properties' }).click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details).toBeFocused();
  await expect(details).toContainText('photos/');
});

test('picked folders download whole, keeping their tree, and delete whole after saying how many objects go', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: C, exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Objects' });
  const actions = page.getByRole('toolbar', { name: 'Object actions' });
  const pick = (label: string) => grid.getByRole('checkbox', { name: `Select ${label}`, exact: true });

  // A folder and an object: everything under the folder, saved as the same tree under the chosen folder.
  const target = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-folders-'));
  await pick('photos').check();
  await pick('notes.txt').check();
  await expect(actions.getByRole('button', { name: 'Copy…' })).toBeDisabled();
  await app.answerNextDialog([target]);
  await actions.getByRole('button', { name: 'Download…' }).click();
  const saved = () =>
    fs
      .readdirSync(target, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(target, path.join(e.parentPath, e.name)))
      .sort();
  await expect
    .poll(saved, { timeout: 15_000 })
    .toEqual(['notes.txt', 'photos/2024/b.jpg', 'photos/2024/c.jpg', 'photos/a.jpg']);
  expect(fs.readFileSync(path.join(target, 'photos/2024/c.jpg'), 'utf8')).toBe('bytes of photos/2024/c.jpg');
  fs.rmSync(target, { recursive: true, force: true });

  // Delete the folder: the confirmation counts what is in it first.
  await pick('notes.txt').uncheck();
  await actions.getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 3 objects?' });
  await expect(confirm).toContainText('Everything in 1 folder is deleted with it.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(grid.getByText('photos', { exact: true })).toHaveCount(0);
  expect((await listAll(REGION, containerPath(who, C), who)).sort()).toEqual(['notes.txt', 'other/d.txt']);
});
