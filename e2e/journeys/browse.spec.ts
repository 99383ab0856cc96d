import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { bulkCreate, containerPath, ensureContainerHolds, headStatus } from '../fixtures/objects-seed';
import { dropFiles } from '../fixtures/drop-files';
import { cirrusRequests, logSize } from '../fixtures/proxy-log';
import { checkBothThemes } from '../fixtures/both-themes';
import { ensureAccountHolds } from '../fixtures/seed';
import { BIG, ensureBigContainer } from '../fixtures/big-container';
import { LIBRARY } from '../fixtures/library-container';
import { HARNESS } from '../../testing/swift/config';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';
import { signInWithForm } from '../fixtures/sign-in';

// The browse feature's own tenant; RegionOne is this spec's (the other browse journeys use RegionTwo).
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
  // The first run on a fresh harness creates 1,050 containers and 12,000 objects: some 140 s alone, and
  // 300 s were once not enough beside the other worker's journeys and a benchmark run on two cores.
  test.setTimeout(600_000);
  await ensureAccountHolds(REGION, who, ['atlas', 'atlas-2', 'big', 'library', ...SHELVES, BEYOND]);
  await ensureContainerHolds(REGION, who, 'library', LIBRARY);
  const atlas = await swiftRequest(REGION, 'HEAD', containerPath(who, 'atlas'), { who });
  if (Number(atlas.headers.get('x-container-object-count')) !== ATLAS.length)
    await bulkCreate(REGION, who, 'atlas', ATLAS);
  const atlas2 = await swiftRequest(REGION, 'HEAD', containerPath(who, 'atlas-2'), { who });
  if (Number(atlas2.headers.get('x-container-object-count')) !== ATLAS_2.length)
    await bulkCreate(REGION, who, 'atlas-2', ATLAS_2);
  await ensureBigContainer(REGION, who);
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function signIn(page: Page): Promise<void> {
  await signInWithForm(page, who);
}

/** The name in the row at the top of a list's view, by the list's own arithmetic (rows of one height). */
const topRowOf = (scroller: Locator, nameSelector: string) =>
  scroller.evaluate((el, name) => {
    const height = el.querySelector('[data-index]')?.getBoundingClientRect().height ?? 1;
    return el.querySelector(`[data-index="${Math.floor(el.scrollTop / height)}"] ${name}`)?.textContent;
  }, nameSelector);

/** The object at the top of the grid's view. */
const viewTopOf = (page: Page) => topRowOf(page.getByTestId('object-scroller'), '.cell-name');

/** Scrolls a list to its end until the row at its top matches (a list that is still changing moves it). */
const scrollToEnd = (scroller: Locator, nameSelector: string, top: RegExp) =>
  expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    expect(await topRowOf(scroller, nameSelector)).toMatch(top);
  }).toPass({ timeout: 10_000 });

const listingsOf = (since: number, container: string) =>
  cirrusRequests(REGION, since).filter((r) => r.method === 'GET' && r.path === containerPath(who, container));

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
  await expect(item('big')).toHaveCount(0);
  // A new filter starts the tree at its top once its list comes: scroll to the end after that.
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

test('the filter asks the server, and a big container scrolls to its end in three pages', async () => {
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
  const filtered = cirrusRequests(REGION, logStart).filter(
    (r) => r.method === 'GET' && r.path === `/v1/${user.account}`,
  );
  expect(filtered.map((r) => r.query.get('prefix'))).toContain('zz');
  await checkBothThemes(page, app.host, 'browse-filtered');
  await page.getByLabel('Filter containers by prefix').fill('');

  // 12,000 objects: a small first page, then pages as large as the region lists, asked for before the end shows.
  const bigStart = logSize();
  await tree.getByRole('treeitem', { name: 'big', exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Objects' });
  await expect(grid.getByText(BIG[0]!, { exact: true })).toBeVisible();
  await expect(page.getByText('12,000 objects ·')).toBeVisible();
  const scroller = page.getByTestId('object-scroller');
  const last = grid.getByText(BIG.at(-1)!, { exact: true });
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(last).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  expect(await grid.getByRole('row').count()).toBeLessThan(120); // only rows near the viewport exist
  await checkBothThemes(page, app.host, 'browse-big-end');

  // Swift's log: one marker after another, no page twice, and the short last page ended it (no empty page asked for).
  const pages = listingsOf(bigStart, 'big').map((r) => `${r.query.get('limit')}|${r.query.get('marker') ?? ''}`);
  expect(pages).toEqual(['100|', '10000|item-00099.txt', '10000|item-10099.txt']);

  // Refresh down there, from the menu (F5) and then the pane's button: the rows are listed again where the
  // person is, not walked to from the top. Seen: the window's first page (what a refresh lists), then a window
  // from the row at the top of the view and the page before it. Before, F5 listed every page loaded, and the
  // button left the view on item-00079…00100, the end of the first page.
  const viewTop = () => viewTopOf(page);
  await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight })); // the screenshots' large window moved it
  await expect(last).toBeVisible();
  const refreshes: [string, () => Promise<void>][] = [
    ['File → Refresh', () => app!.chooseMenu('File', 'Refresh')],
    [
      'the pane’s Refresh',
      () => page.getByRole('toolbar', { name: 'Object actions' }).getByRole('button', { name: 'Refresh' }).click(),
    ],
  ];
  for (const [how, refresh] of refreshes) {
    const shown = await viewTop();
    expect(shown, how).toMatch(/^item-1\d{4}\.txt$/);
    const refreshStart = logSize();
    await refresh();
    const again = () => listingsOf(refreshStart, 'big').map((r) => r.query.get('marker') ?? '');
    await expect.poll(again, how).toContainEqual(expect.stringMatching(/^item-119/));
    await expect.poll(viewTop, how).toBe(shown);
    await expect(last, how).toBeVisible();
    await expect(grid.getByText('item-00099.txt', { exact: true }), how).toHaveCount(0);
    await page.waitForTimeout(500); // anything else the refresh set off has started by now
    expect(again(), how).not.toContain('item-00099.txt');
    expect(again().length, how).toBeLessThanOrEqual(4);
  }
});

