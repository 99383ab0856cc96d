/**
 * An object's expiry (X-Delete-At) shown as a date, changed
 * "in N days" and to a date, removed; set on upload and on extraction. Every
 * step is checked in Swift directly, with HEADs that never go through the app.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { dropFiles } from '../fixtures/drop-files';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { checkBothThemes } from '../fixtures/both-themes';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { signInWithForm } from '../fixtures/sign-in';
import { swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own `expiry-` container.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const CONTAINER = `expiry-${Date.now().toString(36)}`;
const DAY = 86_400;
const OBJECT = 'report.txt';
const nowSeconds = () => Math.floor(Date.now() / 1000);

let work: string;
let uploadFile: string;
let archive: string;
let app: LaunchedApp | undefined;

/** The object's X-Delete-At as Swift holds it (null when it does not expire), and its user metadata. */
async function stored(name: string): Promise<{ deleteAt: number | null; team: string | null }> {
  const res = await swiftRequest(REGION, 'HEAD', objectPath(who, CONTAINER, name), { who });
  expect(res.status, `HEAD ${name}`).toBe(200);
  const at = res.headers.get('x-delete-at');
  return { deleteAt: at === null ? null : Number(at), team: res.headers.get('x-object-meta-team') };
}

/** Passes when `at` is `days` from now, give or take the minute a step may take. */
function expectDaysAhead(at: number | null, days: number, from: number): void {
  expect(at).not.toBeNull();
  expect(at!).toBeGreaterThanOrEqual(from + days * DAY);
  expect(at!).toBeLessThanOrEqual(nowSeconds() + days * DAY + 60);
}

test.beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-expiry-journey-'));
  uploadFile = path.join(work, 'handout.txt');
  fs.writeFileSync(uploadFile, 'for this week only\n');
  const tree = path.join(work, 'tree');
  fs.mkdirSync(path.join(tree, 'day2'), { recursive: true });
  fs.writeFileSync(path.join(tree, 'day1.log'), 'one\n');
  fs.writeFileSync(path.join(tree, 'day2/trace.log'), 'two\n');
  archive = path.join(work, 'logs.tar');
  execFileSync('tar', ['-cf', archive, '-C', tree, '.']);

  expect((await swiftRequest(REGION, 'PUT', containerPath(who, CONTAINER), { who })).status).toBe(201);
  const put = await swiftRequest(REGION, 'PUT', objectPath(who, CONTAINER, OBJECT), {
    who,
    body: 'quarterly numbers\n',
    headers: { 'X-Object-Meta-Team': 'finance', 'X-Delete-At': String(nowSeconds() + 3 * DAY + 600) },
  });
  expect(put.status).toBe(201);
  await waitUntilListed(REGION, who, CONTAINER);
});

test.afterAll(async () => {
  await removeOwnContainer(REGION, who, CONTAINER);
  fs.rmSync(work, { recursive: true, force: true });
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

const detailsOf = (page: Page): Locator => page.getByRole('complementary', { name: 'Details' });

async function openContainer(page: Page): Promise<void> {
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: CONTAINER, exact: true }).click();
}

async function selectObject(page: Page, name: string): Promise<Locator> {
  await page.getByRole('grid', { name: 'Objects' }).getByRole('row').filter({ hasText: name }).click();
  const details = detailsOf(page);
  await expect(details.getByRole('heading', { name })).toBeVisible();
  return details.getByRole('region', { name: 'Expiry' });
}

