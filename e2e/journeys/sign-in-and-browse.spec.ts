import { expect, test, type Page } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { cirrusRequests, logSize } from '../fixtures/proxy-log';
import { checkBothThemes } from '../fixtures/both-themes';
import { containerNames, ensureAccountHolds } from '../fixtures/seed';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest, swiftToken } from '../../testing/swift/swift-direct';
import { signInWithForm } from '../fixtures/sign-in';

// The journeys own the `journey` tenant's account: the fixture puts it in a known state first.
const who = 'journey' as const;
const user = HARNESS.users[who];
const PAGE_NAMES = Array.from({ length: 2500 }, (_, i) => `page-${String(i).padStart(5, '0')}`);
const onlyInTwo = `only-in-region-two-${Date.now().toString(36)}`;

let app: LaunchedApp | undefined;

test.beforeAll(async () => {
  // The 2,500 are only scrolled past: rows of the account's listing alone (testing/swift/backend-rows.ts),
  // ~10 s on a fresh harness where making them through the proxy took ~80 s of a lane.
  await ensureAccountHolds('RegionTwo', who, [onlyInTwo], PAGE_NAMES);
  await ensureAccountHolds('RegionOne', who, ['region-one-photos', 'region-one-logs']);
  // The account's count trails the container PUTs (Swift's container updater reports them a moment later,
  // longer while the other worker keeps Swift busy): settled before the app reads it.
  await expect.poll(accountContainerCount, { timeout: 60_000 }).toBe(PAGE_NAMES.length + 1);
});

async function accountContainerCount(): Promise<number> {
  const head = await swiftRequest('RegionTwo', 'HEAD', `/v1/${user.account}`, { who });
  return Number(head.headers.get('x-account-container-count'));
}

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function signIn(page: Page, password: string): Promise<void> {
  await signInWithForm(page, who, password);
}

test('sign in, pick RegionTwo, see its own container and scroll 2,500 containers to the end', async () => {
  app = await launchApp();
  const { page } = app;
  test.info().annotations.push({ type: 'host', description: app.host });

  await checkBothThemes(page, app.host, 'sign-in');
  await signIn(page, user.password);

  const region = page.getByLabel('Region', { exact: true });
  await expect(region.locator('option')).toHaveText(['RegionOne', 'RegionTwo']);
  const containers = page.getByRole('tree', { name: 'Containers' });
  await expect(containers.getByText('region-one-logs', { exact: true })).toBeVisible();
  await expect(containers.getByText(onlyInTwo, { exact: true })).toHaveCount(0);

  const logStart = logSize();
  await region.selectOption('RegionTwo');
  await expect(containers.getByText(onlyInTwo, { exact: true })).toBeVisible();
  await expect(containers.getByText('region-one-logs', { exact: true })).toHaveCount(0);

  // What the person sees matches what Swift itself holds in each region.
  expect(await containerNames('RegionTwo', who, 'only-in-region-two-')).toEqual([onlyInTwo]);
  expect(await containerNames('RegionOne', who, 'only-in-region-two-')).toEqual([]);
  const total = await accountContainerCount();
  expect(total).toBe(PAGE_NAMES.length + 1);
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account).toContainText(total.toLocaleString('en-US'));
  await checkBothThemes(page, app.host, 'region-two');

  // Scroll the virtualized list to the end, the way a person drags the scrollbar down.
  const scroller = page.getByTestId('container-scroller');
  const last = containers.getByText(PAGE_NAMES.at(-1)!, { exact: true });
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(last).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText(`${total.toLocaleString('en-US')} containers`)).toBeVisible();
  // Only rows near the viewport are in the DOM, however long the list.
  expect(await containers.getByRole('treeitem').count()).toBeLessThan(200);
  await checkBothThemes(page, app.host, 'scrolled-to-end');

  // Swift's proxy log shows the pages the app asked for: one marker after another.
  await expect
    .poll(
      () =>
        cirrusRequests('RegionTwo', logStart).filter((r) => r.method === 'GET' && r.path === `/v1/${user.account}`)
          .length,
    )
    .toBeGreaterThanOrEqual(3);
  const markers = cirrusRequests('RegionTwo', logStart)
    .filter((r) => r.method === 'GET' && r.path === `/v1/${user.account}`)
    .map((r) => r.query.get('marker') ?? '');
  expect(markers.slice(0, 3)).toEqual(['', 'page-00998', 'page-01998']);
  expect(new Set(markers).size).toBe(markers.length); // no page fetched twice
});

test('a wrong password gets a clear message and the form stays usable', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page, 'definitely-wrong');
  await expect(page.getByRole('alert')).toContainText('did not accept these credentials');
  await expect(page.getByRole('form', { name: 'Sign in' }).getByLabel('User name')).toHaveValue(user.user);
  await checkBothThemes(page, app.host, 'sign-in-error');

  await signIn(page, user.password);
  await expect(page.getByLabel('Region', { exact: true })).toBeVisible();
});

test('a mistyped auth URL gets one sentence saying what to fix, and the stale message goes once the field is edited', async () => {
  app = await launchApp();
  const { page } = app;
  const form = page.getByRole('form', { name: 'Sign in' });
  const url = form.getByLabel('Auth URL');
  const alert = page.getByRole('alert');
  const hostPort = new URL(HARNESS.authUrlV2).host;
  await form.getByLabel('Password').fill(user.password);
  await form.getByLabel('Tenant').fill(user.tenantName);

  // Caught before sending: no user name, no scheme.
  await url.fill(`${hostPort}/v2.0`);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(alert).toContainText('Enter a user name.');
  await expect(alert).toContainText(
    `start it with https:// (or http:// for a service without TLS), e.g. https://${hostPort}/v2.0`,
  );
  await form.getByLabel('User name').fill(user.user);

  // TLS spoken to a plain HTTP port: said in words, with what to try; no OpenSSL text.
  await url.fill(HARNESS.authUrlV2.replace('http://', 'https://'));
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(alert).toContainText('it does not speak HTTPS (TLS) on this port');
  await expect(alert).not.toContainText('SSL routines');
  await checkBothThemes(page, app.host, 'sign-in-tls-on-http');
  await url.fill(HARNESS.authUrlV2.replace('/v2.0', '/v2'));
  await expect(alert).toHaveCount(0); // editing the field takes the stale message away

  // A path with no identity API: the path to check, not Keystone's JSON.
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(alert).toContainText("Check the auth URL's path: Keystone v2.0 addresses usually end in /v2.0");
  await expect(alert).not.toContainText('{');
  await url.fill(HARNESS.authUrlV2);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('Region', { exact: true })).toBeVisible();
});

test('nothing that reaches the renderer holds the password or the token', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page, user.password);
  await expect(
    page.getByRole('tree', { name: 'Containers' }).getByText('region-one-logs', { exact: true }),
  ).toBeVisible();

  // Every read the renderer can make, made from the page itself, plus what the page keeps.
  const seenByPage = await page.evaluate(async () => {
    const answers = [
      await window.cirrus.getSession({}),
      await window.cirrus.getAccount({ region: 'RegionOne' }),
      await window.cirrus.listContainers({ region: 'RegionTwo', limit: 5 }),
    ];
    return JSON.stringify({ answers, html: document.documentElement.outerHTML, storage: { ...localStorage } });
  });
  // The Chromium host also records every response that crossed; Electron's crossings are the page's answers.
  const wire = seenByPage + JSON.stringify(app.ipcLog ?? []);
  const { token } = await swiftToken('RegionOne', who);
  expect(seenByPage).toContain('RegionTwo');
  expect(wire).not.toContain(token);
  expect(wire).not.toContain(user.password);
});
