/**
 * A folder on this computer kept in step with a container. Seeded through
 * Swift directly and on disk, compared from the tree's menu (the groups with
 * their counts, the differences with why), the upload plan reviewed and one
 * action unticked, synchronized; then a mirror with "also delete" sends the
 * rest and deletes what only Swift had; compare again finds nothing to do, and
 * Swift, read directly, holds exactly the folder. Then an object added in
 * Swift comes down by the download direction, and both ways leaves a file
 * changed on both sides as a conflict while the rest goes on.
 */
import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { checkBothThemes } from '../fixtures/both-themes';
import { compareContainerWithFolder } from '../fixtures/folder-compare';
import { signInWithForm } from '../fixtures/sign-in';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own container.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const CONTAINER = `sync-${Date.now().toString(36)}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

let app: LaunchedApp | undefined;
let folder: string;

async function put(name: string, body: string, headers: Record<string, string> = {}) {
  const res = await swiftRequest(REGION, 'PUT', objectPath(who, CONTAINER, name), { who, body, headers });
  expect(res.status).toBe(201);
}
const write = (name: string, body: string) => fs.writeFileSync(path.join(folder, name), body);

test.beforeAll(async () => {
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, CONTAINER), { who })).status).toBe(201);
  await put('same.txt', 'the same on both sides');
  await put('changed.txt', 'old text');
  await put('only-swift.txt', 'only in Swift');
  await waitUntilListed(REGION, who, CONTAINER);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-sync-'));
  write('same.txt', 'the same on both sides');
  write('changed.txt', 'the new text, longer');
  write('new-a.txt', 'first new file');
  write('new-b.txt', 'second new file');
  write('scratch.tmp', 'left out by the default patterns');
});

test.afterAll(async () => {
  await removeOwnContainer(REGION, who, CONTAINER);
  fs.rmSync(folder, { recursive: true, force: true });
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

test('a folder compared with a container, the plan reviewed, synchronized both ways, then nothing to do', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  const dialog = await compareContainerWithFolder(app, CONTAINER, folder);
  const summary = dialog.getByLabel('Comparison summary');
  await expect(summary).toHaveText(
    '2 only on this computer (29 B)1 only in Swift (13 B)1 different (20 B)1 the same (22 B)',
  );
  const differences = dialog.getByRole('list', { name: 'Differences' });
  await expect(differences.getByRole('heading')).toHaveText([
    'Only on this computer (2)',
    'Only in Swift (1)',
    'Different (1)',
  ]);
  await expect(differences.getByRole('listitem').filter({ hasText: 'changed.txt' })).toContainText(
    'sizes differ; 20 B here, 8 B in Swift',
  );
  await expect(differences.getByText('scratch.tmp')).toHaveCount(0);
  await checkBothThemes(page, app.host, 'sync-compare');

  // The upload plan: everything only here and the changed file; one unticked.
  await dialog.getByRole('button', { name: 'Review the plan…' }).click();
  const plan = dialog.getByRole('list', { name: 'Plan' });
  await expect(plan.getByRole('heading')).toHaveText(['Upload to Swift (3)']);
  await expect(plan.getByRole('listitem').filter({ hasText: 'changed.txt' })).toContainText(
    "sizes differ: this computer's replaces Swift's",
  );
  await plan.getByRole('checkbox', { name: 'new-b.txt' }).uncheck();
  await expect(dialog.getByLabel('Plan summary')).toHaveText('2 of 3 actions ticked, 34 B to move');
  await checkBothThemes(page, app.host, 'sync-plan');
  await dialog.getByRole('button', { name: 'Synchronize (2)' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Sync:' })).toHaveText(
    'Sync: 2 uploaded, 0 downloaded, 0 deleted, 0 not done',
  );
  // Compared again by itself: the unticked file and Swift's own are what is left.
  await expect(summary).toHaveText(
    '1 only on this computer (15 B)1 only in Swift (13 B)0 different (0 B)3 the same (56 B)',
  );

  // A mirror of this computer, deletions included: each listed by name before it happens. The upload's
  // outcome goes once the person picks another direction: it does not describe this plan.
  const outcome = dialog.getByRole('status').filter({ hasText: 'Sync:' });
  await dialog.getByLabel('Direction').selectOption('mirrorUp');
  await expect(outcome).toHaveCount(0);
  await expect(plan.getByRole('heading')).toHaveText(['Upload to Swift (1)']);
  await dialog.getByRole('checkbox', { name: 'Also delete what the other side does not have' }).check();
  await expect(plan.getByRole('heading')).toHaveText(['Upload to Swift (1)', 'Delete from Swift (1)']);
  await expect(plan.getByRole('listitem').filter({ hasText: 'only-swift.txt' })).toContainText(
    'not on this computer: deleted from Swift',
  );
  await checkBothThemes(page, app.host, 'sync-mirror-plan');
  await dialog.getByRole('button', { name: 'Synchronize (2)' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Sync:' })).toHaveText(
    'Sync: 1 uploaded, 0 downloaded, 1 deleted, 0 not done',
  );
  await expect(summary).toHaveText(
    '0 only on this computer (0 B)0 only in Swift (0 B)0 different (0 B)4 the same (71 B)',
  );
  await expect(dialog.getByRole('status').filter({ hasText: 'both sides hold the same files' })).toBeVisible();

  // Swift, read directly, holds exactly the folder (the .tmp left out), with this computer's bytes.
  expect((await listAll(REGION, containerPath(who, CONTAINER), who)).sort()).toEqual([
    'changed.txt',
    'new-a.txt',
    'new-b.txt',
    'same.txt',
  ]);
  const changed = await swiftRequest(REGION, 'HEAD', objectPath(who, CONTAINER, 'changed.txt'), { who });
  expect(changed.headers.get('etag')).toBe(md5('the new text, longer'));

  // Down: an object added in Swift comes to this computer by the download direction.
  await expect(outcome).toHaveText('Sync: 1 uploaded, 0 downloaded, 1 deleted, 0 not done');
  await dialog.getByRole('checkbox', { name: 'Also delete what the other side does not have' }).uncheck();
  await expect(outcome).toHaveCount(0); // another plan: the mirror's outcome is put away
  await put('fresh.txt', 'made in Swift');
  await dialog.getByRole('button', { name: 'Compare again' }).click();
  await expect(summary).toHaveText(
    '0 only on this computer (0 B)1 only in Swift (13 B)0 different (0 B)4 the same (71 B)',
  );
  await dialog.getByLabel('Direction').selectOption('download');
  await expect(plan.getByRole('heading')).toHaveText(['Download to this computer (1)']);
  await dialog.getByRole('button', { name: 'Synchronize (1)' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Sync:' })).toHaveText(
    'Sync: 0 uploaded, 1 downloaded, 0 deleted, 0 not done',
  );
  await expect(summary).toHaveText(
    '0 only on this computer (0 B)0 only in Swift (0 B)0 different (0 B)5 the same (84 B)',
  );
  expect(fs.readFileSync(path.join(folder, 'fresh.txt'), 'utf8')).toBe('made in Swift');

  // Both ways: a file changed on both sides since that sync is a conflict, shown and left alone; an object
  // new in Swift comes down beside it.
  write('changed.txt', 'edited on this computer');
  await put('changed.txt', 'edited in Swift', { 'X-Object-Meta-Mtime': (Date.now() / 1000).toFixed(6) });
  await put('later.txt', 'new in Swift');
  await dialog.getByRole('button', { name: 'Compare again' }).click();
  await expect(summary).toContainText('1 only in Swift (12 B)1 different (23 B)');
  await dialog.getByLabel('Direction').selectOption('both');
  await expect(plan.getByRole('heading')).toHaveText(['Download to this computer (1)', 'Conflicts, not decided (1)']);
  await expect(plan.getByRole('listitem').filter({ hasText: 'changed.txt' })).toContainText(
    'changed on both sides since the last sync: not decided',
  );
  await expect(plan.getByRole('checkbox', { name: 'changed.txt' })).toHaveCount(0);
  await expect(dialog.getByLabel('Plan summary')).toHaveText(
    '1 of 1 action ticked, 12 B to move; 1 conflict left for you to decide',
  );
  await checkBothThemes(page, app.host, 'sync-conflict');
  await dialog.getByRole('button', { name: 'Synchronize (1)' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Sync:' })).toHaveText(
    'Sync: 0 uploaded, 1 downloaded, 0 deleted, 0 not done',
  );
  await expect(summary).toContainText('0 only in Swift (0 B)1 different (23 B)');
  expect(fs.readFileSync(path.join(folder, 'changed.txt'), 'utf8')).toBe('edited on this computer');
  const conflicted = await swiftRequest(REGION, 'HEAD', objectPath(who, CONTAINER, 'changed.txt'), { who });
  expect(conflicted.headers.get('etag')).toBe(md5('edited in Swift'));

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});
