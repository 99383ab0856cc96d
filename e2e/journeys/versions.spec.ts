/**
 * Object versioning, point and click. Versioning turned on
 * for a container, an object's versions listed, one downloaded beside the
 * current file, one restored, one deleted for good, the legacy modes set and
 * cleared; every step is checked in Swift directly (HEADs and `?versions`
 * listings that never go through the app).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { checkBothThemes } from '../fixtures/both-themes';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { signInWithForm } from '../fixtures/sign-in';
import { swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own `versions-` container.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const CONTAINER = `versions-${Date.now().toString(36)}`;
const OBJECT = 'notes.txt';

let work: string;
let app: LaunchedApp | undefined;

interface SwiftVersion {
  name: string;
  version_id: string;
  is_latest: boolean;
  content_type: string;
}

/** The object's versions as Swift lists them, newest first. */
async function versionsInSwift(name = OBJECT): Promise<SwiftVersion[]> {
  const res = await swiftRequest(
    REGION,
    'GET',
    `${containerPath(who, CONTAINER)}?versions&format=json&prefix=${name}`,
    {
      who,
    },
  );
  return (JSON.parse(res.text || '[]') as SwiftVersion[]).filter((v) => v.name === name);
}

const read = async (name = OBJECT) =>
  (await swiftRequest(REGION, 'GET', objectPath(who, CONTAINER, name), { who })).text;
const write = async (body: string) =>
  expect((await swiftRequest(REGION, 'PUT', objectPath(who, CONTAINER, OBJECT), { who, body })).status).toBe(201);

test.beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-versions-journey-'));
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, CONTAINER), { who })).status).toBe(201);
  await write('first draft');
  await waitUntilListed(REGION, who, CONTAINER);
});

test.afterAll(async () => {
  // Every version goes first: Swift keeps a versioned container until they are gone.
  const res = await swiftRequest(REGION, 'GET', `${containerPath(who, CONTAINER)}?versions&format=json`, { who });
  for (const v of JSON.parse(res.text || '[]') as SwiftVersion[]) {
    await swiftRequest(REGION, 'DELETE', `${objectPath(who, CONTAINER, v.name)}?version-id=${v.version_id}`, { who });
  }
  await removeOwnContainer(REGION, who, CONTAINER);
  fs.rmSync(work, { recursive: true, force: true });
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

const detailsOf = (page: Page): Locator => page.getByRole('complementary', { name: 'Details' });

async function openContainer(page: Page): Promise<void> {
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: CONTAINER, exact: true }).click();
}

