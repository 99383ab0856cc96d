import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { launchApp, type LaunchedApp } from '../host';
import { ensureContainerHolds, objectBytes, objectPath } from '../fixtures/objects-seed';

// A day's work with the keyboard alone, in a container of its own in RegionTwo of the file-work tenant.
const who = 'files' as const;
const REGION = 'RegionTwo' as const;
const CONTAINER = 'keyboard-day';
const START = { 'draft.txt': 'a first draft', 'notes.txt': 'notes', 'zebra.txt': 'last by name' };

let app: LaunchedApp | undefined;
let local: string;

test.beforeAll(async () => {
  await ensureContainerHolds(REGION, who, CONTAINER, START);
  local = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-keys-'));
  fs.writeFileSync(path.join(local, 'report.txt'), 'uploaded through the dialog, by keyboard\n');
});

test.afterAll(() => fs.rmSync(local, { recursive: true, force: true }));

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** What has the keyboard focus: its role and name, or "body" when focus was lost to the page itself. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
    const name =
      el.getAttribute('aria-label') ??
      label ??
      el.getAttribute('placeholder') ??
      el.querySelector('.row-name')?.textContent ??
      (el as HTMLElement).innerText?.split('\n')[0] ??
      '';
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()}: ${name.trim().slice(0, 60)}`;
  });
}

/** Presses a key and checks focus is still on something the person can see, never lost to <body>. */
async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await expect.poll(() => focused(page), { message: `focus after ${key}` }).not.toBe('body');
}

/** Tabs forward (or back) until the focused element matches, as a person would, at most `limit` times. */
async function tabTo(page: Page, pattern: RegExp, limit = 25, key = 'Tab'): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (pattern.test(await focused(page))) return;
    await press(page, key);
  }
  throw new Error(`${pattern} was not reached with ${key} (now at ${await focused(page)})`);
}

async function type(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  expect(await focused(page)).not.toBe('body');
}

test('a whole day with the keyboard alone: sign in, region, container, find, sort, select, rename, metadata, upload, delete, sign out', async () => {
  app = await launchApp();
  const { page } = app;
  const user = HARNESS.users[who];

  // Sign in: the form takes the focus when it shows; its fields in order, Enter sends it.
  await expect(page.getByRole('form', { name: 'Sign in' }).getByLabel('Auth URL')).toBeFocused();
  await page.keyboard.press('Control+a');
  await type(page, HARNESS.authUrlV2);
  await tabTo(page, /User name/i);
  await type(page, user.user);
  await tabTo(page, /Password/i);
  await type(page, user.password);
  await tabTo(page, /Tenant/i);
  await type(page, user.tenantName);
  await press(page, 'Enter');
  // Signed in (the tree shows only once the region has a container: a fresh harness's RegionOne has none).
  await expect(page.getByRole('combobox', { name: 'Region' })).toBeVisible();

  // Pick RegionTwo in the region list by arrow key.
  await tabTo(page, /Region/, 40, 'Shift+Tab');
  await press(page, 'ArrowDown');
  await expect(page.getByRole('combobox', { name: 'Region' })).toHaveValue(REGION);

  // Open the container: filter the tree by its name, then Enter on it.
  await tabTo(page, /Filter/i);
  await type(page, CONTAINER);
  await expect(page.getByText('1 matching')).toBeVisible(); // the list has followed the filter
  await tabTo(page, /treeitem/);
  await tabTo(page, new RegExp(`treeitem: ${CONTAINER}`), 5, 'ArrowDown');
  await press(page, 'Enter');
  const grid = page.getByRole('grid', { name: 'Objects' });
  await expect(grid.getByText('zebra.txt')).toBeVisible();

  // Find: only the names holding the text, then Escape shows all again.
  await tabTo(page, /Find objects whose names contain/);
  await type(page, 'ote');
  await press(page, 'Enter');
  await expect(grid.locator('.row-name')).toHaveText(['notes.txt']);
  await press(page, 'Escape');
  await expect(grid.locator('.row-name')).toHaveText(['draft.txt', 'notes.txt', 'zebra.txt']);

  // Sort by name the other way: the heading's button, Enter.
  await tabTo(page, /button: Name/);
  await press(page, 'Enter');
  await expect(grid.locator('.row-name')).toHaveText(['zebra.txt', 'notes.txt', 'draft.txt']);

  // Into the rows: select draft.txt (the last row), rename it with F2.
  await tabTo(page, /^row/);
  await press(page, 'End');
  await press(page, 'Space');
  await expect(page.getByText('1 selected')).toBeVisible();
  await press(page, 'F2');
  const renameBox = page.getByRole('dialog').getByRole('textbox').first();
  await expect(renameBox).toBeFocused();
  await page.keyboard.press('Control+a');
  await type(page, 'final.txt');
  await press(page, 'Enter');
  await expect(grid.getByText('final.txt')).toBeVisible();
  await expect
    .poll(() => objectBytes(REGION, who, CONTAINER, 'final.txt').then((b) => b?.toString()))
    .toBe('a first draft');

  // Metadata of the renamed object: the details pane's Add row, a key and a value, Save changes.
  await tabTo(page, /button: .*Add row/);
  await press(page, 'Enter');
  await type(page, 'Reviewed-By');
  await press(page, 'Tab');
  await type(page, 'keyboard');
  await tabTo(page, /button: Save changes/);
  await press(page, 'Enter');
  await expect
    .poll(async () => {
      const head = await swiftRequest(REGION, 'HEAD', objectPath(who, CONTAINER, 'final.txt'), { who });
      return head.headers.get('x-object-meta-reviewed-by');
    })
    .toBe('keyboard');

  // Upload through the dialog: the toolbar's Upload… button, Enter.
  await app.answerNextDialog([path.join(local, 'report.txt')]);
  await tabTo(page, /button: Upload…/, 40, 'Shift+Tab');
  await press(page, 'Enter');
  await expect(grid.getByText('report.txt')).toBeVisible();
  await expect
    .poll(() => objectBytes(REGION, who, CONTAINER, 'report.txt').then((b) => b?.toString()))
    .toBe('uploaded through the dialog, by keyboard\n');

  // Delete zebra.txt: back in the rows, Home, select, Delete, confirm with Enter.
  await tabTo(page, /^row/);
  await press(page, 'Home');
  await press(page, 'Escape');
  await tabTo(page, /row: .*zebra/, 5, 'ArrowDown');
  await press(page, 'Space');
  await press(page, 'Delete');
  const confirm = page.getByRole('dialog');
  await expect(confirm).toBeVisible();
  // Delete is disabled while the dialog counts what goes; Tab past a disabled last button leaves the page.
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeEnabled();
  await tabTo(page, /button: Delete/, 6);
  await press(page, 'Enter');
  await expect(grid.getByText('zebra.txt')).toHaveCount(0);
  await expect.poll(() => objectBytes(REGION, who, CONTAINER, 'zebra.txt')).toBeNull();

  // Sign out: the header's button.
  await tabTo(page, /button: Sign out/, 60, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
});
