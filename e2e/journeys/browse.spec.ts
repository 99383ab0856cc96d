import { expect, test, type Page } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, ensureContainerHolds, headStatus } from '../fixtures/objects-seed';
import { cirrusRequests, logSize, settledLogSize } from '../fixtures/proxy-log';
import { checkBothThemes } from '../fixtures/both-themes';
import { ensureAccountHolds } from '../fixtures/seed';
import { LIBRARY } from '../fixtures/library-container';
import { listingsOf as listingsOfContainer, scrollToEnd, topRowOf } from '../fixtures/list-view';
import { addObjectRows, textRow } from '../../testing/swift/backend-rows';
import { HARNESS } from '../../testing/swift/config';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';
import { signInWithForm } from '../fixtures/sign-in';

// The browse feature's own tenant; RegionOne is this spec's (the other browse journeys use RegionTwo). Its
// "big" container is big-container.spec.ts's, kept here (the account is made to hold exactly these).
const who = 'browse' as const;
const user = HARNESS.users[who];
const REGION = 'RegionOne' as const;
const SHELVES = Array.from({ length: 1050 }, (_, i) => `shelf-${String(i).padStart(4, '0')}`);
const BEYOND = 'zz-beyond-first-page';
// A level of 300 folders: more than a listing's first page (100), so the tree pages it.
// Made by the first journey above atlas, and gone again before the next.
const ABOVE = 'aardvark';
const ATLAS = Array.from({ length: 300 }, (_, i) => `f-${String(i).padStart(3, '0')}/note.txt`);
// Below it in the tree: 80 folders, enough that at the tree's end atlas's "more" row is beyond the rows
// the tree loads near the view (the view on a place it kept would set off no listing of atlas).
const ATLAS_2 = Array.from({ length: 80 }, (_, i) => `g-${String(i).padStart(3, '0')}/note.txt`);

let app: LaunchedApp | undefined;

