/**
 * Storage policies: a container made in the `archive`
 * policy and another in the default (Policy-0) through the New container
 * dialog, each checked in Swift directly (X-Storage-Policy on its HEAD) and in
 * the details pane; the account overview's figures per policy as Swift's
 * account HEAD has them; and the first name asked for again in the other
 * policy refused in words, with nothing changed in Swift.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { accountPath, containerPath } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import { swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own `pol-` containers, with
// names short enough that the tree does not cut them in the middle (a cut name's accessible name gets
// a space between its halves).
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const run = Date.now().toString(36);
const ARCHIVED = `pol-archive-${run}`;
const PLAIN = `pol-default-${run}`;

let app: LaunchedApp | undefined;

const headOf = async (container: string) =>
  (await swiftRequest(REGION, 'HEAD', containerPath(who, container), { who })).headers;

test.afterAll(async () => {
  for (const container of [ARCHIVED, PLAIN]) await removeOwnContainer(REGION, who, container);
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

const detailsOf = (page: Page): Locator => page.getByRole('complementary', { name: 'Details' });

/** The value beside a label in the details pane's facts. */
const fact = (page: Page, label: string): Locator =>
  detailsOf(page)
    .locator('.details-fact')
    .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole('definition');

async function openNewContainer(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'New container' }).click();
  const dialog = page.getByRole('dialog', { name: 'New container' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('storage policies: chosen when creating a container, shown in its details and per policy in the overview', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  const tree = page.getByRole('tree', { name: 'Containers' });

  // The harness's /info lists two policies: the select offers both, the default chosen and marked.
  let dialog = await openNewContainer(page);
  const policy = dialog.getByLabel('Storage policy');
  await expect(policy.getByRole('option')).toHaveText(['Policy-0 (default)', 'archive']);
  await expect(policy).toHaveValue('Policy-0');
  await dialog.getByLabel('Container name').fill(ARCHIVED);
  await policy.selectOption('archive');
  await checkBothThemes(page, app.host, 'policies-new-container');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  expect((await headOf(ARCHIVED)).get('x-storage-policy')).toBe('archive');
  await expect(tree.getByRole('treeitem', { name: ARCHIVED, exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(fact(page, 'Storage policy')).toHaveText('archive');
  await checkBothThemes(page, app.host, 'policies-container-details');

  // The second keeps the default, which is sent by name: Swift holds it in Policy-0.
  dialog = await openNewContainer(page);
  await dialog.getByLabel('Container name').fill(PLAIN);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  expect((await headOf(PLAIN)).get('x-storage-policy')).toBe('Policy-0');
  await expect(tree.getByRole('treeitem', { name: PLAIN, exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(fact(page, 'Storage policy')).toHaveText('Policy-0');

  // The overview: a row per policy, its container count as Swift's account HEAD gives it (a container
  // PUT updates the account at once; only object and byte figures wait for the container updater).
  // Other journeys share the tenant, so the count may be the one read before the overview or after it.
  await waitUntilListed(REGION, who, PLAIN);
  const containersIn = async () => {
    const headers = (await swiftRequest(REGION, 'HEAD', accountPath(who), { who })).headers;
    return (name: string) => headers.get(`x-account-storage-policy-${name}-container-count`) ?? '0';
  };
  const before = await containersIn();
  expect(Number(before('archive'))).toBeGreaterThanOrEqual(1);
  await page.getByRole('navigation', { name: 'Breadcrumbs' }).getByRole('button', { name: 'Account' }).click();
  const perPolicy = page
    .getByRole('region', { name: 'Account' })
    .getByRole('table', { name: 'Usage per storage policy' });
  const rows = perPolicy.getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1).getByRole('rowheader')).toHaveText('Policy-0 (default)');
  await expect(rows.nth(2).getByRole('rowheader')).toHaveText('archive');
  const cell = (row: number) => rows.nth(row).getByRole('cell').first().textContent();
  const asShown = (read: (name: string) => string) =>
    [read('policy-0'), read('archive')].map((n) => Number(n).toLocaleString('en-US')).join(' / ');
  await expect
    .poll(async () => {
      const shown = `${await cell(1)} / ${await cell(2)}`;
      return [asShown(before), asShown(await containersIn())].includes(shown) ? 'as in Swift' : shown;
    })
    .toBe('as in Swift');
  await checkBothThemes(page, app.host, 'policies-account-overview');

  // The first name again, in the default policy: Swift's 409, said in words; nothing changes in Swift.
  const held = await headOf(ARCHIVED);
  dialog = await openNewContainer(page);
  await dialog.getByLabel('Container name').fill(ARCHIVED);
  await expect(dialog.getByLabel('Storage policy')).toHaveValue('Policy-0');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    `A container named "${ARCHIVED}" already exists with policy archive; a container's policy cannot be changed. Nothing was changed.`,
  );
  await expect(dialog).toBeVisible();
  await checkBothThemes(page, app.host, 'policies-clash');
  const now = await headOf(ARCHIVED);
  expect(now.get('x-storage-policy')).toBe('archive');
  expect(now.get('x-put-timestamp')).toBe(held.get('x-put-timestamp'));
  expect((await headOf(PLAIN)).get('x-storage-policy')).toBe('Policy-0');
});
