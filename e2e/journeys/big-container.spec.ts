/**
 * The browse tenant's "big" container (12,000 objects, three listing pages) as a person meets it: scrolled to
 * its end, refreshed down there, jumped in with End and by typing, changed far down, sorted with more names
 * than loaded, and searched page by page. All of its journeys are in this file: a file's journeys run in one
 * worker, and so in one lane of the harness, whose first run makes big's 12,000 objects
 * (fixtures/big-container.ts); spread over two files, two lanes each made their own.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath } from '../fixtures/objects-seed';
import { dropFiles } from '../fixtures/drop-files';
import { cirrusRequests, logSize, settledLogSize } from '../fixtures/proxy-log';
import { checkBothThemes } from '../fixtures/both-themes';
import { BIG, ensureBigContainer } from '../fixtures/big-container';
import { listingsOf as listingsOfContainer, viewTopOf } from '../fixtures/list-view';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { signInWithForm } from '../fixtures/sign-in';

const who = 'browse' as const;
const REGION = 'RegionOne' as const;

let app: LaunchedApp | undefined;

test.beforeAll(async () => {
  // The first run in a lane of a fresh harness lists the 12,000 objects (~11 s alone, longer on busy cores).
  test.setTimeout(300_000);
  await ensureBigContainer(REGION, who);
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function signIn(page: Page): Promise<void> {
  await signInWithForm(page, who);
}

const listingsOf = (since: number, container: string) => listingsOfContainer(REGION, who, since, container);
const shownNames = async (grid: Locator) => grid.locator('.row-name').allTextContents();

test('a big container scrolls to its end in three pages, and a refresh down there keeps the place', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page);
  const tree = page.getByRole('tree', { name: 'Containers' });
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
  // and no listing. It is the object just deleted, with the bytes ensureBigContainer stored, so the next run
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

test('sorting a container with more names than loaded says so, and can load the rest first', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page);
  const tree = page.getByRole('tree', { name: 'Containers' });
  const grid = page.getByRole('grid', { name: 'Objects' });
  const heading = (name: string) => grid.getByRole('columnheader', { name });

  // The sort says it covers what is loaded, then loads the rest.
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
  // The rest came in one more page, from where the loaded ones ended (in the proxy's log once it has settled).
  await settledLogSize(REGION);
  const pages = cirrusRequests(REGION, loadStart)
    .filter((r) => r.method === 'GET' && r.path === containerPath(who, 'big'))
    .map((r) => r.query.get('marker'));
  expect(pages).toEqual(['item-10099.txt']);
});

test('the search box finds names containing a text anywhere in the container, reading it page by page', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page);
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
  await settledLogSize(REGION);
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