test.beforeAll(async () => {
  // The shelves are only listed and filtered, never opened: rows of the account's listing alone
  // (testing/swift/backend-rows.ts), a few seconds on a fresh harness where 1,050 containers made
  // through the proxy took ~50 s of a lane.
  test.setTimeout(300_000);
  await ensureAccountHolds(REGION, who, ['atlas', 'atlas-2', 'big', 'library', BEYOND], SHELVES);
  await ensureContainerHolds(REGION, who, 'library', LIBRARY);
  // atlas and atlas-2 are only listed, level by level, never opened: rows of their listings alone too
  // (300 objects extracted through the proxy took ~10 s of a busy lane).
  for (const [container, names] of [
    ['atlas', ATLAS],
    ['atlas-2', ATLAS_2],
  ] as const) {
    const head = await swiftRequest(REGION, 'HEAD', containerPath(who, container), { who });
    if (Number(head.headers.get('x-container-object-count')) !== names.length)
      await addObjectRows(
        REGION,
        who,
        container,
        names.map((name) => textRow(name, `${name}\n`)),
      );
  }
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function signIn(page: Page): Promise<void> {
  await signInWithForm(page, who);
}

const listingsOf = (since: number, container: string) => listingsOfContainer(REGION, who, since, container);

test('folders in the tree and the objects pane, by mouse and keyboard', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page);
  const tree = page.getByRole('tree', { name: 'Containers' });
  const item = (name: string) => tree.getByRole('treeitem', { name, exact: true });
  const grid = page.getByRole('grid', { name: 'Objects' });
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
  const logStart = logSize();

  // A click opens the container in the objects pane: its folders and objects, with its counts.
  await item('library').click();
  await expect(grid.getByText('README.txt', { exact: true })).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(4); // header, guides, images, README.txt
  await expect(grid.getByText('guides', { exact: true })).toBeVisible();
  await expect(page.getByText('5 objects ·')).toBeVisible();
  await expect(crumbs).toHaveText(/Account\s*›\s*library/);

  // The details follow the selection: Esc or a click on the container leaves no object shown or picked.
  const details = page.getByRole('complementary', { name: 'Details' });
  const readme = grid.getByRole('row').filter({ hasText: 'README.txt' });
  await readme.click();
  await expect(details.getByRole('heading', { name: 'README.txt' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(details.getByRole('heading', { name: 'library', exact: true })).toBeVisible();
  await expect(readme).toHaveAttribute('aria-selected', 'false');
  await readme.click();
  await expect(details.getByRole('heading', { name: 'README.txt' })).toBeVisible();
  await item('library').click();
  await expect(details.getByRole('heading', { name: 'library', exact: true })).toBeVisible();
  await expect(readme).toHaveAttribute('aria-selected', 'false');

  // Keyboard: Right expands, Down moves, Enter opens; the tree lists the folders (delimiter "/").
  await expect(item('library')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(item('library')).toHaveAttribute('aria-expanded', 'true');
  await expect(item('guides')).toHaveAttribute('aria-level', '2');
  await expect(item('images')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(item('guides')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(item('advanced')).toHaveAttribute('aria-level', '3');
  await page.keyboard.press('ArrowDown');
  await expect(item('advanced')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(item('advanced')).toHaveAttribute('aria-selected', 'true');
  await expect(crumbs).toHaveText(/Account\s*›\s*library\s*›\s*guides\s*›\s*advanced/);
  // What the pane shows is what Swift lists under that prefix (waited for: the rows may follow the crumbs).
  const inSwift = await listAll(REGION, containerPath(who, 'library'), who, 'guides/advanced/');
  expect(inSwift.length).toBeGreaterThan(0);
  await expect(grid.getByRole('gridcell').locator('.row-name')).toHaveText(
    inSwift.map((name) => name.slice('guides/advanced/'.length)),
    { useInnerText: true },
  );
  // Inside a folder the header counts this level, and names the container's figures as the container's.
  await expect(page.getByRole('region', { name: 'Objects pane' })).toContainText(
    `${inSwift.length} items here · container: 5 objects`,
  );
  await checkBothThemes(page, app.host, 'browse-folder-open');

  // Left steps out to the parent, and on an expanded node collapses it.
  await page.keyboard.press('ArrowLeft');
  await expect(item('guides')).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(item('guides')).toHaveAttribute('aria-expanded', 'false');
  await expect(item('advanced')).toHaveCount(0);

  // Breadcrumbs go back up; a double-click on a folder row goes down again.
  await crumbs.getByRole('button', { name: 'guides' }).click();
  await expect(grid.getByText('intro.md', { exact: true })).toBeVisible();
  await grid.getByText('advanced', { exact: true }).dblclick();
  await expect(grid.getByText('tuning.md', { exact: true })).toBeVisible();
  await expect(item('advanced')).toHaveAttribute('aria-selected', 'true'); // the tree reveals where the pane went

  // The tree and the pane share each listing: every page was asked for once.
  const libraryPages = listingsOf(logStart, 'library').map(
    (r) => `${r.query.get('prefix') ?? ''}|${r.query.get('marker') ?? ''}`,
  );
  expect(listingsOf(logStart, 'library').every((r) => r.query.get('delimiter') === '/')).toBe(true);
  expect(libraryPages).toContain('|');
  expect(libraryPages).toContain('guides/advanced/|');
  expect(new Set(libraryPages).size).toBe(libraryPages.length);

  // Deep in a level of 300 folders, File → Refresh lists that level's first page again (one call, not one per
  // page) and the tree keeps its place: it loads the next page until the folder at its top is back. Before,
  // the level shrank to its first page's folders and the view was left on the containers after them.
  await item('atlas').locator('.twisty').click();
  // Its second page comes at once (the level's end is within the tree's prefetch margin): 300 in the set.
  await expect(item('f-000')).toHaveAttribute('aria-setsize', '300');
  const treeScroller = page.getByTestId('container-scroller');
  // atlas is the tree's first row and its folders follow: f-250 is row 251.
  await treeScroller.evaluate((el) => {
    const height = el.querySelector('[data-index]')?.getBoundingClientRect().height ?? 1;
    el.scrollTop = 251 * height;
  });
  const treeTop = () => topRowOf(treeScroller, '.row-name');
  // atlas's own level (its folders), not the folders' levels under it.
  const atlasLevel = (since: number) => listingsOf(since, 'atlas').filter((r) => !r.query.get('prefix'));
  await expect.poll(treeTop).toBe('f-250');
  const refreshStart = logSize();
  await app.chooseMenu('File', 'Refresh');
  // The first page, then the next from its end (f-099/): the place is only known once both came.
  await expect.poll(() => atlasLevel(refreshStart).map((r) => r.query.get('marker') ?? '')).toEqual(['', 'f-099/']);
  await expect.poll(treeTop).toBe('f-250');
  await expect(item('f-250')).toBeVisible();
  expect(atlasLevel(refreshStart)).toHaveLength(2);

  // A container made above it is written into the list in place, and the view follows the row it was on.
  await page.getByRole('button', { name: 'New container' }).click();
  const dialog = page.getByRole('dialog', { name: 'New container' });
  await dialog.getByLabel('Container name').fill(ABOVE);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(item('f-250')).toHaveAttribute('data-index', '252');
  expect(await treeTop()).toBe('f-250');
  expect(await headStatus(REGION, who, containerPath(who, ABOVE))).toBe(204);

  // The same at the tree's end, where the tree growing shorter pulls the view up to its new end.
  await page.getByLabel('Filter containers by prefix').fill('atlas');
  await expect(item('library')).toHaveCount(0);
  // A new filter starts the tree at its top once its list comes: scroll to the end after that.
  await scrollToEnd(treeScroller, '.row-name', /^f-2\d\d$/);
  // The list's end is known once its last (empty) page comes: until then a "Loading…" row follows atlas-2 and
  // the view's end is a row lower (seen: f-278 at the top, then f-277 once the row went). Taken after that.
  await expect(treeScroller.locator('.tree-more')).toHaveCount(0);
  await scrollToEnd(treeScroller, '.row-name', /^f-2\d\d$/);
  const atEnd = await treeTop();
  const endStart = logSize();
  await app.chooseMenu('File', 'Refresh');
  await expect.poll(() => atlasLevel(endStart).length).toBe(2);
  await expect.poll(treeTop).toBe(atEnd);
  await expect(item('f-299')).toBeVisible();

  // Rows above the place cut while the view is at the tree's end: the browser pulls the view up by as much
  // as the rows went, and the view stays on its row (not moved up a second time, to the tree's top).
  await item('atlas-2').locator('.twisty').click();
  await expect(item('g-000')).toHaveAttribute('aria-setsize', '80');
  await scrollToEnd(treeScroller, '.row-name', /^g-0\d\d$/);
  const belowCut = await treeTop();
  const cutStart = logSize();
  await app.chooseMenu('File', 'Refresh');
  await expect.poll(() => listingsOf(cutStart, 'atlas-2').length).toBeGreaterThan(0);
  await expect.poll(() => atlasLevel(cutStart).length).toBe(1);
  await expect.poll(treeTop).toBe(belowCut);
  expect((await swiftRequest(REGION, 'DELETE', containerPath(who, ABOVE), { who })).status).toBe(204);
});

test('the filter asks the server for containers far beyond the first page', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page);
  const tree = page.getByRole('tree', { name: 'Containers' });
  await expect(tree.getByRole('treeitem', { name: 'shelf-0000', exact: true })).toBeVisible();

  // A container far beyond the first page appears as soon as its prefix is typed.
  const logStart = logSize();
  await page.getByLabel('Filter containers by prefix').fill('zz');
  await expect(tree.getByRole('treeitem', { name: BEYOND, exact: true })).toBeVisible({ timeout: 5_000 });
  await expect(tree.getByRole('treeitem')).toHaveCount(1);
  // The proxy logs a moment after it answers: every line up to now is in once the marker request's is.
  await settledLogSize(REGION);
  const filtered = cirrusRequests(REGION, logStart).filter(
    (r) => r.method === 'GET' && r.path === `/v1/${user.account}`,
  );
  expect(filtered.map((r) => r.query.get('prefix'))).toContain('zz');
  await checkBothThemes(page, app.host, 'browse-filtered');
  // Cleared, the filter lists from the top again.
  await page.getByLabel('Filter containers by prefix').fill('');
  await expect(tree.getByRole('treeitem', { name: 'atlas', exact: true })).toBeVisible();
  await expect(tree.getByRole('treeitem', { name: BEYOND, exact: true })).toHaveCount(0);
});
