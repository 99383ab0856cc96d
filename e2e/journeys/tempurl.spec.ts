/**
 * Temporary URLs: a container's keys set, shown masked and rotated; links
 * made for an object and a prefix, fetched from here without any token, and
 * refused from outside their IP range; the session's list of links, emptied
 * by signing out. Every key is checked in Swift directly (HEADs that never
 * go through the app), and every link with a plain fetch.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { signInWithForm } from '../fixtures/sign-in';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own `tempurl-` container.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const CONTAINER = `tempurl-${Date.now().toString(36)}`;
const OBJECT = 'report.txt';
const BODY = 'quarterly numbers, for your eyes only\n';
const NESTED = 'shared/2024/notes.txt';
const NESTED_BODY = 'notes under a prefix\n';
// A typed key: its last four characters show through the mask.
const TYPED_KEY = 'journey-typed-key-0123456789-wxyz';

let app: LaunchedApp | undefined;

/** The container's two keys as Swift holds them. */
async function containerKeys(): Promise<[string | null, string | null]> {
  const res = await swiftRequest(REGION, 'HEAD', containerPath(who, CONTAINER), { who });
  expect(res.status).toBe(204);
  return [res.headers.get('x-container-meta-temp-url-key'), res.headers.get('x-container-meta-temp-url-key-2')];
}

test.beforeAll(async () => {
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, CONTAINER), { who })).status).toBe(201);
  for (const [name, body] of [
    [OBJECT, BODY],
    [NESTED, NESTED_BODY],
  ] as const) {
    expect((await swiftRequest(REGION, 'PUT', objectPath(who, CONTAINER, name), { who, body })).status).toBe(201);
  }
  await waitUntilListed(REGION, who, CONTAINER);
});

test.afterAll(async () => {
  await removeOwnContainer(REGION, who, CONTAINER);
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

const detailsOf = (page: Page): Locator => page.getByRole('complementary', { name: 'Details' });
const treeItem = (page: Page): Locator =>
  page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: CONTAINER, exact: true });

/** Fills the link dialog and makes the link; answers the URL shown. */
async function makeLink(page: Page, title: string, opts: { ipRange?: string; digest?: string } = {}): Promise<string> {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByLabel('Method')).toHaveValue('GET');
  if (opts.digest) await dialog.getByLabel('Signature').selectOption({ label: opts.digest });
  await dialog.getByLabel('IP range').fill(opts.ipRange ?? '');
  await dialog.getByLabel('Link expires: when').selectOption('days');
  await dialog.getByLabel('Time from now').fill('1');
  await dialog.getByLabel('Unit').selectOption('hours');
  await dialog.getByRole('button', { name: /^Make (link|another)$/ }).click();
  const field = dialog.getByLabel('Temporary link');
  await expect(field).toHaveValue(/temp_url_sig=/);
  const url = await field.inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  return url;
}

