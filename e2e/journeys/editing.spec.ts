/**
 * Editing in place, point and click: "Edit in an editor" on an object, the person's editor saving
 * twice (the test plays it, writing the file at the path the app handed to the system's default
 * application, as the recording stand-in in this process saw it: the page never knows the path),
 * "saved" in the transfers panel, then a change made in Swift behind the app's back, the question it
 * raises, and "Keep both". Every outcome is read from Swift directly.
 */
import { expect, test, type Page } from '@playwright/test';
import fs from 'node:fs';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { signInWithForm } from '../fixtures/sign-in';
import { swiftRequest } from '../../testing/swift/swift-direct';
import { checkBothThemes } from '../fixtures/both-themes';

// The `files` tenant is shared with other journeys: this one keeps to its own `editing-` container.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const CONTAINER = `editing-${Date.now().toString(36)}`;

let app: LaunchedApp | undefined;

const read = async (name: string) => {
  const res = await swiftRequest(REGION, 'GET', objectPath(who, CONTAINER, name), { who });
  return res.status === 200 ? res.text : `(HTTP ${res.status})`;
};
const write = async (name: string, body: string) =>
  expect((await swiftRequest(REGION, 'PUT', objectPath(who, CONTAINER, name), { who, body })).status).toBe(201);

test.beforeAll(async () => {
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, CONTAINER), { who })).status).toBe(201);
  await write('notes.txt', 'first draft');
  await write('todo.txt', 'milk');
  await waitUntilListed(REGION, who, CONTAINER);
});

test.afterAll(async () => {
  await removeOwnContainer(REGION, who, CONTAINER);
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function openContainer(page: Page): Promise<void> {
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: CONTAINER, exact: true }).click();
}

/** The copy the app opened last, once it has opened `count` of them. */
async function openedCopy(launched: LaunchedApp, count: number): Promise<string> {
  await expect.poll(async () => (await launched.openedFiles()).length).toBe(count);
  return (await launched.openedFiles()).at(-1) ?? '';
}

test('edit in an editor: two saves reach Swift, a change in Swift is asked about, keep both', async () => {
  app = await launchApp();
  const { page } = app;
  await openContainer(page);
  const grid = page.getByRole('grid', { name: 'Objects' });
  const row = (name: string) => grid.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });

  await row('notes.txt').click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: 'Edit in an editor' }).click();
  const copy = await openedCopy(app, 1);
  expect(fs.readFileSync(copy, 'utf8')).toBe('first draft');
  const edits = page.getByRole('list', { name: 'Objects being edited' });
  const editing = edits.getByRole('listitem', { name: 'Editing notes.txt' });
  await expect(editing).toContainText('Editing notes.txt — open, nothing saved yet');

  // The editor saves: the bytes reach Swift, and the panel says so.
  fs.writeFileSync(copy, 'second draft');
  await expect(editing).toContainText('Editing notes.txt — saved just now');
  expect(await read('notes.txt')).toBe('second draft');
  // And saves again.
  fs.writeFileSync(copy, 'third draft, saved twice');
  await expect.poll(() => read('notes.txt')).toBe('third draft, saved twice');
  await expect(editing).toContainText('saved just now');

  // Someone changes the object behind the app's back; the next save is not sent but asked about.
  await write('notes.txt', 'their change');
  fs.writeFileSync(copy, 'my change');
  const question = page.getByRole('alertdialog', { name: 'notes.txt changed in Swift' });
  await expect(question).toBeVisible();
  await expect(question).toContainText('was changed in Swift');
  await checkBothThemes(page, app.host, 'editing-conflict');
  expect(await read('notes.txt')).toBe('their change');
  await question.getByRole('button', { name: 'Keep both' }).click();
  await expect(question).toHaveCount(0);
  await expect.poll(() => read('notes (2).txt')).toBe('my change');
  expect(await read('notes.txt')).toBe('their change');
  await expect(editing).toContainText('saved just now');
  await expect(editing).toContainText('· saves go to notes (2).txt');
  await expect(row('notes (2).txt')).toBeVisible(); // the listing shows the new object without a refresh

  // Stopping with everything saved asks nothing, and the copy goes.
  await editing.getByRole('button', { name: 'Stop editing' }).click();
  await expect(edits).toHaveCount(0);
  await expect.poll(() => fs.existsSync(copy)).toBe(false);
});

test('Ctrl+E edits the object picked; a save over a deleted object is asked about, and signing out asks first', async () => {
  app = await launchApp();
  const { page } = app;
  await openContainer(page);
  const grid = page.getByRole('grid', { name: 'Objects' });
  await grid
    .getByRole('row')
    .filter({ has: page.getByText('todo.txt', { exact: true }) })
    .click();
  await page.keyboard.press('Control+e');
  const copy = await openedCopy(app, 1);
  expect(fs.readFileSync(copy, 'utf8')).toBe('milk');
  const editing = page.getByRole('listitem', { name: 'Editing todo.txt' });
  await expect(editing).toContainText('open, nothing saved yet');

  // The object is deleted meanwhile: the save is not sent, the person is asked, and may decide later.
  expect((await swiftRequest(REGION, 'DELETE', objectPath(who, CONTAINER, 'todo.txt'), { who })).status).toBe(204);
  fs.writeFileSync(copy, 'milk, eggs');
  const question = page.getByRole('alertdialog', { name: 'todo.txt changed in Swift' });
  await expect(question).toContainText('was deleted from Swift after you opened it');
  await question.getByRole('button', { name: 'Later' }).click();
  await expect(editing).toContainText('not saved:');
  expect(await read('todo.txt')).toBe('(HTTP 404)');

  // Signing out would lose the change: the app asks, and the person stays.
  await page.getByRole('button', { name: 'Sign out' }).click();
  const signOut = page.getByRole('alertdialog', { name: 'Sign out now?' });
  await expect(signOut).toContainText('changes to 1 object you are editing that have not reached Swift are lost');
  await signOut.getByRole('button', { name: 'Cancel' }).click();

  // Replace: the object is written again from the copy.
  await editing.getByRole('button', { name: 'Choose…' }).click();
  await question.getByRole('button', { name: 'Replace theirs' }).click();
  await expect.poll(() => read('todo.txt')).toBe('milk, eggs');
  await expect(editing).toContainText('saved just now');
});
