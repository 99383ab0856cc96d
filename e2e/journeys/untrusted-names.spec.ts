import { expect, test, type Page } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { ensureContainerHolds } from '../fixtures/objects-seed';
import { checkBothThemes } from '../fixtures/both-themes';
import { HARNESS } from '../../testing/swift/config';
import { listAll } from '../../testing/swift/swift-direct';
import { signInWithForm } from '../fixtures/sign-in';

// The browse tenant in RegionTwo; this journey keeps to its own two containers.
const who = 'browse' as const;
const user = HARNESS.users[who];
const REGION = 'RegionTwo' as const;
const XSS = '<img src=x onerror=alert(1)>';
/** A right-to-left override: shown naively, "\u202Egnp.exe" reads as "exe.png". */
const RTL = '\u202Egnp.exe';
const CONTAINER = 'untrusted-names';

let app: LaunchedApp | undefined;

test.beforeAll(async () => {
  await ensureContainerHolds(REGION, who, CONTAINER, { [XSS]: 'markup', [RTL]: 'override', 'plain.txt': 'plain' });
  await ensureContainerHolds(REGION, who, XSS, {});
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function signIn(page: Page): Promise<void> {
  await signInWithForm(page, who);
}

test('names that look like markup or reorder text show literally and harmlessly', async () => {
  app = await launchApp();
  const { page } = app;
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await signIn(page);
  await page.getByLabel('Region').selectOption(REGION);

  // Swift really holds these names.
  expect(await listAll(REGION, `/v1/${user.account}/${CONTAINER}`, who)).toEqual([XSS, 'plain.txt', RTL].sort());

  const tree = page.getByRole('tree', { name: 'Containers' });
  await expect(tree.getByText(XSS, { exact: true })).toBeVisible();
  await tree.getByRole('treeitem', { name: CONTAINER, exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Objects' });
  await expect(grid.getByText(XSS, { exact: true })).toBeVisible();
  await expect(grid.getByText(RTL, { exact: true })).toBeVisible();

  // The override is marked, and cannot reverse what follows it: "g" stays left of the final "e"
  // (where the same text shown naively has them the other way round).
  const rtlName = grid.getByText(RTL, { exact: true });
  await expect(rtlName.locator('[data-code="U+202E"]')).toBeVisible();
  const order = await rtlName.evaluate((el, raw) => {
    const lettersOf = (root: Node) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && !node.textContent?.endsWith('gnp.exe')) node = walker.nextNode();
      if (!node?.textContent) return null;
      const start = node.textContent.length - 'gnp.exe'.length;
      const at = (i: number) => {
        const range = document.createRange();
        range.setStart(node, start + i);
        range.setEnd(node, start + i + 1);
        return range.getBoundingClientRect().left;
      };
      return { first: at(0), last: at(6) };
    };
    const naive = document.createElement('span');
    naive.textContent = raw;
    document.body.append(naive);
    const control = lettersOf(naive);
    naive.remove();
    return { shown: lettersOf(el), naive: control };
  }, RTL);
  expect(order.naive!.first).toBeGreaterThan(order.naive!.last);
  expect(order.shown!.first).toBeLessThan(order.shown!.last);
  await expect(grid.getByRole('checkbox', { name: 'Select ⟨U+202E⟩gnp.exe', exact: true })).toBeVisible();

  // Details and a confirmation show the markup name as text too.
  await grid.getByText(XSS, { exact: true }).click();
  await grid.getByRole('checkbox', { name: `Select ${XSS}`, exact: true }).check();
  await page.getByRole('toolbar', { name: 'Object actions' }).getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 1 object?' });
  await expect(confirm.getByText(XSS, { exact: true })).toBeVisible();
  await checkBothThemes(page, app.host, 'untrusted-names');
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // Nothing the names carried ever ran or became an element.
  await expect(page.locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => document.querySelectorAll('[onerror]').length)).toBe(0);
  expect(dialogs).toEqual([]);
});
