/**
 * A confirmation that is only reading never holds the person: the Delete confirmation HEADs the chosen
 * objects (are they large objects, with segments to delete too?) before it can delete, and while that read
 * waits on a region that does not answer (its proxy stopped here), Escape and Cancel still close it at once,
 * and nothing is deleted. Details still reading show a "Loading" mark, named for those who cannot see it and
 * clean by axe in both themes (an unnamed-role mark was a serious finding whenever a check met one).
 */
import { expect, test } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { signInWithForm } from '../fixtures/sign-in';
import { checkBothThemes } from '../fixtures/both-themes';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { slowDown } from '../../testing/swift/slow-down';

const who = 'files' as const;
const REGION = 'RegionOne' as const;
const C = 'reading-dialogs';

let app: LaunchedApp | undefined;
test.beforeAll(async () => {
  await swiftRequest(REGION, 'PUT', containerPath(who, C), { who });
  await swiftRequest(REGION, 'PUT', objectPath(who, C, 'stays.txt'), { who, body: 'still here' });
  await waitUntilListed(REGION, who, C);
});
test.afterAll(() => removeOwnContainer(REGION, who, C));
test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

test('Escape and Cancel close a Delete confirmation that is still reading, and nothing is deleted', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: C, exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Objects' });
  const actions = page.getByRole('toolbar', { name: 'Object actions' });
  await grid.getByText('stays.txt', { exact: true }).click();

  const proxy = slowDown('r1-proxy');
  proxy.freeze();
  try {
    for (const close of ['Escape', 'Cancel'] as const) {
      await actions.getByRole('button', { name: 'Delete…' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete 1 object?' });
      // Still reading: the action waits, the way out does not.
      await expect(confirm.getByRole('button', { name: 'Delete' })).toBeDisabled();
      const cancel = confirm.getByRole('button', { name: 'Cancel' });
      await expect(cancel).toBeEnabled();
      if (close === 'Escape') await page.keyboard.press('Escape');
      else await cancel.click();
      await expect(confirm, close).toBeHidden({ timeout: 2_000 });
    }
  } finally {
    proxy.release();
  }
  // The region answers again: the object is there, in the grid and in Swift.
  await expect(grid.getByText('stays.txt', { exact: true })).toBeVisible();
  expect((await swiftRequest(REGION, 'HEAD', objectPath(who, C, 'stays.txt'), { who })).status).toBe(200);
});

test("a container's details still reading show Loading to every reader", async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  const item = page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: C, exact: true });
  await expect(item).toBeVisible();
  const proxy = slowDown('r1-proxy');
  proxy.freeze();
  try {
    await item.click();
    await expect(page.getByRole('img', { name: 'Loading' }).first()).toBeVisible();
    await checkBothThemes(page, app.host, 'details-loading');
  } finally {
    proxy.release();
  }
  await expect(page.getByRole('img', { name: 'Loading' })).toHaveCount(0);
});
