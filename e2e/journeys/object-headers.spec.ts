/**
 * An object's browser-facing headers edited as named fields
 * beside its metadata; each save is checked with a direct HEAD to Swift, and
 * the metadata and expiry a POST would drop are still there.
 */
import { expect, test } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { checkBothThemes } from '../fixtures/both-themes';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { signInWithForm } from '../fixtures/sign-in';
import { swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own `headers-` container.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const CONTAINER = `headers-${Date.now().toString(36)}`;
const OBJECT = 'report.txt';
const DELETE_AT = String(Math.floor(Date.now() / 1000) + 30 * 86_400);

let app: LaunchedApp | undefined;

const stored = async () => {
  const h = (await swiftRequest(REGION, 'HEAD', objectPath(who, CONTAINER, OBJECT), { who })).headers;
  return {
    type: h.get('content-type'),
    disposition: h.get('content-disposition'),
    cache: h.get('cache-control'),
    language: h.get('content-language'),
    team: h.get('x-object-meta-team'),
    deleteAt: h.get('x-delete-at'),
  };
};

test.beforeAll(async () => {
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, CONTAINER), { who })).status).toBe(201);
  const put = await swiftRequest(REGION, 'PUT', objectPath(who, CONTAINER, OBJECT), {
    who,
    body: 'quarterly numbers\n',
    headers: {
      'Content-Type': 'text/plain',
      'Content-Language': 'en',
      'X-Object-Meta-Team': 'finance',
      'X-Delete-At': DELETE_AT,
    },
  });
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

test('object headers: a download name and caching set, a language removed, a bad value caught; metadata and expiry stay', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: CONTAINER, exact: true }).click();
  await page.getByRole('grid', { name: 'Objects' }).getByRole('row').filter({ hasText: OBJECT }).click();
  const form = page.getByRole('complementary', { name: 'Details' }).getByRole('form', { name: 'Object headers' });
  await expect(form.getByLabel('Content-Type')).toHaveValue('text/plain');
  await expect(form.getByLabel('Content-Language')).toHaveValue('en');

  // A line break would smuggle a second header: caught, and Save waits.
  await form.getByLabel('Cache-Control').fill('no-store\u2028x');
  await expect(form).toContainText('Cache-Control may hold printable ASCII only.');
  await expect(form.getByRole('button', { name: 'Save headers' })).toBeDisabled();

  await form.getByLabel('Cache-Control').fill('max-age=60');
  await form.getByLabel('Content-Disposition').fill('attachment; filename="q3.csv"');
  await form.getByLabel('Content-Type').fill('text/csv');
  await form.getByLabel('Content-Language').fill('');
  await checkBothThemes(page, app.host, 'object-headers');
  await form.getByRole('button', { name: 'Save headers' }).click();
  await expect(form.getByRole('status')).toHaveText('Headers saved.');

  expect(await stored()).toEqual({
    type: 'text/csv',
    disposition: 'attachment; filename="q3.csv"',
    cache: 'max-age=60',
    language: null,
    team: 'finance',
    deleteAt: DELETE_AT,
  });
  // The grid's Type column follows without listing again.
  await expect(page.getByRole('grid', { name: 'Objects' }).getByRole('row').filter({ hasText: OBJECT })).toContainText(
    'text/csv',
  );
});
