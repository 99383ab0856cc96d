/**
 * Two regions side by side. A container of the same name in
 * RegionOne and RegionTwo (seeded through Swift directly: one object only in
 * each, one different, one the same) compared from the tree's menu, the
 * differences in their groups; the chosen ones copied to RegionTwo and checked
 * there in Swift directly (listing, ETags, content type, metadata); the
 * comparison then shows them the same.
 */
import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import type { RegionName } from '../../testing/swift/config';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own container, in both regions.
const who = 'files' as const;
const ONE: RegionName = 'RegionOne';
const TWO: RegionName = 'RegionTwo';
const CONTAINER = `regions-${Date.now().toString(36)}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

const ONLY_ONE = { name: 'only-one.txt', body: 'only in the first region' };
const CHANGED = { one: 'the newer text, in RegionOne', two: 'the older text' };

let app: LaunchedApp | undefined;

async function put(region: RegionName, name: string, body: string, headers: Record<string, string> = {}) {
  expect((await swiftRequest(region, 'PUT', objectPath(who, CONTAINER, name), { who, body, headers })).status).toBe(
    201,
  );
}
const head = async (region: RegionName, name: string) =>
  (await swiftRequest(region, 'HEAD', objectPath(who, CONTAINER, name), { who })).headers;

test.beforeAll(async () => {
  for (const region of [ONE, TWO]) {
    expect((await swiftRequest(region, 'PUT', containerPath(who, CONTAINER), { who })).status).toBe(201);
    await put(region, 'same.txt', 'the same on both sides');
  }
  await put(ONE, ONLY_ONE.name, ONLY_ONE.body, { 'Content-Type': 'text/x-cirrus', 'X-Object-Meta-Origin': 'first' });
  await put(TWO, 'only-two.txt', 'only in the second region');
  await put(ONE, 'changed.txt', CHANGED.one, { 'Content-Type': 'text/plain', 'X-Object-Meta-Edition': 'new' });
  await put(TWO, 'changed.txt', CHANGED.two);
  for (const region of [ONE, TWO]) await waitUntilListed(region, who, CONTAINER);
});

test.afterAll(async () => {
  for (const region of [ONE, TWO]) await removeOwnContainer(region, who, CONTAINER);
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

test('two regions side by side: compared in groups, the chosen copied to RegionTwo, then the same', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  await expect(page.getByLabel('Region', { exact: true })).toHaveValue(ONE);
  const tree = page.getByRole('tree', { name: 'Containers' });
  await tree.getByRole('treeitem', { name: CONTAINER, exact: true }).click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: 'Compare with RegionTwo…' }).click();

  const dialog = page.getByRole('dialog', { name: `Compare “${CONTAINER}” with RegionTwo` });
  const summary = dialog.getByLabel('Comparison summary');
  await expect(summary).toHaveText('1 only in RegionOne1 only in RegionTwo1 different1 the same');
  const list = dialog.getByRole('list', { name: 'Differences' });
  await expect(list.getByRole('heading')).toHaveText([
    'Only in RegionOne (1)',
    'Only in RegionTwo (1)',
    'Different (1)',
  ]);
  await expect(list.getByRole('checkbox', { name: ONLY_ONE.name })).toBeVisible();
  await expect(list.getByRole('checkbox', { name: 'only-two.txt' })).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'changed.txt' })).toContainText(
    '28 B in RegionOne, 14 B in RegionTwo',
  );
  await expect(list.getByRole('checkbox', { name: 'same.txt' })).toHaveCount(0);
  const toTwo = dialog.getByRole('button', { name: /^Copy to RegionTwo/ });
  await expect(toTwo).toBeDisabled();

  // Everything only in RegionOne (the group's box), and the different one.
  await list.getByRole('checkbox', { name: 'Select all only in RegionOne' }).check();
  await list.getByRole('checkbox', { name: 'changed.txt' }).check();
  await expect(toTwo).toHaveText('Copy to RegionTwo (2)');
  await expect(dialog.getByRole('button', { name: /^Copy to RegionOne/ })).toHaveText('Copy to RegionOne (1)');
  await checkBothThemes(page, app.host, 'regions-compare');
  await toTwo.click();

  await expect(dialog.getByRole('status').filter({ hasText: 'Copy:' })).toHaveText('Copy: Done: 2 copied');
  // The comparison runs again: only what is only in RegionTwo is left.
  await expect(summary).toHaveText('0 only in RegionOne1 only in RegionTwo0 different3 the same');
  await expect(list.getByRole('heading')).toHaveText(['Only in RegionTwo (1)']);
  await checkBothThemes(page, app.host, 'regions-after-copy');

  // In RegionTwo, through Swift directly: the names, the bytes (ETags), the type and the metadata.
  expect((await listAll(TWO, containerPath(who, CONTAINER), who)).sort()).toEqual([
    'changed.txt',
    ONLY_ONE.name,
    'only-two.txt',
    'same.txt',
  ]);
  const copied = await head(TWO, ONLY_ONE.name);
  expect(copied.get('etag')).toBe(md5(ONLY_ONE.body));
  expect(copied.get('content-type')).toBe('text/x-cirrus');
  expect(copied.get('x-object-meta-origin')).toBe('first');
  const changed = await head(TWO, 'changed.txt');
  expect(changed.get('etag')).toBe(md5(CHANGED.one));
  expect(changed.get('x-object-meta-edition')).toBe('new');
  expect(changed.get('content-type')).toBe('text/plain');
  // RegionOne is as it was: a copy to RegionTwo never writes to RegionOne.
  expect((await listAll(ONE, containerPath(who, CONTAINER), who)).sort()).toEqual([
    'changed.txt',
    ONLY_ONE.name,
    'same.txt',
  ]);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
