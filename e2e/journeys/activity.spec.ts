/**
 * The activity log. A container deleted behind the app's back makes the app's next listing of it
 * fail; Ctrl+Shift+A opens the Activity pane, which shows that request's 404 and Swift's request id
 * (the very transaction id Swift's proxy logged for it); the filters narrow the list to it; a row
 * is copied; the log is saved where the person chose, and neither the saved file nor anything that
 * crossed IPC holds the token or the password.
 */
import { expect, test, type Locator } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { putObject } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { cirrusLog, settledLogSize } from '../fixtures/proxy-log';
import { signInWithForm } from '../fixtures/sign-in';
import { HARNESS } from '../../testing/swift/config';
import { swiftRequest, swiftToken } from '../../testing/swift/swift-direct';
import { containerPath } from '../fixtures/objects-seed';
import { checkBothThemes } from '../fixtures/both-themes';

// The `files` tenant is shared with other journeys: this one keeps to its own `activity-` container.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const CONTAINER = `activity-${Date.now().toString(36)}`;

let work: string;
let app: LaunchedApp | undefined;

test.beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-activity-journey-'));
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, CONTAINER), { who })).status).toBe(201);
  await putObject(REGION, who, CONTAINER, 'note.txt', 'hello');
  await waitUntilListed(REGION, who, CONTAINER);
});

test.afterAll(async () => {
  await removeOwnContainer(REGION, who, CONTAINER);
  fs.rmSync(work, { recursive: true, force: true });
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

const cell = (row: Locator, column: number): Locator => row.getByRole('gridcell').nth(column);

test('activity: a failed request’s status and request id, filtered, copied and saved without a secret', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  const tree = page.getByRole('tree', { name: 'Containers' });
  await tree.getByRole('treeitem', { name: CONTAINER, exact: true }).click();
  await expect(page.getByRole('grid', { name: /objects/i }).getByText('note.txt')).toBeVisible();

  // Deleted behind the app's back; File → Refresh lists it again, and Swift answers 404.
  await removeOwnContainer(REGION, who, CONTAINER);
  const since = await settledLogSize(REGION);
  await app.chooseMenu('File', 'Refresh');

  await page.keyboard.press('Control+Shift+A');
  const pane = page.getByRole('region', { name: 'Activity' });
  await expect(pane).toBeVisible();
  const requests = pane.getByRole('grid', { name: 'Requests' });
  await pane.getByLabel('Status').selectOption('4xx');
  await pane.getByLabel('Filter the requests').fill(CONTAINER);
  const failed = requests.getByRole('row').filter({ hasText: '404' }).first();
  await expect(failed).toBeVisible();
  await expect(cell(failed, 1)).toHaveText(REGION);
  await checkBothThemes(page, app.host, 'activity-failed-request');
  await expect(cell(failed, 3)).toContainText(CONTAINER);
  const requestId = (await cell(failed, 8).textContent()) ?? '';
  expect(requestId).toMatch(/^tx[0-9a-f]+-[0-9a-f]+$/);
  // Only 4xx rows of this container are left.
  for (const status of await requests
    .getByRole('row')
    .filter({ hasText: CONTAINER })
    .locator('.activity-status')
    .allTextContents()) {
    expect(status).toMatch(/^4\d\d$/);
  }

  // Swift's proxy logged that very request: same transaction id, same status.
  await expect
    .poll(() => cirrusLog(REGION, since).find((line) => line.transactionId === requestId)?.status, { timeout: 10_000 })
    .toBe(404);
  const logged = cirrusLog(REGION, since).find((line) => line.transactionId === requestId)!;
  expect(logged.path).toContain(`/${CONTAINER}`);

  // Copy the row: one line of text with the status and the request id.
  if (app.host === 'chromium') await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await failed.click();
  await pane.getByRole('button', { name: 'Copy row' }).click();
  await expect(pane.getByText('Copied the request.')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\t')).toEqual(expect.arrayContaining([REGION, '404', requestId]));

  // Save what is shown, where the person chooses.
  const file = path.join(work, 'activity.txt');
  await app.answerNextDialog([file]);
  await pane.getByRole('button', { name: 'Save…' }).click();
  await expect(pane.getByText(/^Saved \d+ requests?\.$/)).toBeVisible();
  const saved = fs.readFileSync(file, 'utf8');
  expect(saved).toContain(requestId);
  expect(saved.split('\n')[0]).toBe('time\tregion\tmethod\ttarget\tstatus\tsent\treceived\tms\trequest id\thost');
  // And everything, sign-in included: still no secret.
  await pane.getByLabel('Status').selectOption('');
  await pane.getByLabel('Filter the requests').fill('');
  const everything = path.join(work, 'everything.txt');
  await app.answerNextDialog([everything]);
  await pane.getByRole('button', { name: 'Save…' }).click();
  await expect.poll(() => fs.existsSync(everything)).toBe(true);
  const all = fs.readFileSync(everything, 'utf8');
  expect(all).toContain('/v2.0/tokens');

  // tempauth hands the same live token to the same user: the token the app's session holds.
  const { token } = await swiftToken(REGION, who);
  const password = HARNESS.users[who].password;
  const crossed = JSON.stringify(app.ipcLog ?? []);
  for (const text of [saved, all, crossed]) {
    expect(text).not.toContain(token);
    expect(text).not.toContain(password);
  }

  // Escape closes the pane; View → Activity in the app's menu opens it again, the log as it was.
  await pane.getByLabel('Filter the requests').press('Escape');
  await expect(pane).toBeHidden();
  await app.chooseMenu('View', 'Activity');
  await expect(pane.getByText(requestId)).toBeVisible();
});
