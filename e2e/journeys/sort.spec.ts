import { expect, test, type Locator } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { ensureContainerHolds } from '../fixtures/objects-seed';
import { signInWithForm } from '../fixtures/sign-in';

// The browse tenant: "a-sortable" is this spec's (first in the tree). Sorting more names than are loaded,
// and the search, are big-container.spec.ts's.
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
  await ensureContainerHolds(REGION, who, 'a-sortable', SORTABLE);
});
test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

const shownNames = async (grid: Locator) => grid.locator('.row-name').allTextContents();

test('column headings sort the rows by name, size and type, folders first', async () => {
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
});
