/**
 * The person limits how fast uploads go. In the Transfer settings dialog they
 * set an upload limit of 1 MiB/s (a limit below 16 KiB/s is refused); a 3 MiB
 * file then goes up in about 3 s, which on loopback takes a fraction of one, the
 * transfers panel says "Uploads limited to 1 MiB/s", and the object arrives
 * whole (checked in Swift). A limit set only between two times that exclude now
 * is not in force, and the panel says nothing; after the app is launched again
 * on the same data folder, the limit and its times are still there.
 */
import { expect, test, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { signInWithForm } from '../fixtures/sign-in';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { checkBothThemes } from '../fixtures/both-themes';

// The `files` tenant is shared with other journeys: this one keeps to its own container.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const C = `bandwidth-${Date.now().toString(36)}`;
const MiB = 1024 ** 2;
const content = Buffer.concat(Array.from({ length: 3 }, (_, i) => Buffer.alloc(MiB, `slowly ${i};`)));

let app: LaunchedApp | undefined;
let work: string;

test.beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-bandwidth-'));
  fs.writeFileSync(path.join(work, 'slow.bin'), content);
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, C), { who })).status).toBe(201);
  await waitUntilListed(REGION, who, C);
});

test.afterAll(async () => {
  await app?.close();
  await removeOwnContainer(REGION, who, C);
  fs.rmSync(work, { recursive: true, force: true });
});

const openSettings = async (page: Page) => {
  await page.getByRole('button', { name: 'Transfer settings…' }).click();
  return page.getByRole('dialog', { name: 'Transfer settings' });
};

/** "HH:MM" of the local time `hours` from now, as the person's clock shows it. */
const timeIn = (hours: number) => {
  const at = new Date(Date.now() + hours * 3600_000);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
};

test('an upload limit set in the dialog holds the upload to it, shows in the transfers panel and stays set', async () => {
  const userDataDir = path.join(work, 'data');
  app = await launchApp({ userDataDir });
  const { page } = app;
  await signInWithForm(page, who);

  const dialog = await openSettings(page);
  const upload = dialog.getByLabel('Upload limit', { exact: true });
  const unit = dialog.getByLabel('Upload limit unit');
  // Off by default: empty, no limit.
  await expect(upload).toHaveValue('');
  await expect(dialog.getByLabel('Download limit', { exact: true })).toHaveValue('');
  await upload.fill('8');
  await unit.selectOption('KiB/s');
  await expect(dialog.getByText('The upload limit must be at least 16 KiB/s.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await upload.fill('1');
  await unit.selectOption('MiB/s');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: C, exact: true }).click();
  await app.answerNextDialog([path.join(work, 'slow.bin')]);
  const started = performance.now();
  await page.getByRole('toolbar', { name: 'Object actions' }).getByRole('button', { name: 'Upload…' }).click();
  const panel = page.getByRole('region', { name: 'Transfers' });
  const transfer = panel.getByRole('listitem', { name: 'slow.bin' });
  await expect(panel.getByText('Uploads limited to 1 MiB/s')).toBeVisible();
  await checkBothThemes(page, app.host, 'bandwidth-limited');
  await expect(transfer).toContainText('Done', { timeout: 30_000 });
  // 3 MiB at 1 MiB/s, less the limit's first tenth of a second: a lower bound only, as a behaviour check.
  expect((performance.now() - started) / 1000).toBeGreaterThanOrEqual(2.5);

  // In Swift: the object whole.
  const head = await swiftRequest(REGION, 'HEAD', objectPath(who, C, 'slow.bin'), { who });
  expect(head.headers.get('etag')).toBe(createHash('md5').update(content).digest('hex'));
  expect(head.headers.get('content-length')).toBe(String(content.length));

  // Only between two times that exclude now: not in force, and the panel says no more.
  const [from, to] = [timeIn(2), timeIn(3)];
  const again = await openSettings(page);
  await again.getByRole('checkbox', { name: 'Only between' }).check();
  await again.getByLabel('Limit from').fill(from);
  await again.getByLabel('Limit to').fill(to);
  await again.getByRole('button', { name: 'Save' }).click();
  await expect(again).toBeHidden();
  await expect(panel.getByText('Uploads limited to 1 MiB/s')).toBeHidden();

  // The same data folder, a new launch: the limit and its window were kept.
  await app.close();
  app = await launchApp({ userDataDir });
  const kept = await openSettings(app.page);
  await expect(kept.getByLabel('Upload limit', { exact: true })).toHaveValue('1');
  await expect(kept.getByLabel('Upload limit unit')).toHaveValue('MiB/s');
  await expect(kept.getByRole('checkbox', { name: 'Only between' })).toBeChecked();
  await expect(kept.getByLabel('Limit from')).toHaveValue(from);
  await expect(kept.getByLabel('Limit to')).toHaveValue(to);
  await kept.getByRole('button', { name: 'Cancel' }).click();
  await expect(kept).toBeHidden();
});
