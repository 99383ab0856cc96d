/**
 * Quotas. A container's size limit set in the details
 * panel (checked as X-Container-Meta-Quota-Bytes in Swift directly), its bar
 * showing what is used, a dropped file that would go past it warned about
 * and cancelled (nothing reaches Swift), and the quota cleared again.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { dropFiles } from '../fixtures/drop-files';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import { HARNESS } from '../../testing/swift/config';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own `quotas-` container.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const CONTAINER = `quotas-${Date.now().toString(36)}`;
const SEED = 'seed.bin';

let work: string;
let app: LaunchedApp | undefined;

const headContainer = async () => (await swiftRequest(REGION, 'HEAD', containerPath(who, CONTAINER), { who })).headers;
const objectsInSwift = () => listAll(REGION, containerPath(who, CONTAINER), who);

test.beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-quotas-journey-'));
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, CONTAINER), { who })).status).toBe(201);
  const put = await swiftRequest(REGION, 'PUT', objectPath(who, CONTAINER, SEED), { who, body: 'x'.repeat(3000) });
  expect(put.status).toBe(201);
  await expect
    .poll(async () => (await listAll(REGION, `/v1/${HARNESS.users[who].account}`, who)).includes(CONTAINER), {
      timeout: 30_000,
    })
    .toBe(true);
  // Swift's container figures count the seed before the bar can show it.
  await expect
    .poll(async () => (await headContainer()).get('x-container-bytes-used'), { timeout: 30_000 })
    .toBe('3000');
});

test.afterAll(async () => {
  for (const name of await objectsInSwift()) {
    await swiftRequest(REGION, 'DELETE', objectPath(who, CONTAINER, name), { who });
  }
  await swiftRequest(REGION, 'DELETE', containerPath(who, CONTAINER), { who });
  fs.rmSync(work, { recursive: true, force: true });
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

const quotaOf = (page: Page): Locator =>
  page.getByRole('complementary', { name: 'Details' }).getByRole('region', { name: 'Quota' });

test('quota: set in the details, its bar, an upload past it warned and cancelled, then cleared', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: CONTAINER, exact: true }).click();
  const quota = quotaOf(page);
  await expect(quota).toContainText('No quota');

  // "10 KB" is decimal: 10,000 bytes, said beside the field before it is saved.
  await quota.getByLabel('Size limit').fill('10 KB');
  await expect(quota).toContainText('= 10,000 bytes');
  await quota.getByRole('button', { name: 'Save quota' }).click();
  const bar = quota.getByRole('progressbar', { name: 'Bytes' });
  await expect(bar).toHaveAttribute('aria-valuenow', '30');
  await expect(bar).toHaveAttribute('aria-valuetext', '2.9 KiB of 9.8 KiB (30 %)');
  const set = await headContainer();
  expect(set.get('x-container-meta-quota-bytes')).toBe('10000');
  expect(set.get('x-container-meta-quota-count')).toBeNull();
  await checkBothThemes(page, app.host, 'container-quota');

  // 12,000 more bytes would go past the 10,000: asked first; Cancel sends nothing.
  const big = path.join(work, 'too-big.bin');
  fs.writeFileSync(big, Buffer.alloc(12_000, 1));
  await dropFiles(page, page.getByRole('region', { name: 'Objects pane' }), [big]);
  const warning = page.getByRole('alertdialog', { name: 'Over the container’s quota' });
  await expect(warning).toContainText(
    'This upload of 11.7 KiB would exceed the container’s quota (9.8 KiB, 2.9 KiB used). Swift will refuse what does not fit.',
  );
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();
  expect(await objectsInSwift()).toEqual([SEED]);

  // Cleared: the header is gone from Swift, the bar from the panel.
  await quota.getByRole('button', { name: 'Clear quota' }).click();
  await expect(quota).toContainText('No quota');
  await expect(bar).toBeHidden();
  expect((await headContainer()).get('x-container-meta-quota-bytes')).toBeNull();
});
