import { expect, test, type Page } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { ensureContainerHolds, removeContainerIfPresent } from '../fixtures/objects-seed';
import { PROXY_TAG, logSize } from '../fixtures/proxy-log';
import { checkBothThemes } from '../fixtures/both-themes';
import { HARNESS } from '../../testing/swift/config';
import { readSwiftLog } from '../../testing/swift/swift-log';
import { signInWithForm } from '../fixtures/sign-in';

// The browse tenant in RegionTwo; this journey keeps to its own containers.
const who = 'browse' as const;
const user = HARNESS.users[who];
const REGION = 'RegionTwo' as const;
const VANISHING = 'vanishing';
const STEADY = 'steady';

let app: LaunchedApp | undefined;

test.beforeAll(async () => {
  await ensureContainerHolds(REGION, who, VANISHING, { 'still-here.txt': 'present' });
  await ensureContainerHolds(REGION, who, STEADY, { 'a.txt': 'a', 'docs/b.txt': 'b' });
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function signIn(page: Page): Promise<void> {
  await signInWithForm(page, who);
  await page.getByLabel('Region').selectOption(REGION);
}

/** Swift's own log lines since `since` (byte offset). */
const swiftLogSince = (since: number) => readSwiftLog(since).toString('utf8');

async function identityConfig(tokenTtlSeconds: number | null): Promise<void> {
  const res = await fetch(`${HARNESS.identityUrl}/__config`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ tokenTtlSeconds }),
  });
  expect(res.status).toBe(200);
}

/** The (logged, shortened) tokens Cirrus sent with its requests to this account since `since`. */
const tokensUsed = (since: number): string[] =>
  swiftLogSince(since)
    .split('\n')
    .filter(
      (line) =>
        Object.values(PROXY_TAG).some((tag) => line.includes(` ${tag} `)) &&
        line.includes(` /v1/${user.account}`) &&
        line.includes(' Cirrus/'),
    )
    .flatMap((line) => / Cirrus\/\S+ (AUTH_tk[0-9a-f]+)/.exec(line)?.[1] ?? []);

test('a container deleted behind the app’s back: what failed, why, the request id, and a Retry that works', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page);
  const tree = page.getByRole('tree', { name: 'Containers' });
  await expect(tree.getByRole('treeitem', { name: VANISHING, exact: true })).toBeVisible();

  // Someone else deletes it; the tree still lists it until it is listed again.
  await removeContainerIfPresent(REGION, who, VANISHING);
  const logStart = logSize();
  await tree.getByRole('treeitem', { name: VANISHING, exact: true }).click();
  const alert = page.getByRole('region', { name: 'Objects pane' }).getByRole('alert');
  await expect(alert).toContainText(`Could not list “${VANISHING}”.`);
  await expect(alert).toContainText(`The container "${VANISHING}" does not exist.`);
  await expect(alert.getByText('Request ID:')).toBeVisible();
  const requestId = (await alert.locator('code').innerText()).trim();
  expect(requestId).toMatch(/^tx[0-9a-f]{21}-[0-9a-f]{10}$/);
  // The id is Swift's own: its proxy logged that very request as a 404 for this container.
  await expect
    .poll(() =>
      swiftLogSince(logStart)
        .split('\n')
        .some((line) => line.includes(PROXY_TAG.RegionTwo) && line.includes(requestId) && / 404 /.test(line)),
    )
    .toBe(true);
  await checkBothThemes(page, app.host, 'errors-not-found');

  // Put back (again behind the app's back), Retry shows it.
  await ensureContainerHolds(REGION, who, VANISHING, { 'still-here.txt': 'present' });
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('grid', { name: 'Objects' }).getByText('still-here.txt', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an expired token during browsing is renewed without the person noticing', async () => {
  await identityConfig(5);
  try {
    app = await launchApp();
    const { page } = app;
    const logStart = logSize();
    await signIn(page);
    const tree = page.getByRole('tree', { name: 'Containers' });
    const grid = page.getByRole('grid', { name: 'Objects' });

    await tree.getByRole('treeitem', { name: STEADY, exact: true }).click();
    await expect(grid.getByText('a.txt', { exact: true })).toBeVisible();
    // Browse on after the token in use has expired in Swift (5 s), twice over.
    for (const round of [1, 2]) {
      await page.waitForTimeout(6_000);
      if (round === 1) {
        await grid.getByText('docs', { exact: true }).dblclick();
        await expect(grid.getByText('b.txt', { exact: true })).toBeVisible();
      } else {
        await tree.getByRole('treeitem', { name: STEADY, exact: true }).click();
        await page.keyboard.press('ArrowRight');
        await expect(tree.getByRole('treeitem', { name: 'docs', exact: true })).toHaveAttribute('aria-level', '2');
        await tree.getByRole('treeitem', { name: VANISHING, exact: true }).click();
        await expect(grid.getByText('still-here.txt', { exact: true })).toBeVisible();
        await page.getByRole('toolbar', { name: 'Object actions' }).getByRole('button', { name: 'Refresh' }).click();
        await expect(page.getByRole('button', { name: 'Refresh' })).toBeEnabled();
      }
      await expect(page.getByRole('alert')).toHaveCount(0);
    }
    await expect(page.getByRole('form', { name: 'Sign in' })).toHaveCount(0);
    // Swift saw a new token after each expiry: the app renewed it, and nobody had to sign in again.
    expect(new Set(tokensUsed(logStart)).size).toBeGreaterThanOrEqual(3);
    await checkBothThemes(page, app.host, 'errors-after-expiry');
  } finally {
    await identityConfig(null);
  }
});