test('versioning: turned on, versions listed, one downloaded, one restored, one deleted for good', async () => {
  app = await launchApp();
  const { page } = app;
  await openContainer(page);
  const versioning = detailsOf(page).getByRole('region', { name: 'Versioning' });
  await expect(versioning.getByRole('status')).toHaveText(/^Off: an overwrite or a delete cannot be undone/);

  await versioning.getByRole('switch', { name: 'Keep versions' }).click();
  await expect(versioning.getByRole('status')).toHaveText(/^On: every overwrite and delete keeps/);
  await expect(versioning.getByRole('switch', { name: 'Keep versions' })).toHaveAttribute('aria-checked', 'true');
  const head = await swiftRequest(REGION, 'HEAD', containerPath(who, CONTAINER), { who });
  expect(head.headers.get('x-versions-enabled')).toBe('True');

  // Two overwrites (by another tool): three versions, newest first, the newest current.
  await write('second draft');
  await write('third draft!');
  const inSwift = await versionsInSwift();
  expect(inSwift.map((v) => v.is_latest)).toEqual([true, false, false]);

  await page.getByRole('grid', { name: 'Objects' }).getByRole('row').filter({ hasText: OBJECT }).click();
  const list = detailsOf(page).getByRole('list', { name: `Versions of ${OBJECT}` });
  const items = list.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('12 B · current');
  await expect(items.nth(2)).toContainText('11 B');
  await checkBothThemes(page, app.host, 'object-versions');

  // Download the middle version: saved beside where the current one would go, under a name that says which.
  await app.answerNextDialog([work]);
  await items.nth(1).getByRole('button', { name: 'Download…' }).click();
  await expect.poll(() => fs.readdirSync(work).filter((f) => f.startsWith('notes (version '))).toHaveLength(1);
  const [saved] = fs.readdirSync(work).filter((f) => f.startsWith('notes (version '));
  expect(saved).toMatch(/^notes \(version \d{4}-\d\d-\d\d \d\d\.\d\d\.\d\d\)\.txt$/);
  await expect.poll(() => fs.readFileSync(path.join(work, saved!), 'utf8')).toBe('second draft');

  // Restore the oldest: Swift serves it again, and every version stays.
  await items.nth(2).getByRole('button', { name: 'Restore' }).click();
  await expect.poll(() => read()).toBe('first draft');
  await expect(items.nth(2)).toContainText('11 B · current');
  expect((await versionsInSwift()).map((v) => v.version_id)).toEqual(inSwift.map((v) => v.version_id));
  await expect(detailsOf(page).getByText('11 B', { exact: true }).first()).toBeVisible(); // the Size fact follows

  // Delete the newest for good, after saying it cannot be undone.
  await items.nth(0).getByRole('button', { name: 'Delete…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this version for good?' });
  await expect(confirm).toContainText('cannot be brought back');
  await checkBothThemes(page, app.host, 'delete-version');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(items).toHaveCount(2);
  expect((await versionsInSwift()).map((v) => v.version_id)).toEqual(inSwift.slice(1).map((v) => v.version_id));
  expect(await read()).toBe('first draft');
});

test('versioning: suspended keeps the versions; a legacy location is set, locks the switch, and is cleared', async () => {
  app = await launchApp();
  const { page } = app;
  await openContainer(page);
  const versioning = detailsOf(page).getByRole('region', { name: 'Versioning' });
  await expect(versioning.getByRole('switch', { name: 'Keep versions' })).toHaveAttribute('aria-checked', 'true');

  await versioning.getByRole('switch', { name: 'Keep versions' }).click();
  await expect(versioning.getByRole('status')).toHaveText(/^Suspended: new changes are not kept/);
  const head = await swiftRequest(REGION, 'HEAD', containerPath(who, CONTAINER), { who });
  expect(head.headers.get('x-versions-enabled')).toBe('False');
  expect((await versionsInSwift()).length).toBe(2);

  // A legacy location: the switch for the current mode is then off limits (Swift allows one mode at a time).
  await versioning.getByText('Legacy modes').click();
  await versioning.getByLabel('Mode').selectOption('history');
  await versioning.getByLabel('Container for old versions').fill(`${CONTAINER}-history`);
  await versioning.getByRole('button', { name: 'Save legacy mode' }).click();
  await expect(versioning.getByRole('status')).toHaveText(
    `Legacy history location: old versions go to “${CONTAINER}-history”.`,
  );
  const legacyHead = await swiftRequest(REGION, 'HEAD', containerPath(who, CONTAINER), { who });
  expect(legacyHead.headers.get('x-history-location')).toBe(`${CONTAINER}-history`);
  await expect(versioning.getByRole('switch', { name: 'Keep versions' })).toBeDisabled();
  await checkBothThemes(page, app.host, 'legacy-versioning');

  // Cleared: back to the suspended current mode, the versions kept so far still there.
  await versioning.getByLabel('Mode').selectOption('none');
  await versioning.getByRole('button', { name: 'Save legacy mode' }).click();
  await expect(versioning.getByRole('status')).toHaveText(/^Suspended/);
  const cleared = await swiftRequest(REGION, 'HEAD', containerPath(who, CONTAINER), { who });
  expect(cleared.headers.get('x-history-location')).toBeNull();
  expect((await versionsInSwift()).length).toBe(2);
});
