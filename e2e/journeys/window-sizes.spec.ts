import { expect, test } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import { containerPath, ensureContainerHolds, objectPath } from '../fixtures/objects-seed';
import { LIBRARY } from '../fixtures/library-container';
import { swiftRequest } from '../../testing/swift/swift-direct';

// Reads the browse tenant's "library" container (made sure of here: browse.spec.ts may have run in the
// other worker's lane); writes only its own "a-sizes".
const who = 'browse' as const;
const REGION = 'RegionOne' as const;
let app: LaunchedApp | undefined;
test.beforeAll(() => ensureContainerHolds(REGION, who, 'library', LIBRARY));
test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

test('from the smallest window to 2560 px the names stay readable, and the panes resize by drag and by keyboard', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: 'library', exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Objects' });
  const readme = grid.getByText('README.txt', { exact: true });
  await readme.click();

  for (const [width, height] of [
    [800, 600],
    [1024, 640],
    [1920, 1080],
    [2560, 1440],
  ] as const) {
    await page.setViewportSize({ width, height });
    // The whole name shows, and the toolbar's last button is inside the window.
    const shown = await readme.evaluate((el) => ({ whole: el.scrollWidth <= el.clientWidth, px: el.clientWidth }));
    expect(shown.whole && shown.px > 0, `${width} px: ${JSON.stringify(shown)}`).toBe(true);
    const refresh = await page.getByRole('button', { name: 'Refresh' }).boundingBox();
    expect(refresh && refresh.x + refresh.width <= width, `${width} px`).toBe(true);
    if (width === 1024 || width === 1920) await checkBothThemes(page, app.host, `browse-${width}x${height}`);
  }

  // The containers pane's splitter: arrow keys widen it 16 px a step, Home takes it to its narrowest.
  await page.setViewportSize({ width: 1920, height: 1080 });
  const splitter = page.getByRole('separator', { name: 'Resize the containers pane' });
  const pane = page.getByRole('navigation', { name: 'Container browser' });
  const before = Number(await splitter.getAttribute('aria-valuenow'));
  await splitter.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(splitter).toHaveAttribute('aria-valuenow', String(before + 32));
  await expect.poll(async () => Math.round((await pane.boundingBox())?.width ?? 0)).toBe(before + 32);
  await page.keyboard.press('Home');
  await expect(splitter).toHaveAttribute('aria-valuenow', '180');

  // Dragged: the details pane grows as its splitter moves left.
  const details = page.getByRole('separator', { name: 'Resize the details pane' });
  const box = (await details.boundingBox())!;
  const detailsBefore = Number(await details.getAttribute('aria-valuenow'));
  await page.mouse.move(box.x + 2, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x - 98, box.y + 100, { steps: 5 });
  await page.mouse.up();
  await expect(details).toHaveAttribute('aria-valuenow', String(detailsBefore + 100));
});

test('columns resize and are remembered; long names lose their middle, keeping the end that tells them apart', async () => {
  const C = 'a-sizes';
  const LONG = [
    'quarterly-report-for-the-board-of-directors-final-v1.pdf',
    'quarterly-report-for-the-board-of-directors-final-v2.pdf',
  ];
  await swiftRequest(REGION, 'PUT', containerPath(who, C), { who });
  for (const name of LONG) await swiftRequest(REGION, 'PUT', objectPath(who, C, name), { who, body: name });

  app = await launchApp();
  const { page } = app;
  await page.setViewportSize({ width: 1024, height: 640 });
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: C, exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Objects' });

  await checkBothThemes(page, app.host, 'long-names-1024x640');
  // Both names are cut in the middle: each shows its own end, and hovering shows the whole name.
  for (const name of LONG) {
    const shown = grid.getByTitle(name, { exact: true });
    await expect(shown).toHaveText(name); // the text is whole; only its middle is hidden
    await expect(shown.locator('.name-tail')).toHaveText(name.slice(-12));
    await expect(shown.locator('.name-tail')).toBeVisible();
    expect(await shown.locator('.name-head').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  }

  // The Type column narrows from its left edge (Name gets the room), by keyboard and by drag; a new window keeps it.
  // (A pane as narrow as 1024 px leaves shows Name and Size only: Type and Last modified are in the details.)
  await page.setViewportSize({ width: 1920, height: 1080 });
  const typeEdge = grid.getByRole('separator', { name: 'Resize the Type column' });
  const nameCell = grid.getByRole('columnheader', { name: 'Name' });
  const before = (await nameCell.boundingBox())!.width;
  await typeEdge.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(typeEdge).toHaveAttribute('aria-valuenow', '108');
  await expect.poll(async () => Math.round((await nameCell.boundingBox())!.width - before)).toBe(32);
  const box = (await typeEdge.boundingBox())!;
  await page.mouse.move(box.x + 3, box.y + 5);
  await page.mouse.down();
  await page.mouse.move(box.x + 23, box.y + 5, { steps: 4 });
  await page.mouse.up();
  await expect(typeEdge).toHaveAttribute('aria-valuenow', '88');
  // A drag on the edge is not a click on the heading: the order is still by name.
  await expect(grid.getByRole('columnheader', { name: 'Type' })).toHaveAttribute('aria-sort', 'none');
  await checkBothThemes(page, app.host, 'columns-resized-1920x1080');

  // Remembered on this device, like the panes' widths (usePaneWidth reads it back in the next window).
  expect(await page.evaluate(() => window.localStorage.getItem('cirrus.column.type'))).toBe('88');
  // Back to the default, so other journeys' screenshots are not affected.
  await page.evaluate(() => window.localStorage.removeItem('cirrus.column.type'));
});
