/**
 * A container as a static website, and its CORS rules,
 * edited as named fields in the details panel. Each save is checked in Swift
 * directly (HEAD), and by what a visitor with no token gets from the public
 * address (staticweb is in the harness's proxy pipeline, after tempauth) and
 * what a browser's CORS preflight gets.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { cirrusRequests, settledLogSize } from '../fixtures/proxy-log';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own `website-` container.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const CONTAINER = `website-${Date.now().toString(36)}`;
const SITE_URL = `${HARNESS.regions[REGION].proxy}${containerPath(who, CONTAINER)}/`;
const INDEX = '<h1>Welcome to the site</h1>';
const NOT_FOUND = '<h1>No such page here</h1>';

let app: LaunchedApp | undefined;

/** The container's own metadata as Swift holds it, without the X-Container-Meta- prefix. */
const metadataInSwift = async () => {
  const head = await swiftRequest(REGION, 'HEAD', containerPath(who, CONTAINER), { who });
  return Object.fromEntries(
    [...head.headers].filter(([k]) => k.startsWith('x-container-meta-')).map(([k, v]) => [k.slice(17), v]),
  );
};
/** What a visitor gets: plain fetch, no token, no redirects followed. */
const visit = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, { redirect: 'manual', ...init });
  return { status: res.status, body: await res.text(), allowOrigin: res.headers.get('access-control-allow-origin') };
};
const preflight = (origin: string) =>
  visit(`${SITE_URL}index.html`, {
    method: 'OPTIONS',
    headers: { Origin: origin, 'Access-Control-Request-Method': 'GET' },
  });

test.beforeAll(async () => {
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, CONTAINER), { who })).status).toBe(201);
  for (const [name, body] of [
    ['index.html', INDEX],
    ['404error.html', NOT_FOUND],
    ['sub/notes.txt', 'notes'],
  ] as const) {
    const put = await swiftRequest(REGION, 'PUT', objectPath(who, CONTAINER, name), {
      who,
      body,
      headers: { 'Content-Type': name.endsWith('.html') ? 'text/html' : 'text/plain' },
    });
    expect(put.status).toBe(201);
  }
  // A key of the person's own, which no website save may drop.
  const post = await swiftRequest(REGION, 'POST', containerPath(who, CONTAINER), {
    who,
    headers: { 'X-Container-Meta-Owner': 'web team' },
  });
  expect(post.status).toBe(204);
  await waitUntilListed(REGION, who, CONTAINER);
});

test.afterAll(async () => {
  await removeOwnContainer(REGION, who, CONTAINER);
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Scrolls the details panel so that `part` starts at its top, for a screenshot of it. */
const scrollToTop = (part: Locator) =>
  part.evaluate((el) => {
    const panel = el.closest('.details-panel');
    if (panel) panel.scrollTop += el.getBoundingClientRect().top - panel.getBoundingClientRect().top;
  });

const websiteOf = (page: Page): Locator =>
  page.getByRole('complementary', { name: 'Details' }).getByRole('form', { name: 'Website and CORS' });

test('website: index, error page and listings served to visitors once public, CORS for one origin, all cleared', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: CONTAINER, exact: true }).click();
  const site = websiteOf(page);
  await expect(site.getByLabel('Site address', { exact: true })).toHaveValue(SITE_URL);
  await expect(site).toContainText('Not public: visitors without a token get 401 Unauthorized.');

  // The index, the error suffix (the hint names the object Swift will serve) and listings, in one POST.
  await site.getByLabel('Index page', { exact: true }).fill('index.html');
  await site.getByLabel('Error page suffix', { exact: true }).fill('error.html');
  await expect(site).toContainText('a missing page shows 404error.html, still as a 404');
  await site.getByLabel('List the objects of folders that have no index page', { exact: true }).check();
  await expect(site.getByRole('status')).toHaveText('Will set Web-Index, Web-Error, Web-Listings.');
  await scrollToTop(page.getByRole('region', { name: 'Website' }));
  await checkBothThemes(page, app.host, 'container-website');
  const before = await settledLogSize(REGION);
  await site.getByRole('button', { name: 'Save website' }).click();
  await expect(site.getByRole('status')).toHaveText('Website settings saved.');
  expect(await metadataInSwift()).toEqual({
    owner: 'web team',
    'web-index': 'index.html',
    'web-error': 'error.html',
    'web-listings': 'true',
  });
  const posts = () =>
    cirrusRequests(REGION, before).filter((r) => r.method === 'POST' && r.path === containerPath(who, CONTAINER));
  await expect.poll(() => posts().length).toBe(1);

  // Private still: a visitor is refused. Made public through the Access section's switch, the site is served.
  expect((await visit(SITE_URL)).status).toBe(401);
  await page.getByRole('switch', { name: 'Public read' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Make public' }).click();
  await expect(site).toContainText('Public: anyone can open this address without signing in.');
  const address = await site.getByLabel('Site address', { exact: true }).inputValue();
  expect(await visit(address)).toMatchObject({ status: 200, body: INDEX });
  expect(await visit(`${address}no-such-page.html`)).toMatchObject({ status: 404, body: NOT_FOUND });
  const listing = await visit(`${address}sub/`);
  expect(listing.status).toBe(200);
  expect(listing.body).toContain('<a href="notes.txt">notes.txt</a>');

  // CORS: an origin as no browser sends it is caught as typed; then two origins, one per line, and a max age.
  const origins = site.getByLabel('Allowed origins', { exact: true });
  await origins.fill('https://App.example/');
  await expect(site).toContainText('has a path; an origin ends at the host or port: https://App.example.');
  await expect(site.getByRole('button', { name: 'Save website' })).toBeDisabled();
  await origins.fill('https://app.example\nhttp://localhost:8080');
  await site.getByLabel('Max age (seconds)', { exact: true }).fill('600');
  await site.getByLabel('Exposed headers', { exact: true }).fill('Content-Length');
  await scrollToTop(site.getByRole('group', { name: 'CORS' }));
  await checkBothThemes(page, app.host, 'container-website-cors');
  await site.getByRole('button', { name: 'Save website' }).click();
  await expect(site.getByRole('status')).toHaveText('Website settings saved.');
  expect(await metadataInSwift()).toMatchObject({
    owner: 'web team',
    'web-index': 'index.html',
    'access-control-allow-origin': 'https://app.example http://localhost:8080',
    'access-control-max-age': '600',
    'access-control-expose-headers': 'Content-Length',
  });
  expect(await preflight('https://app.example')).toMatchObject({ status: 200, allowOrigin: 'https://app.example' });
  expect(await preflight('https://elsewhere.example')).toMatchObject({ status: 401, allowOrigin: null });

  // Everything cleared in one save: Swift holds the person's own key only, and the preflight is refused.
  await site.getByRole('button', { name: 'Clear all' }).click();
  await expect(site.getByRole('status')).toContainText('Will remove Web-Index, Web-Error, Access-Control-Allow-Origin');
  await site.getByRole('button', { name: 'Save website' }).click();
  await expect(site.getByRole('status')).toHaveText('Website settings saved.');
  await expect(site.getByLabel('Index page', { exact: true })).toHaveValue('');
  expect(await metadataInSwift()).toEqual({ owner: 'web team' });
  expect(await preflight('https://app.example')).toMatchObject({ status: 401, allowOrigin: null });
});
