/**
 * Who else may read and write a container, edited as rows
 * (referrers, listing, accounts and users) instead of Swift's text. Each save
 * is checked in Swift directly, and by what the other account may then do.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { checkBothThemes } from '../fixtures/both-themes';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { signInWithForm } from '../fixtures/sign-in';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own `access-` container.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const CONTAINER = `access-${Date.now().toString(36)}`;
// tempauth names a user by its own account name: "test2:tester2" is the `other` harness user.
const OTHER = `${HARNESS.users.other.tenantName}:${HARNESS.users.other.user}`;

let app: LaunchedApp | undefined;

const aclsInSwift = async () => {
  const head = await swiftRequest(REGION, 'HEAD', containerPath(who, CONTAINER), { who });
  return { read: head.headers.get('x-container-read'), write: head.headers.get('x-container-write') };
};
const otherReads = async () =>
  (await swiftRequest(REGION, 'GET', objectPath(who, CONTAINER, 'shared.txt'), { who: 'other' })).status;

test.beforeAll(async () => {
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, CONTAINER), { who })).status).toBe(201);
  const put = await swiftRequest(REGION, 'PUT', objectPath(who, CONTAINER, 'shared.txt'), { who, body: 'hello' });
  expect(put.status).toBe(201);
  await waitUntilListed(REGION, who, CONTAINER);
});

test.afterAll(async () => {
  await removeOwnContainer(REGION, who, CONTAINER);
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

const accessOf = (page: Page): Locator =>
  page.getByRole('complementary', { name: 'Details' }).getByRole('form', { name: 'Read and write access' });

test('access as rows: another user may read and write, a referrer is refused, bad rows are caught, all cleared', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: CONTAINER, exact: true }).click();
  const access = accessOf(page);
  await expect(access.getByRole('list', { name: 'Read grants' })).toContainText('Nobody else.');
  expect(await otherReads()).toBe(403);

  // Read: the other user, a refused referrer, and listing; write: the other user.
  await access.getByRole('button', { name: '+ Account or user' }).first().click();
  await access.getByLabel('Read grant 1', { exact: true }).fill(OTHER);
  await access.getByRole('button', { name: '+ Referrer' }).click();
  await access.getByLabel('Kind of Read grant 2').selectOption('deny');
  // A URL is not a host: the row says so, and Save waits.
  await access.getByLabel('Read grant 2', { exact: true }).fill('http://spam.example/');
  await expect(access).toContainText('is not a host name');
  await expect(access.getByRole('button', { name: 'Save access' })).toBeDisabled();
  await access.getByLabel('Read grant 2', { exact: true }).fill('.spam.example');
  await access.getByLabel('Those who may read may also list the objects').check();
  await access.getByRole('button', { name: '+ Account or user' }).last().click();
  await access.getByLabel('Write grant 1', { exact: true }).fill(OTHER);
  await expect(access).toContainText(`read ${OTHER},.r:-.spam.example,.rlistings, write ${OTHER}`);
  await checkBothThemes(page, app.host, 'access-editor');
  await access.getByRole('button', { name: 'Save access' }).click();
  await expect(access.getByRole('status')).toHaveText('Access saved.');

  expect(await aclsInSwift()).toEqual({ read: `${OTHER},.r:-.spam.example,.rlistings`, write: OTHER });
  expect(await otherReads()).toBe(200);
  const written = await swiftRequest(REGION, 'PUT', objectPath(who, CONTAINER, 'from-other.txt'), {
    who: 'other',
    body: 'hi',
  });
  expect(written.status).toBe(201);

  // The public-read switch is one preset of the same ACL: its grants join the rows, the others stay.
  await page.getByRole('switch', { name: 'Public read' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Make public' }).click();
  await expect(access.getByLabel('Read grant 3', { exact: true })).toHaveValue('*');
  expect((await aclsInSwift()).read).toBe(`${OTHER},.r:-.spam.example,.r:*,.rlistings`);

  // Everything removed, row by row: Swift holds no ACL, and the other user is refused again.
  for (const name of ['Remove Read grant 3', 'Remove Read grant 2', 'Remove Read grant 1', 'Remove Write grant 1']) {
    await access.getByRole('button', { name, exact: true }).click();
  }
  await access.getByLabel('Those who may read may also list the objects').uncheck();
  await access.getByRole('button', { name: 'Save access' }).click();
  await expect(access.getByRole('list', { name: 'Write grants' })).toContainText('Nobody else.');
  await expect.poll(aclsInSwift).toEqual({ read: null, write: null });
  expect(await otherReads()).toBe(403);
});
