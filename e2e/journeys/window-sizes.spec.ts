import { expect, test } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { screenshotBothThemes } from '../fixtures/screenshots';
import { signInWithForm } from '../fixtures/sign-in';

// Reads the browse tenant's "library" container (browse.spec.ts makes it); changes nothing in Swift.
let app: LaunchedApp | undefined;
test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

test('from the smallest window to 2560 px the names stay readable, and the panes resize by drag and by keyboard', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, 'browse');
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
    if (width === 1024 || width === 1920) await screenshotBothThemes(page, app.host, `browse-${width}x${height}`);
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
