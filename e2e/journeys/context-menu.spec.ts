import { expect, test } from '@playwright/test';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { tinyPdf } from '../../testing/fixtures/tiny-pdf';

// The browse tenant's "a-menu" container is this spec's (first in the tree); it is written afresh each run.
const who = 'browse' as const;
const REGION = 'RegionOne' as const;
const C = 'a-menu';
const PIXEL = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c63f8cfc0f01f0005000201a5e2d1e80000000049454e44ae426082',
  'hex',
);
const OBJECTS: [string, string | Buffer, string][] = [
  ['hello.txt', 'hello from the preview', 'text/plain; charset=utf-8'],
  ['pixel.png', PIXEL, 'image/png'],
  ['data.bin', 'raw bytes', 'application/octet-stream'],
  ['guide.pdf', tinyPdf(['Hello from a PDF', 'The second page']), 'application/pdf'],
  ['folder/inner.txt', 'inside', 'text/plain'],
];

let app: LaunchedApp | undefined;
test.beforeAll(async () => {
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, C), { who })).status).toBeLessThan(300);
  // What the rename journey made last time goes; the seed comes back.
  for (const name of ['texts/greeting.txt', 'moved/inner.txt', 'empty-one/', 'hello link.txt'])
    await swiftRequest(REGION, 'DELETE', objectPath(who, C, name), { who });
  for (const [name, body, type] of OBJECTS) {
    const res = await swiftRequest(REGION, 'PUT', objectPath(who, C, name), {
      who,
      body,
      headers: { 'content-type': type },
    });
    expect(res.status, name).toBe(201);
  }
});
test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