test('End and typing a name list from there; a delete and an upload far down change the rows without listing again', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page);
  const tree = page.getByRole('tree', { name: 'Containers' });
  await tree.getByRole('treeitem', { name: 'big', exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Objects' });
  const row = (name: string) => grid.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
  await expect(row(BIG[0]!)).toBeVisible();

  // End: the last names, listed backwards from the end, not the 11,900 before them.
  const endStart = logSize();
  await row(BIG[0]!).click();
  await page.keyboard.press('End');
  await expect(row(BIG.at(-1)!)).toBeFocused();
  const asked = (since: number) =>
    listingsOf(since, 'big').map((r) => `${r.query.get('reverse') ? 'reverse ' : ''}${r.query.get('marker') ?? ''}`);
  await expect.poll(() => asked(endStart)).toContain('reverse ');
  // The page before the last 100 is asked for (prefetch), and nothing further back: the view stayed at the end.
  await expect.poll(() => asked(endStart)).toContain('reverse item-11900.txt');
  expect(asked(endStart)).not.toContain('item-10099.txt');
  expect(asked(endStart)).not.toContain('reverse item-01900.txt');
  // Asked for is not yet shown: on a loaded machine that page of 10,000 can still be on its way when the typing
  // starts, and item-05000 would then be listed rather than found. Its rows are in once the body is that tall.
  const rowsInBody = () =>
    page.getByTestId('object-scroller').evaluate((el) => {
      const body = el.querySelector<HTMLElement>('.grid-body');
      const first = body?.querySelector<HTMLElement>('[role="row"]');
      return body && first ? Math.round(body.offsetHeight / first.offsetHeight) : 0;
    });
  await expect.poll(rowsInBody).toBeGreaterThanOrEqual(10_100);

  // Typing a name's start goes to it: a loaded one at once, one further back listed from a marker just before it.
  const typedStart = logSize();
  await page.keyboard.type('item-0500');
  await expect(row('item-05000.txt')).toBeFocused();
  await page.waitForTimeout(1_100); // a pause: the next keys start a new name
  await page.keyboard.type('item-0050');
  await expect(row('item-00500.txt')).toBeFocused();
  // The window's first page, then a full page each way (both prefetched: the view is near both ends of it).
  await expect
    .poll(() => asked(typedStart).sort())
    .toEqual(['item-005/\u{10ffff}', 'item-00599.txt', 'reverse item-00500.txt']);
  await checkBothThemes(page, app.host, 'browse-jumped');

  // Deleting there: the row goes, Swift no longer has it, and no page was listed again.
  const victim = 'item-00501.txt';
  await row(victim).click();
  const deleteStart = logSize();
  await page.keyboard.press('Delete');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(row(victim)).toHaveCount(0);
  await expect(row('item-00502.txt')).toBeVisible();
  const head = await swiftRequest(REGION, 'HEAD', `${containerPath(who, 'big')}/${victim}`, { who });
  expect(head.status).toBe(404);
  expect(listingsOf(deleteStart, 'big')).toEqual([]);

  // Uploading there: the file dropped on the pane comes back as its row, in its place, after one HEAD
  // and no listing. It is the object just deleted, with the bytes bulkCreate wrote, so the next run
  // finds the container as it was.
  const local = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-browse-'));
  fs.writeFileSync(path.join(local, victim), `${victim}\n`);
  const uploadStart = logSize();
  await dropFiles(page, page.getByRole('region', { name: 'Objects pane' }), [path.join(local, victim)]);
  await expect(row(victim)).toBeVisible();
  await expect(row('item-00502.txt')).toBeVisible();
  const stored = await swiftRequest(REGION, 'GET', `${containerPath(who, 'big')}/${victim}`, { who });
  expect(stored.text).toBe(`${victim}\n`);
  expect(listingsOf(uploadStart, 'big')).toEqual([]);
  fs.rmSync(local, { recursive: true, force: true });

  // Scrolled up out of the page this window started from (item-00500…) into the page listed before it,
  // then File → Refresh: the window is cut back to its start page, and starts again at the row at the
  // top of the view, not at item-00500.
  await page.getByTestId('object-scroller').evaluate((el) => {
    el.scrollTop -= 300 * (el.querySelector('[data-index]')?.getBoundingClientRect().height ?? 1);
  });
  await expect.poll(() => viewTopOf(page)).toMatch(/^item-002\d\d\.txt$/); // once the rows there are drawn
  const above = await viewTopOf(page);
  const refreshStart = logSize();
  await app.chooseMenu('File', 'Refresh');
  await expect.poll(() => asked(refreshStart)).toContainEqual(expect.stringMatching(/^item-002/));
  await expect.poll(() => viewTopOf(page)).toBe(above);
  await page.waitForTimeout(500); // anything else the refresh set off has started by now
  expect(asked(refreshStart).length).toBeLessThanOrEqual(4);
});