test('keys set and rotated; links for an object and a prefix work, outside their IP range do not; the list ends with the session', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  await treeItem(page).click();
  const details = detailsOf(page);
  await expect(details.getByRole('heading', { name: CONTAINER })).toBeVisible();
  const keys = details.getByRole('region', { name: 'Temporary URL keys' });
  await expect(keys.getByRole('definition')).toHaveText([/not set/, /not set/]);

  // No key yet (this tenant's account has none either): the link dialog says where to set one.
  const accountHead = await swiftRequest(REGION, 'HEAD', `/v1/${HARNESS.users[who].account}`, { who });
  if (
    !accountHead.headers.get('x-account-meta-temp-url-key') &&
    !accountHead.headers.get('x-account-meta-temp-url-key-2')
  ) {
    await details.getByRole('button', { name: 'Temporary link…' }).click();
    const none = page.getByRole('dialog', { name: `Temporary link to everything in “${CONTAINER}”` });
    await expect(none).toContainText('Neither the account nor this container has a temporary URL key');
    await expect(none.getByRole('button', { name: 'Make link' })).toBeDisabled();
    await none.getByRole('button', { name: 'Close' }).click();
    await expect(none).toHaveCount(0);
  }

  // A typed key: checked as typed, then stored in Swift and shown masked.
  await keys.getByRole('button', { name: 'Set key 1…' }).click();
  const set = page.getByRole('dialog', { name: `Set key 1 of the container “${CONTAINER}”` });
  await set.getByLabel('Type a key').check();
  const input = set.getByLabel('Key', { exact: true });
  await input.fill(' padded');
  await expect(input).toHaveAccessibleDescription(/white space/);
  await expect(set.getByRole('button', { name: 'Set key' })).toBeDisabled();
  await input.fill(TYPED_KEY);
  await set.getByRole('button', { name: 'Set key' }).click();
  await expect(set).toHaveCount(0);
  await expect(keys.getByRole('definition').first()).toHaveText(/^••••••••wxyz/);
  expect(await containerKeys()).toEqual([TYPED_KEY, null]);
  await expect(keys).not.toContainText(TYPED_KEY);

  // Rotating: explained first; a new key in slot 1, the typed one moved to slot 2.
  await keys.getByRole('button', { name: 'Rotate keys…' }).click();
  const rotate = page.getByRole('alertdialog', { name: 'Rotate the keys?' });
  await expect(rotate).toContainText('keep working until you rotate again');
  await rotate.getByRole('button', { name: 'Rotate' }).click();
  await expect(keys.getByRole('definition').nth(1)).toHaveText(/^••••••••wxyz/);
  const [first, second] = await containerKeys();
  expect(second).toBe(TYPED_KEY);
  expect(first).not.toBeNull();
  expect(first).not.toBe(TYPED_KEY);
  await expect(keys.getByRole('definition').first()).toHaveText(new RegExp(`^••••••••${first!.slice(-4)}`));

  // A GET link for the object, fetched with no token: the object's bytes.
  await page.getByRole('grid', { name: 'Objects' }).getByRole('row').filter({ hasText: OBJECT }).click();
  await expect(details.getByRole('heading', { name: OBJECT })).toBeVisible();
  await details.getByRole('button', { name: 'Temporary link…' }).click();
  const objectTitle = `Temporary link to “${OBJECT}”`;
  await expect(page.getByRole('dialog', { name: objectTitle }).getByLabel('Signed with')).toHaveValue('container');
  const url = await makeLink(page, objectTitle, { digest: 'SHA-512' });
  expect(url).toContain('temp_url_sig=sha512%3A');
  const got = await fetch(url);
  expect(got.status).toBe(200);
  expect(await got.text()).toBe(BODY);

  // The same from the row's context menu, for an address this test does not come from: Swift refuses it.
  await page
    .getByRole('grid', { name: 'Objects' })
    .getByRole('row')
    .filter({ hasText: OBJECT })
    .click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: 'Temporary link…' }).click();
  const elsewhere = page.getByRole('dialog', { name: objectTitle });
  await elsewhere.getByLabel('IP range').fill('10.1.2.3/16');
  await expect(elsewhere.getByLabel('IP range')).toHaveAccessibleDescription(/host bits set/);
  await expect(elsewhere.getByRole('button', { name: 'Make link' })).toBeDisabled();
  const fenced = await makeLink(page, objectTitle, { ipRange: '203.0.113.7' });
  expect(fenced).toContain('temp_url_ip_range=203.0.113.7');
  expect((await fetch(fenced)).status).toBe(401);

  // A prefix link: any object under the folder, named after the prefix; nothing outside it.
  const grid = page.getByRole('grid', { name: 'Objects' });
  await grid.getByRole('row').filter({ hasText: 'shared' }).click();
  await expect(details.getByRole('heading', { name: 'shared/' })).toBeVisible();
  await details.getByRole('button', { name: 'Temporary link…' }).click();
  const prefixUrl = await makeLink(page, 'Temporary link to everything under “shared/”');
  const [base, query] = prefixUrl.split('?');
  expect(base!.endsWith('/shared/')).toBe(true);
  const inside = await fetch(`${base}2024/notes.txt?${query}`);
  expect(inside.status).toBe(200);
  expect(await inside.text()).toBe(NESTED_BODY);
  expect((await fetch(`${base!.replace(/shared\/$/, '')}${OBJECT}?${query}`)).status).toBe(401);

  // The session's links, in the container's details: target, method and how long each has left.
  await treeItem(page).click();
  const listed = details.getByRole('list', { name: 'Links made in this session' }).getByRole('listitem');
  await expect(listed).toHaveCount(3);
  await expect(listed.nth(0)).toHaveAccessibleName(
    new RegExp(`^GET ${CONTAINER}/shared/\\* \\(prefix\\), expires in 5\\d min$`),
  );
  // Made a minute or two before, an hour long.
  await expect(listed.nth(2)).toHaveAccessibleName(new RegExp(`^GET ${CONTAINER}/report\\.txt, expires in 5\\d min$`));

  // Signing out and in again: the list starts empty.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInWithForm(page, who);
  await treeItem(page).click();
  await expect(details.getByRole('heading', { name: CONTAINER })).toBeVisible();
  await expect(details.getByRole('list', { name: 'Links made in this session' })).toHaveCount(0);
  await expect(details).toContainText('No temporary links made in this session.');
});