test('an object’s expiry: shown as a date, moved in days and to a date, removed; metadata stays', async () => {
  app = await launchApp();
  const { page } = app;
  await openContainer(page);
  const expiry = await selectObject(page, OBJECT);
  const details = detailsOf(page);

  // The date Swift holds, as a date and how far off it is.
  const held = (await stored(OBJECT)).deleteAt!;
  const shown = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(held * 1000);
  await expect(expiry).toContainText(`Swift deletes this object on ${shown} (in 3 days).`);
  await expect(details.getByRole('definition').filter({ hasText: shown })).toBeVisible();
  const save = expiry.getByRole('button', { name: 'Save expiry' });
  await expect(save).toBeDisabled();
  await checkBothThemes(page, app.host, 'expiry-object');

  // In N days: a bad number is said and cannot be saved; 10 can.
  await expiry.getByLabel('Delete automatically: when').selectOption('days');
  const days = expiry.getByLabel('Days from now');
  await days.fill('0');
  await expect(days).toHaveAccessibleDescription('Enter at least 1 day.');
  await expect(save).toBeDisabled();
  await days.fill('10');
  const from = nowSeconds();
  await save.click();
  await expect(expiry.getByRole('status')).toHaveText('Expiry saved.');
  await expect(expiry).toContainText('(in 10 days)');
  const moved = await stored(OBJECT);
  expectDaysAhead(moved.deleteAt, 10, from);
  expect(moved.team).toBe('finance');

  // On a date: the very minute picked, in the person's own time.
  await expiry.getByLabel('Delete automatically: when').selectOption('date');
  const date = expiry.getByLabel('Date and time');
  await date.fill('2020-01-01T10:00');
  await expect(date).toHaveAccessibleDescription('Choose a time in the future: Swift refuses one that has passed.');
  await expect(save).toBeDisabled();
  const year = new Date().getFullYear() + 1;
  await date.fill(`${year}-06-30T17:45`);
  await save.click();
  await expect(expiry.getByRole('status')).toHaveText('Expiry saved.');
  expect((await stored(OBJECT)).deleteAt).toBe(new Date(year, 5, 30, 17, 45).getTime() / 1000);
  await expect(details.getByRole('definition').filter({ hasText: `Jun 30, ${year}, 5:45 PM` })).toBeVisible();

  // Removed: Swift keeps it for good, with its metadata.
  await expiry.getByRole('button', { name: 'Remove expiry' }).click();
  await expect(expiry.getByRole('status')).toHaveText('Expiry removed: the object is kept.');
  await expect(expiry).toContainText('This object does not expire.');
  await expect(expiry.getByRole('button', { name: 'Remove expiry' })).toHaveCount(0);
  expect(await stored(OBJECT)).toEqual({ deleteAt: null, team: 'finance' });
});

test('uploads and extractions can carry an expiry', async () => {
  const untouched = (await stored(OBJECT)).deleteAt;
  app = await launchApp();
  const { page } = app;
  await openContainer(page);
  const grid = page.getByRole('grid', { name: 'Objects' });

  // Upload with expiry (the menu beside Upload…): when first, then the files (the main process's dialog, answered here).
  const toolbar = page.getByRole('toolbar', { name: 'Object actions' });
  await toolbar.getByRole('button', { name: 'More ways to upload' }).click();
  await page
    .getByRole('menu', { name: 'Upload options' })
    .getByRole('menuitem', { name: 'Upload with expiry…' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Upload with expiry' });
  await expect(dialog.getByLabel('Days from now')).toHaveValue('7');
  await dialog.getByLabel('Days from now').fill('2');
  await checkBothThemes(page, app.host, 'expiry-upload');
  await app.answerNextDialog([uploadFile]);
  const uploadFrom = nowSeconds();
  await dialog.getByRole('button', { name: 'Choose files…' }).click();
  await expect(grid.getByText('handout.txt', { exact: true })).toBeVisible();
  expectDaysAhead((await stored('handout.txt')).deleteAt, 2, uploadFrom);
  const expiry = await selectObject(page, 'handout.txt');
  await expect(expiry).toContainText('(in 2 days)');

  // An archive dropped on the container: its objects expire 5 days after Swift writes them.
  const containerItem = page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: CONTAINER });
  await dropFiles(page, containerItem, [archive]);
  const extract = page.getByRole('dialog', { name: 'Extract archive' });
  await expect(extract).toContainText('2 files');
  await extract.getByLabel('Target folder').fill('logs');
  await extract.getByLabel('Delete the new objects automatically: when').selectOption('days');
  await extract.getByLabel('Days from now').fill('5');
  await checkBothThemes(page, app.host, 'expiry-extract');
  const extractFrom = nowSeconds();
  await extract.getByRole('button', { name: 'Extract' }).click();
  const item = page
    .getByRole('region', { name: 'Transfers' })
    .getByRole('listitem', { name: `logs.tar → ${CONTAINER}/logs` });
  await expect(item).toContainText('Done');
  for (const name of ['logs/day1.log', 'logs/day2/trace.log']) {
    expectDaysAhead((await stored(name)).deleteAt, 5, extractFrom);
  }
  // What was there before the extraction keeps its own (no) expiry.
  expect((await stored(OBJECT)).deleteAt).toBe(untouched);
});
