/**
 * Swift mirrored on this computer, the one direction that deletes the
 * person's own files. Without "also delete" the plan only downloads; with it,
 * every file to be deleted is listed by name first. After the sync the disk,
 * read directly, holds exactly what Swift holds (Swift's version of a file
 * that differed, what only Swift had, no folder the deletions emptied), files
 * the patterns leave out are untouched, Swift is unchanged, and a compare
 * finds nothing to do.
 */
import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath, putObject } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { compareContainerWithFolder } from '../fixtures/folder-compare';
import { signInWithForm } from '../fixtures/sign-in';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own container.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const CONTAINER = `sync-down-${Date.now().toString(36)}`;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

let app: LaunchedApp | undefined;
let folder: string;

const put = (name: string, body: string) => putObject(REGION, who, CONTAINER, name, body);
const write = (name: string, body: string) => {
  fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
  fs.writeFileSync(path.join(folder, name), body);
};
const read = (name: string) => fs.readFileSync(path.join(folder, name), 'utf8');

test.beforeAll(async () => {
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, CONTAINER), { who })).status).toBe(201);
  await put('kept.txt', 'the same');
  await put('old.txt', 'Swift text');
  await put('fresh.txt', 'new in Swift');
  await waitUntilListed(REGION, who, CONTAINER);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-sync-down-'));
  write('kept.txt', 'the same');
  write('old.txt', 'local edit, longer');
  write('extra.txt', 'only here');
  write('notes/extra2.txt', 'only here too');
  write('scratch.tmp', 'left out by the default patterns');
});

test.afterAll(async () => {
  await app?.close();
  await removeOwnContainer(REGION, who, CONTAINER);
  fs.rmSync(folder, { recursive: true, force: true });
});

test('Swift mirrored on this computer: each deletion listed by name, then the disk holds what Swift holds', async () => {
  app = await launchApp();
  await signInWithForm(app.page, who);
  const dialog = await compareContainerWithFolder(app, CONTAINER, folder);
  const summary = dialog.getByLabel('Comparison summary');
  await expect(summary).toHaveText(
    '2 only on this computer (22 B)1 only in Swift (12 B)1 different (18 B)1 the same (8 B)',
  );

  // Without "also delete" a mirror only downloads: the files only here are not in the plan.
  await dialog.getByRole('button', { name: 'Review the plan…' }).click();
  await dialog.getByLabel('Direction').selectOption('mirrorDown');
  const plan = dialog.getByRole('list', { name: 'Plan' });
  await expect(plan.getByRole('heading')).toHaveText(['Download to this computer (2)']);
  await expect(plan.getByRole('listitem').filter({ hasText: 'old.txt' })).toContainText(
    "sizes differ: Swift's replaces this computer's",
  );
  await dialog.getByRole('checkbox', { name: 'Also delete what the other side does not have' }).check();
  await expect(plan.getByRole('heading')).toHaveText([
    'Download to this computer (2)',
    'Delete from this computer (2)',
  ]);
  for (const name of ['extra.txt', 'notes/extra2.txt'])
    await expect(plan.getByRole('listitem').filter({ hasText: name })).toContainText(
      'not in Swift: deleted from this computer',
    );
  await expect(plan.getByText('scratch.tmp')).toHaveCount(0);
  await expect(dialog.getByLabel('Plan summary')).toHaveText('4 of 4 actions ticked, 22 B to move');

  await dialog.getByRole('button', { name: 'Synchronize (4)' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Sync:' })).toHaveText(
    'Sync: 0 uploaded, 2 downloaded, 2 deleted, 0 not done',
  );
  await expect(summary).toHaveText(
    '0 only on this computer (0 B)0 only in Swift (0 B)0 different (0 B)3 the same (30 B)',
  );
  await expect(dialog.getByRole('status').filter({ hasText: 'both sides hold the same files' })).toBeVisible();

  // The disk, read directly: Swift's files, the deleted ones gone, the left-out one untouched.
  expect(read('old.txt')).toBe('Swift text');
  expect(read('fresh.txt')).toBe('new in Swift');
  expect(read('kept.txt')).toBe('the same');
  expect(fs.existsSync(path.join(folder, 'extra.txt'))).toBe(false);
  expect(fs.existsSync(path.join(folder, 'notes'))).toBe(false); // emptied by the mirror, as Swift holds no notes/
  expect(read('scratch.tmp')).toBe('left out by the default patterns');
  // Swift, read directly, is as it was.
  expect((await listAll(REGION, containerPath(who, CONTAINER), who)).sort()).toEqual([
    'fresh.txt',
    'kept.txt',
    'old.txt',
  ]);
  const old = await swiftRequest(REGION, 'HEAD', objectPath(who, CONTAINER, 'old.txt'), { who });
  expect(old.headers.get('etag')).toBe(md5('Swift text'));

  // A compare of the person's own puts the run's outcome away: it no longer describes what is shown.
  await dialog.getByRole('button', { name: 'Compare again' }).click();
  await expect(summary).toHaveText(
    '0 only on this computer (0 B)0 only in Swift (0 B)0 different (0 B)3 the same (30 B)',
  );
  await expect(dialog.getByRole('status').filter({ hasText: 'Sync:' })).toHaveCount(0);
});