test('right-click, the menu key and double-click: preview text and images, open a folder, delete', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: C, exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Objects' });
  const row = (name: string) => grid.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
  const menu = page.getByRole('menu');

  // Right-click: the menu offers what applies to an object; Escape closes it and the row keeps the focus.
  await row('hello.txt').click({ button: 'right' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Preview',
    'Edit in an editor',
    'Download…',
    'Copy to…',
    'Rename or move…',
    'Copy path',
    'Temporary link…',
    'Make a link here…',
    'Delete…',
    'Properties',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Preview' })).toBeFocused();
  await checkBothThemes(page, app.host, 'context-menu');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(row('hello.txt')).toBeFocused();

  // Shift+F10 on the focused row, Enter on Preview: the text, read by the main process.
  await page.keyboard.press('Shift+F10');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Preview of hello.txt' });
  await expect(dialog.getByLabel('Contents')).toHaveText('hello from the preview');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(row('hello.txt')).toBeFocused(); // the focus goes back where the dialog came from

  // Double-click an image: shown from a data: URL, decoded by the page (1×1).
  await row('pixel.png').dblclick();
  const image = page.getByRole('dialog', { name: 'Preview of pixel.png' }).getByRole('img');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await checkBothThemes(page, app.host, 'preview-image');
  await page.keyboard.press('Escape');

  // A PDF, drawn by pdf.js inside the page (no plugin, no network, the CSP unchanged): both pages on canvases
  // with ink on them, and their text beside them for screen readers.
  await row('guide.pdf').dblclick();
  const pdf = page.getByRole('dialog', { name: 'Preview of guide.pdf' });
  await expect(pdf.getByRole('status')).toHaveText('2 pages.');
  await expect(pdf.getByLabel('Text of the pages')).toContainText('Page 1: Hello from a PDF');
  await expect(pdf.getByLabel('Text of the pages')).toContainText('Page 2: The second page');
  const inked = await pdf.locator('canvas').evaluateAll((canvases: HTMLCanvasElement[]) =>
    canvases.map((canvas) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 128 && data[i + 3]! > 0) dark++;
      return dark;
    }),
  );
  expect(inked).toHaveLength(2);
  for (const dark of inked) expect(dark).toBeGreaterThan(100);
  await checkBothThemes(page, app.host, 'preview-pdf');
  await page.keyboard.press('Escape');

  // Make a link here: a symlink beside the object, under a name that says so; Swift follows it.
  await row('hello.txt').click({ button: 'right' });
  await menu.getByRole('menuitem', { name: 'Make a link here…' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Make a link' });
  await expect(linkDialog.getByLabel('Link name')).toHaveValue('hello link.txt');
  await linkDialog.getByRole('button', { name: 'Make link' }).click();
  await expect(linkDialog).toHaveCount(0);
  await row('hello link.txt').click();
  const linkFacts = page.getByRole('complementary', { name: 'Details' });
  await expect(linkFacts).toContainText(`Links to${C}/hello.txt`);
  const itself = await swiftRequest(REGION, 'HEAD', `${objectPath(who, C, 'hello link.txt')}?symlink=get`, { who });
  expect(itself.headers.get('x-symlink-target')).toBe(`${C}/hello.txt`);
  expect((await swiftRequest(REGION, 'GET', objectPath(who, C, 'hello link.txt'), { who })).text).toBe(
    'hello from the preview',
  );

  // What it cannot show, it says.
  await row('data.bin').click({ button: 'right' });
  await menu.getByRole('menuitem', { name: 'Preview' }).click();
  await expect(page.getByRole('dialog')).toContainText('this object is application/octet-stream');
  await page.keyboard.press('Escape');

  // Delete from the menu what the details pane shows: confirmed, gone from the grid and from Swift,
  // and the details pane falls back to the container.
  const details = page.getByRole('complementary', { name: 'Details' });
  await row('data.bin').click();
  await expect(details.getByRole('heading', { name: 'data.bin' })).toBeVisible();
  await row('data.bin').click({ button: 'right' });
  await menu.getByRole('menuitem', { name: 'Delete…' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(row('data.bin')).toHaveCount(0);
  expect((await swiftRequest(REGION, 'HEAD', objectPath(who, C, 'data.bin'), { who })).status).toBe(404);
  await expect(details.getByRole('heading', { name: C, exact: true })).toBeVisible();

  // A folder's menu opens it.
  await row('folder').click({ button: 'right' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Open',
    'Download folder…',
    'Rename folder…',
    'Copy path',
    'Temporary link…',
    'Compare with a local folder…',
    'Delete folder…',
    'Properties',
  ]);
  await menu.getByRole('menuitem', { name: 'Open' }).click();
  await expect(row('inner.txt')).toBeVisible();
});

test('F2 renames or moves an object, a folder is renamed with everything in it, and a new folder can be made', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: C, exact: true }).click();
  const grid = page.getByRole('grid', { name: 'Objects' });
  const row = (name: string) => grid.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
  const status = async (name: string) => (await swiftRequest(REGION, 'HEAD', objectPath(who, C, name), { who })).status;

  // F2 on an object: a new name with a "/" moves it into a folder.
  await row('hello.txt').click();
  await page.keyboard.press('F2');
  const rename = page.getByRole('dialog', { name: 'Rename or move “hello.txt”' });
  await rename.getByLabel('New name').fill('texts/greeting.txt');
  await checkBothThemes(page, app.host, 'rename');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(row('hello.txt')).toHaveCount(0);
  await expect(row('texts')).toBeVisible();
  expect(await status('hello.txt')).toBe(404);
  expect((await swiftRequest(REGION, 'GET', objectPath(who, C, 'texts/greeting.txt'), { who })).text).toBe(
    'hello from the preview',
  );

  // A folder, from its menu: every object under it moves.
  await row('folder').click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: 'Rename folder…' }).click();
  const folder = page.getByRole('dialog', { name: 'Rename folder “folder/”' });
  await folder.getByLabel('New folder name').fill('moved/');
  await folder.getByRole('button', { name: 'Rename folder' }).click();
  await expect(row('moved')).toBeVisible();
  await expect(row('folder')).toHaveCount(0);
  expect([await status('folder/inner.txt'), await status('moved/inner.txt')]).toEqual([404, 200]);

  // New folder: shown at once, and Swift holds its marker object.
  await page.getByRole('toolbar', { name: 'Object actions' }).getByRole('button', { name: 'New folder…' }).click();
  const made = page.getByRole('dialog', { name: 'New folder' });
  await made.getByLabel('Folder name').fill('empty-one');
  await made.getByRole('button', { name: 'Create' }).click();
  await expect(row('empty-one')).toBeVisible();
  expect(await status('empty-one/')).toBe(200);
});
