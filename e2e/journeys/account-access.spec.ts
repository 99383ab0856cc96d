/**
 * The account's ACL (`X-Account-Access-Control`) edited by
 * its owner as rows of who and level in the account overview. Each save is
 * checked in Swift directly, and by what the other user may then do with its
 * own token. Someone who reached an account through a grant is told Swift
 * hides the list from them, never that no one has access.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import { HARNESS, tempauthUser, type HarnessUserName } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys, and an account ACL reaches all of it: whatever
// happens here, the ACL is removed afterwards.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const ACCOUNT = `/v1/${HARNESS.users[who].account}`;
// tempauth names a user by its own account name: "test2:tester2" is the `other` harness user.
const OTHER = tempauthUser('other');

let app: LaunchedApp | undefined;

const removeAcl = (owner: HarnessUserName = who) =>
  swiftRequest(REGION, 'POST', `/v1/${HARNESS.users[owner].account}`, {
    who: owner,
    headers: { 'X-Account-Access-Control': '' },
  });
const aclInSwift = async () =>
  (await swiftRequest(REGION, 'HEAD', ACCOUNT, { who })).headers.get('x-account-access-control');
const otherLists = async () => (await swiftRequest(REGION, 'GET', `${ACCOUNT}?format=json`, { who: 'other' })).status;

test.beforeAll(async () => {
  expect((await removeAcl()).status).toBe(204);
});

test.afterAll(async () => {
  await removeAcl();
  await removeAcl('admin');
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

const accessOf = (page: Page): Locator =>
  page.getByRole('region', { name: 'Account', exact: true }).getByRole('form', { name: 'Account access' });

test('account access as rows: another user may list the account read-only, then no longer', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  const access = accessOf(page);
  await expect(access.getByRole('list', { name: 'Account grants' })).toContainText('No one else.');
  expect(await otherLists()).toBe(403);

  // A row Swift could store but tempauth could never match is caught before anything is sent.
  await access.getByRole('button', { name: '+ User or account' }).click();
  await access.getByLabel('Account grant 1', { exact: true }).fill(`${OTHER},test2`);
  await expect(access).toContainText('holds a comma');
  await expect(access.getByRole('button', { name: 'Save account access' })).toBeDisabled();

  await access.getByLabel('Account grant 1', { exact: true }).fill(OTHER);
  await expect(access.getByLabel('Level of Account grant 1')).toHaveValue('read-only');
  await expect(access).toContainText('Lists the containers and objects and reads objects');
  await expect(access).toContainText(`Swift will hold: {"read-only":["${OTHER}"]}`);
  // The rows, what each level allows and the JSON above the Save button, in the smaller window too
  // (the screenshots start at that size, and keep the overview's scroll).
  await page.setViewportSize({ width: 1024, height: 640 });
  await access.evaluate((form) => form.scrollIntoView({ block: 'end' }));
  await checkBothThemes(page, app.host, 'account-access');
  await access.getByRole('button', { name: 'Save account access' }).click();
  await expect(access.getByRole('status')).toHaveText('Account access saved.');

  // Swift holds the list; the other user lists the account with its own token, and may not write.
  expect(await aclInSwift()).toBe(`{"read-only":["${OTHER}"]}`);
  const listing = await swiftRequest(REGION, 'GET', `${ACCOUNT}?format=json`, { who: 'other' });
  expect(listing.status).toBe(200);
  expect(Array.isArray(JSON.parse(listing.text))).toBe(true);
  expect((await swiftRequest(REGION, 'PUT', `${ACCOUNT}/account-access-denied`, { who: 'other' })).status).toBe(403);

  // Removed in the app: the header is gone and the other user is refused again.
  await access.getByRole('button', { name: 'Remove Account grant 1', exact: true }).click();
  await expect(access).toContainText('Swift will hold: (no X-Account-Access-Control)');
  await access.getByRole('button', { name: 'Save account access' }).click();
  await expect(access.getByRole('list', { name: 'Account grants' })).toContainText('No one else.');
  await expect(access.getByRole('status')).toHaveText('Account access saved.');
  expect(await aclInSwift()).toBeNull();
  expect(await otherLists()).toBe(403);
});

test('someone let in by a grant is told Swift shows the list only to the owner', async () => {
  // tester3 (the `readonly` harness user) signs in to AUTH_test without being its admin: the
  // admin grants it read-only on the whole account, so it sees the account but not the list.
  const granted = await swiftRequest(REGION, 'POST', `/v1/${HARNESS.users.admin.account}`, {
    who: 'admin',
    headers: { 'X-Account-Access-Control': JSON.stringify({ 'read-only': [tempauthUser('readonly')] }) },
  });
  expect(granted.status).toBe(204);
  try {
    app = await launchApp();
    const { page } = app;
    await signInWithForm(page, 'readonly');
    const part = page.getByRole('region', { name: 'Account', exact: true }).getByRole('group', {
      name: 'Account access',
    });
    await expect(part).toContainText('Swift shows who has access to an account only to its owner');
    await expect(part).not.toContainText('No one else');
    await expect(part.getByRole('form')).toHaveCount(0);
    await page.setViewportSize({ width: 1024, height: 640 });
    await part.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await checkBothThemes(page, app.host, 'account-access-not-owner');
  } finally {
    await removeAcl('admin');
  }
});
