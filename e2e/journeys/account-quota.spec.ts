/**
 * The account's quota, which Swift lets only a reseller
 * admin set. Set and cleared in the account overview by the harness's
 * reseller admin (checked as X-Account-Meta-Quota-Bytes in Swift directly,
 * and as the bar); the same attempt by a plain account admin is refused in
 * one sentence, and Swift's account is unchanged.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import { HARNESS, type HarnessUserName } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';

const REGION = 'RegionOne' as const;
const accountOf = (who: HarnessUserName) => `/v1/${HARNESS.users[who].account}`;
const quotaInSwift = async (who: HarnessUserName) =>
  (await swiftRequest(REGION, 'HEAD', accountOf(who), { who })).headers.get('x-account-meta-quota-bytes');
// Only a reseller admin may remove it, from its own account or the `files` one.
const removeQuota = (who: HarnessUserName) =>
  swiftRequest(REGION, 'POST', accountOf(who), {
    who: 'reseller',
    headers: { 'X-Remove-Account-Meta-Quota-Bytes': 'x' },
  });

let app: LaunchedApp | undefined;

test.beforeAll(async () => {
  expect((await removeQuota('reseller')).status).toBe(204);
});

test.afterAll(async () => {
  await removeQuota('reseller');
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

const quotaOf = (page: Page): Locator =>
  page.getByRole('region', { name: 'Account', exact: true }).getByRole('group', { name: 'Quota' });

test('account quota: a reseller admin sets 10 MB, sees the bar, and clears it', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, 'reseller');
  const quota = quotaOf(page);
  await expect(quota).toContainText('No quota');
  await expect(quota).toContainText('for reseller admins');

  // "10 MB" is decimal: 10,000,000 bytes, said beside the field before it is saved.
  await quota.getByLabel('Account size limit').fill('10 MB');
  await expect(quota).toContainText('= 10,000,000 bytes');
  await quota.getByRole('button', { name: 'Save account quota' }).click();
  const bar = quota.getByRole('progressbar', { name: 'Account quota' });
  await expect(bar).toHaveAttribute('aria-valuetext', /^.+ of 9\.5 MiB \(\d+ %\)$/);
  expect(await quotaInSwift('reseller')).toBe('10000000');
  await quota.scrollIntoViewIfNeeded();
  await checkBothThemes(page, app.host, 'account-quota');

  await quota.getByRole('button', { name: 'Clear account quota' }).click();
  await expect(quota).toContainText('No quota');
  await expect(bar).toBeHidden();
  expect(await quotaInSwift('reseller')).toBeNull();
});

test('account quota: anyone else is told only a reseller admin can set it, and nothing changes', async () => {
  const before = await quotaInSwift('files');
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, 'files');
  const quota = quotaOf(page);
  await expect(quota).toContainText('No quota');

  await quota.getByLabel('Account size limit').fill('10 MB');
  await quota.getByRole('button', { name: 'Save account quota' }).click();
  const refusal = quota.getByRole('alert');
  await expect(refusal).toContainText('Only a reseller admin can set the account’s quota');
  // A refusal would come again: no Retry, the field keeps what was typed, no bar appears.
  await expect(refusal.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(quota.getByLabel('Account size limit')).toHaveValue('10 MB');
  await expect(quota.getByRole('progressbar')).toHaveCount(0);
  expect(await quotaInSwift('files')).toBe(before);
  await quota.scrollIntoViewIfNeeded();
  await checkBothThemes(page, app.host, 'account-quota-refused');
});
