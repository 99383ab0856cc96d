import { expect, test, type Locator } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, ensureContainerHolds } from '../fixtures/objects-seed';
import { cirrusRequests, logSize } from '../fixtures/proxy-log';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import { ensureBigContainer } from '../fixtures/big-container';

// The browse tenant: "a-sortable" is this spec's (first in the tree); "big" (12,000 objects) is browse.spec.ts's too,
// read only here.
const who = 'browse' as const;
const REGION = 'RegionOne' as const;
const SORTABLE = {
  'b-medium.json': '{"a": "twenty bytes"}',
  'a-large.txt': 'x'.repeat(300),
  'c-small.png': 'png',
  'docs/inside.md': '# in a folder',
};

let app: LaunchedApp | undefined;
test.beforeAll(async () => {
  test.setTimeout(300_000); // the first run in a lane of a fresh harness creates big's 12,000 objects
  await ensureContainerHolds(REGION, who, 'a-sortable', SORTABLE);
  await ensureBigContainer(REGION, who);
});
test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

const shownNames = async (grid: Locator) => grid.locator('.row-name').allTextContents();

test('column headings sort what is loaded, say so, and can load the rest first', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  const tree = page.getByRole('tree', { name: 'Containers' });
  await tree.getByRole('treeitem', { name: 'a-sortable', exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Objects' });
  await expect(grid.getByText('a-large.txt')).toBeVisible();
  const heading = (name: string) => grid.getByRole('columnheader', { name });

  // Listing order (by name) first; folders and objects as Swift lists them.
  await expect(heading('Name')).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => shownNames(grid)).toEqual(['a-large.txt', 'b-medium.json', 'c-small.png', 'docs']);

  // By size, then the other way: folders stay first.
  await heading('Size').getByRole('button').click();
  await expect(heading('Size')).toHaveAttribute('aria-sort', 'ascending');
  await expect(heading('Name')).toHaveAttribute('aria-sort', 'none');
  await expect.poll(() => shownNames(grid)).toEqual(['docs', 'c-small.png', 'b-medium.json', 'a-large.txt']);
  await heading('Size').getByRole('button').click();
  await expect(heading('Size')).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => shownNames(grid)).toEqual(['docs', 'a-large.txt', 'b-medium.json', 'c-small.png']);
  // A heading sorts when clicked anywhere in its cell, not only on its label: here its far end.
  const typeBox = await heading('Type').boundingBox();
  if (!typeBox) throw new Error('the Type heading is not laid out');
  await heading('Type').click({ position: { x: typeBox.width - 4, y: typeBox.height - 3 } });
  await expect(heading('Type')).toHaveAttribute('aria-sort', 'ascending');
  await heading('Size').click({ position: { x: 4, y: 3 } });
  await expect(heading('Size')).toHaveAttribute('aria-sort', 'ascending');
  await heading('Size').getByRole('button').click();
  await expect(heading('Size')).toHaveAttribute('aria-sort', 'descending');
  // The seed's objects all hold "text/plain;charset=UTF-8": the column shows the media type, the title all of it.
  const type = grid.getByRole('row').filter({ hasText: 'a-large.txt' }).locator('.cell-type');
  await expect(type).toHaveText('text/plain');
  await expect(type).toHaveAttribute('title', 'text/plain;charset=UTF-8');
  // Everything was loaded: no note about the rest.
  await expect(page.getByText(/names loaded/)).toHaveCount(0);

  // A container with more names than loaded: the sort says it covers what is loaded, then loads the rest.
  await tree.getByRole('treeitem', { name: 'big', exact: true }).click();
  await expect(grid.getByText('item-00000.txt', { exact: true })).toBeVisible();
  await expect(page.getByText('Loading more…')).toHaveCount(0);
  await heading('Name').getByRole('button').click(); // listing order → name, descending
  await expect(heading('Name')).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText('Sorted by name: the 10,100 names loaded; the folder has more.')).toBeVisible();
  await expect(grid.locator('.row-name').first()).toHaveText('item-10099.txt');
  await checkBothThemes(page, app.host, 'sorted-partly');
  const loadStart = logSize();
  await page.getByRole('button', { name: 'Load all and sort' }).click();
  await expect(page.getByText(/names loaded/)).toHaveCount(0);
  await expect(grid.locator('.row-name').first()).toHaveText('item-11999.txt');
  // The rest came in one more page, from where the loaded ones ended.
  const pages = cirrusRequests(REGION, loadStart)
    .filter((r) => r.method === 'GET' && r.path === containerPath(who, 'big'))
    .map((r) => r.query.get('marker'));
  expect(pages).toEqual(['item-10099.txt']);
});

test('the search box finds names containing a text anywhere in the container, reading it page by page', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: 'big', exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Objects' });
  await expect(grid.getByText('item-00000.txt', { exact: true })).toBeVisible();

  const findStart = logSize();
  const box = page.getByRole('searchbox', { name: 'Find objects whose names contain' });
  await box.fill('1199');
  await box.press('Enter');
  await expect(page.getByText('12 matches for “1199” in 12,000 names')).toBeVisible();
  await expect
    .poll(() => shownNames(grid))
    .toEqual(['item-01199.txt', 'item-11199.txt', ...Array.from({ length: 10 }, (_, i) => `item-1199${i}.txt`)]);
  await checkBothThemes(page, app.host, 'find');
  // The whole container, without folding, in pages of the listing limit: 12,000 names in two calls.
  const listings = cirrusRequests(REGION, findStart).filter(
    (r) => r.method === 'GET' && r.path === containerPath(who, 'big') && !r.query.has('delimiter'),
  );
  expect(listings.map((r) => [r.query.get('limit'), r.query.get('delimiter'), r.query.get('marker')])).toEqual([
    ['10000', null, null],
    ['10000', null, 'item-09999.txt'],
  ]);

  // Escape in the box ends the search: the listing is back.
  await box.press('Escape');
  await expect(grid.getByText('item-00000.txt', { exact: true })).toBeVisible();
});
