/**
 * The person chooses how large files are split. In the
 * Transfer settings dialog they set a 1 MiB threshold, 1 MiB segments and 2
 * streams; a 3 MiB file then goes up as a static large object of three
 * segments (checked in Swift), and the settings are still there after the app
 * is launched again on the same data folder, before anyone signs in.
 * With one file at once, three uploads queue and go up one
 * after another (Swift's proxy log shows no two of them overlap).
 */
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { cirrusLog, settledLogSize } from '../fixtures/proxy-log';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own container (and its segments').
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const C = `transfer-settings-${Date.now().toString(36)}`;
const SEGMENTS = `${C}_segments`;
const MiB = 1024 ** 2;

let app: LaunchedApp | undefined;
let work: string;

test.beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-transfer-settings-'));
  fs.writeFileSync(path.join(work, 'three.bin'), Buffer.alloc(3 * MiB, 'split me;'));
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, C), { who })).status).toBe(201);
  await waitUntilListed(REGION, who, C);
});

test.afterAll(async () => {
  await removeOwnContainer(REGION, who, C);
  await removeOwnContainer(REGION, who, SEGMENTS);
  fs.rmSync(work, { recursive: true, force: true });
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

const openSettings = async (page: Page) => {
  await page.getByRole('button', { name: 'Transfer settings…' }).click();
  return page.getByRole('dialog', { name: 'Transfer settings' });
};

test('small segments set in the dialog split the next upload, and stay set after a relaunch', async () => {
  const userDataDir = path.join(work, 'data');
  app = await launchApp({ userDataDir });
  const { page } = app;
  await signInWithForm(page, who);

  const dialog = await openSettings(page);
  const threshold = dialog.getByLabel('Segment threshold');
  const size = dialog.getByLabel('Segment size');
  const streams = dialog.getByLabel('Parallel streams');
  await expect(threshold).toHaveValue('1 GiB');
  await expect(dialog.getByText('Files larger than this go up in segments')).toBeVisible();
  // A bad value says what is wrong and cannot be saved.
  await streams.fill('20');
  await expect(dialog.getByText('Enter the number of streams as a whole number from 1 to 16.')).toBeVisible();
  await expect(streams).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await threshold.fill('1 MiB');
  await size.fill('1 MiB');
  await streams.fill('2');
  await expect(dialog.getByText('= 1,048,576 bytes')).toHaveCount(2);
  await checkBothThemes(page, app.host, 'transfer-settings');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: C, exact: true }).click();
  await app.answerNextDialog([path.join(work, 'three.bin')]);
  await page.getByRole('toolbar', { name: 'Object actions' }).getByRole('button', { name: 'Upload…' }).click();
  const transfer = page.getByRole('region', { name: 'Transfers' }).getByRole('listitem', { name: 'three.bin' });
  await expect(transfer).toContainText('Done');
  await expect(page.getByRole('grid', { name: 'Objects' }).getByText('three.bin', { exact: true })).toBeVisible();

  // In Swift: a static large object whose three 1 MiB segments are in <container>_segments.
  const head = await swiftRequest(REGION, 'HEAD', objectPath(who, C, 'three.bin'), { who });
  expect(head.headers.get('x-static-large-object')).toBe('True');
  expect(head.headers.get('content-length')).toBe(String(3 * MiB));
  expect(await listAll(REGION, containerPath(who, SEGMENTS), who, 'three.bin/')).toHaveLength(3);

  // The same data folder, a new launch: the settings were kept (they are the app's, shown before signing in too).
  await app.close();
  app = await launchApp({ userDataDir });
  const again = await openSettings(app.page);
  await expect(again.getByLabel('Segment threshold')).toHaveValue('1 MiB');
  await expect(again.getByLabel('Segment size')).toHaveValue('1 MiB');
  await expect(again.getByLabel('Parallel streams')).toHaveValue('2');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(again).toBeHidden();
});

test('with one file at once, uploads wait their turn and all arrive', async () => {
  const names = ['one-a.bin', 'one-b.bin', 'one-c.bin'];
  for (const name of names) fs.writeFileSync(path.join(work, name), Buffer.alloc(24 * MiB, `${name};`));
  app = await launchApp({ userDataDir: path.join(work, 'data-one') });
  const { page } = app;
  await signInWithForm(page, who);
  const dialog = await openSettings(page);
  const filesAtOnce = dialog.getByLabel('Files at once');
  await expect(filesAtOnce).toHaveValue('10');
  await filesAtOnce.fill('0');
  await expect(dialog.getByText('Enter the number of files at once as a whole number from 1 to 32.')).toBeVisible();
  await filesAtOnce.fill('1');
  // 8 MiB segments: each file goes up in three, so one file takes long enough to see the others wait.
  await dialog.getByLabel('Segment threshold').fill('8 MiB');
  await dialog.getByLabel('Segment size').fill('8 MiB');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const since = await settledLogSize(REGION);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: C, exact: true }).click();
  await app.answerNextDialog(names.map((n) => path.join(work, n)));
  await page.getByRole('toolbar', { name: 'Object actions' }).getByRole('button', { name: 'Upload…' }).click();
  const panel = page.getByRole('region', { name: 'Transfers' });
  await expect(panel.getByText('Queued: waiting for another transfer to finish').first()).toBeVisible();
  for (const name of names) await expect(panel.getByRole('listitem', { name })).toContainText('Done');

  // In Swift: all three whole, and no two of them were being written at the same time.
  const spans = [];
  await settledLogSize(REGION);
  const puts = cirrusLog(REGION, since).filter((r) => r.method === 'PUT');
  for (const name of names) {
    const head = await swiftRequest(REGION, 'HEAD', objectPath(who, C, name), { who });
    expect(head.headers.get('content-length')).toBe(String(24 * MiB));
    const mine = puts.filter((r) => r.path.includes(`/${name}`));
    expect(mine.length).toBe(4); // three segments and the manifest
    spans.push({ start: Math.min(...mine.map((r) => r.start)), end: Math.max(...mine.map((r) => r.end)) });
  }
  spans.sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i += 1) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
});
