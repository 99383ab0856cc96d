/**
 * Two connections at once: File → New Window opens a second window, signed out, which signs in
 * on its own and works in RegionTwo while the first stays in RegionOne. Objects dragged from the
 * first window's grid and dropped on the second's are copied there, as a transfer of the second
 * window, and checked in RegionTwo through Swift directly (bytes by ETag, type, metadata).
 *
 * A drag between two windows cannot be made with the mouse in a test (Playwright drags within one
 * page), so the journey does what the two windows' browsers do: the first window's row gets its
 * `dragstart` and fills the drag's data, the second window gets `dragenter`, `dragover` and
 * `drop` carrying that same data.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { signInWithForm } from '../fixtures/sign-in';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own containers.
const who = 'files' as const;
const stamp = Date.now().toString(36);
const FROM = `windows-from-${stamp}`;
const TO = `windows-to-${stamp}`;
const NOTES = { name: 'notes.txt', body: 'dragged from one window to the other' };
const PLAN = { name: 'plan.md', body: '# the plan\n' };
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const DRAG_TYPE = 'application/x-cirrus-objects';

let app: LaunchedApp | undefined;

test.beforeAll(async () => {
  expect((await swiftRequest('RegionOne', 'PUT', containerPath(who, FROM), { who })).status).toBe(201);
  for (const [o, type] of [
    [NOTES, 'text/x-notes'],
    [PLAN, 'text/markdown'],
  ] as const) {
    const headers = { 'Content-Type': type, 'X-Object-Meta-Origin': 'first window' };
    const put = await swiftRequest('RegionOne', 'PUT', objectPath(who, FROM, o.name), { who, body: o.body, headers });
    expect(put.status).toBe(201);
  }
  expect((await swiftRequest('RegionTwo', 'PUT', containerPath(who, TO), { who })).status).toBe(201);
  await waitUntilListed('RegionOne', who, FROM);
  await waitUntilListed('RegionTwo', who, TO);
});

test.afterAll(async () => {
  await removeOwnContainer('RegionOne', who, FROM);
  await removeOwnContainer('RegionTwo', who, TO);
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

const rowOf = (grid: Locator, name: string) => grid.getByRole('row').filter({ hasText: name });

async function openContainer(page: Page, region: 'RegionOne' | 'RegionTwo', container: string) {
  await page.getByLabel('Region', { exact: true }).selectOption(region);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: container, exact: true }).click();
}

test('two windows: a second connection in RegionTwo, and objects dragged across are copied there', async () => {
  app = await launchApp();
  const first = app.page;
  await signInWithForm(first, who);
  await openContainer(first, 'RegionOne', FROM);
  const grid = first.getByRole('grid');
  await expect(rowOf(grid, NOTES.name)).toBeVisible();

  // File → New Window: a second window, signed out, while the first stays signed in.
  const opening = app.nextWindow();
  await app.chooseMenu('File', 'New Window');
  const second = await opening;
  await expect(second.getByRole('form', { name: 'Sign in' })).toBeVisible();
  await expect(first.getByRole('tree', { name: 'Containers' })).toBeVisible();
  await signInWithForm(second, who);
  await openContainer(second, 'RegionTwo', TO);
  await expect(second.getByText('This container is empty.')).toBeVisible();
  // Each window keeps its own region.
  await expect(first.getByLabel('Region', { exact: true })).toHaveValue('RegionOne');
  await expect(second.getByLabel('Region', { exact: true })).toHaveValue('RegionTwo');

  // Both objects picked in the first window, then the drag leaves from one of their rows.
  await rowOf(grid, NOTES.name).click();
  await rowOf(grid, PLAN.name).click({ modifiers: ['Control'] });
  const dragged = await first.evaluateHandle(() => new DataTransfer());
  await rowOf(grid, NOTES.name).dispatchEvent('dragstart', { dataTransfer: dragged });
  const data = await dragged.evaluate((transfer, type) => transfer.getData(type), DRAG_TYPE);
  // What crosses between the windows: an id and names, never a token.
  expect(JSON.parse(data)).toMatchObject({ region: 'RegionOne', container: FROM, names: [NOTES.name, PLAN.name] });
  expect(data).not.toMatch(/token|AUTH_|password/i);

  const pane = second.getByRole('region', { name: 'Objects pane' });
  const dropped = await second.evaluateHandle(
    ([type, value]) => {
      const transfer = new DataTransfer();
      transfer.setData(type, value);
      return transfer;
    },
    [DRAG_TYPE, data] as const,
  );
  await pane.dispatchEvent('dragenter', { dataTransfer: dropped });
  await pane.dispatchEvent('dragover', { dataTransfer: dropped });
  await expect(pane.getByText(`Drop to copy to ${TO} in RegionTwo`)).toBeVisible();
  await pane.dispatchEvent('drop', { dataTransfer: dropped });
  await rowOf(grid, NOTES.name).dispatchEvent('dragend');

  // A transfer of the second window, which then lists what arrived.
  const transfers = second.getByRole('region', { name: 'Transfers' });
  const label = `“${FROM}” RegionOne → “${TO}” RegionTwo: 2 objects`;
  await expect(transfers.getByRole('listitem', { name: label })).toContainText('2 copied');
  await expect(rowOf(second.getByRole('grid'), PLAN.name)).toBeVisible();
  await expect(first.getByRole('region', { name: 'Transfers' }).getByRole('listitem', { name: label })).toHaveCount(0);

  // In RegionTwo, through Swift directly: the names, the bytes (ETags), the type and the metadata.
  expect((await listAll('RegionTwo', containerPath(who, TO), who)).sort()).toEqual([NOTES.name, PLAN.name]);
  const notes = (await swiftRequest('RegionTwo', 'HEAD', objectPath(who, TO, NOTES.name), { who })).headers;
  expect(notes.get('etag')).toBe(md5(NOTES.body));
  expect(notes.get('content-type')).toBe('text/x-notes');
  expect(notes.get('x-object-meta-origin')).toBe('first window');
  const plan = (await swiftRequest('RegionTwo', 'HEAD', objectPath(who, TO, PLAN.name), { who })).headers;
  expect(plan.get('etag')).toBe(md5(PLAN.body));
  // The first window's container in RegionOne is as it was.
  expect((await listAll('RegionOne', containerPath(who, FROM), who)).sort()).toEqual([NOTES.name, PLAN.name]);
});
