/**
 * A desktop archive dropped on a container is previewed
 * before anything is sent, extracted with progress, and reported member by
 * member; a corrupt file is refused; a big extraction can be cancelled.
 * Every outcome is checked through Swift directly.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { dropFiles } from '../fixtures/drop-files';
import { containerPath, objectBytes, putObject } from '../fixtures/objects-seed';
import { checkBothThemes } from '../fixtures/both-themes';
import { HARNESS } from '../../testing/swift/config';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';
import { slowDown } from '../../testing/swift/slow-down';
import { signInWithForm } from '../fixtures/sign-in';

// The `files` tenant is shared with the file-work journey: this one touches only its own `x-` containers.
const who = 'files' as const;
const user = HARNESS.users[who];
const REGION = 'RegionOne' as const;
const run = Date.now().toString(36);
const CONTAINER = `x-extract-${run}`;
const BIG_CONTAINER = `x-extract-big-${run}`;
const FOLDER = 'imported';

/** Five 210-byte folders: with "imported/" before it, the object name is far over the region's 1,024 bytes. */
const LONG_NAME = [...Array.from({ length: 5 }, (_, i) => `${i}`.padEnd(210, 'x')), 'too-long.txt'].join('/');
const FILES: Record<string, Buffer> = {
  'report.txt': Buffer.from('the new quarterly report\n'),
  'photos/2024/beach.jpg': randomBytes(3000),
  'photos/2024/ünïcødé café.txt': Buffer.from('unicode name\n'),
  'docs/deep/er/notes.md': Buffer.from('# notes\n'),
  [LONG_NAME]: Buffer.from('never stored\n'),
};
const STORED = Object.keys(FILES).filter((name) => name !== LONG_NAME);
const TOTAL_BYTES = Object.values(FILES).reduce((sum, b) => sum + b.length, 0);
const KIB = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

let work: string;
let archive: string;
let corrupt: string;
let big: string;
let app: LaunchedApp | undefined;

test.beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-extract-journey-'));
  const tree = path.join(work, 'tree');
  for (const [name, content] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(tree, name)), { recursive: true });
    fs.writeFileSync(path.join(tree, name), content);
  }
  archive = path.join(work, 'quarter.tar.gz');
  execFileSync('tar', ['-czf', archive, '-C', tree, '.']);
  corrupt = path.join(work, 'corrupt.tar.gz');
  fs.writeFileSync(corrupt, Buffer.concat([Buffer.from('not an archive'), randomBytes(64 * 1024)]));
  // 200 MiB of random data in one member: a plain tar, so building it costs no compression time.
  const bigTree = path.join(work, 'big');
  fs.mkdirSync(bigTree);
  const out = fs.openSync(path.join(bigTree, 'random.bin'), 'w');
  for (let i = 0; i < 200; i++) fs.writeSync(out, randomBytes(1024 * 1024));
  fs.closeSync(out);
  big = path.join(work, 'big.tar');
  execFileSync('tar', ['-cf', big, '-C', bigTree, 'random.bin']);

  for (const container of [CONTAINER, BIG_CONTAINER]) {
    const res = await swiftRequest(REGION, 'PUT', containerPath(who, container), { who });
    expect(res.status).toBe(201);
  }
  // The account listing can lag behind a container PUT while the harness is busy (Swift's updater catches up).
  await expect
    .poll(async () => (await listAll(REGION, `/v1/${user.account}`, who)).filter((c) => c.endsWith(run)).length, {
      timeout: 30_000,
    })
    .toBe(2);
  // The archive's report.txt will replace this one.
  await putObject(REGION, who, CONTAINER, `${FOLDER}/report.txt`, 'last quarter\n');
});

test.afterAll(async () => {
  for (const container of [CONTAINER, BIG_CONTAINER]) {
    for (const name of await listAll(REGION, containerPath(who, container), who)) {
      await swiftRequest(REGION, 'DELETE', `${containerPath(who, container)}/${encodeURIComponent(name)}`, { who });
    }
    await swiftRequest(REGION, 'DELETE', containerPath(who, container), { who });
  }
  fs.rmSync(work, { recursive: true, force: true });
});

test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function signIn(page: Page): Promise<void> {
  await signInWithForm(page, who);
}

const objectCount = async (container: string): Promise<number> =>
  Number(
    (await swiftRequest(REGION, 'HEAD', containerPath(who, container), { who })).headers.get(
      'x-container-object-count',
    ),
  );

test('drop an archive: preview, extract with progress, per-member errors; a corrupt file; cancel a big one', async () => {
  app = await launchApp();
  const { page } = app;
  await signIn(page);
  const tree = page.getByRole('tree', { name: 'Containers' });
  const containerItem = tree.getByRole('treeitem', { name: CONTAINER, exact: true });
  const grid = page.getByRole('grid', { name: 'Objects' });

  // Open the folder that will receive the archive: it holds only last quarter's report.
  await containerItem.click();
  await grid.getByText(FOLDER, { exact: true }).dblclick();
  await expect(grid.getByText('report.txt', { exact: true })).toBeVisible();
  await expect(grid.getByText('photos', { exact: true })).toHaveCount(0);

  // Drop the archive on the container in the tree: the preview comes before anything is sent.
  await dropFiles(page, containerItem, [archive]);
  const dialog = page.getByRole('dialog', { name: 'Extract archive' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('quarter.tar.gz');
  await expect(dialog).toContainText('tar.gz');
  await expect(dialog).toContainText(`5 files, ${KIB.format(TOTAL_BYTES / 1024)} KiB`);
  await expect(dialog).toContainText('11 folders and links (not objects)');
  const refused = dialog.getByRole('list', { name: /Will be refused/ });
  await expect(refused).toContainText(`${LONG_NAME.slice(0, 40)}`);
  await expect(refused).toContainText(
    `The object name is ${Buffer.byteLength(LONG_NAME)} bytes long; this region allows at most 1024`,
  );
  // At the container's root nothing would be replaced.
  await expect(dialog.getByRole('list', { name: /Will be replaced/ })).toHaveCount(0);

  // Into the folder: now last quarter's report would be replaced, and the long name is longer still.
  await dialog.getByLabel('Target folder').fill(FOLDER);
  const replaced = dialog.getByRole('list', { name: /Will be replaced/ });
  await expect(replaced).toHaveText(`${FOLDER}/report.txt`);
  await expect(refused).toContainText(`${Buffer.byteLength(`${FOLDER}/${LONG_NAME}`)} bytes long`);
  const firstFiles = dialog.getByRole('list', { name: /First files/ });
  await expect(firstFiles).toContainText(`${FOLDER}/photos/2024/ünïcødé café.txt`);
  // Nothing was sent yet: Swift still holds only the old report.
  expect(await listAll(REGION, containerPath(who, CONTAINER), who)).toEqual([`${FOLDER}/report.txt`]);
  await checkBothThemes(page, app.host, 'extract-preview');

  await dialog.getByRole('button', { name: 'Extract' }).click();
  await expect(dialog).toHaveCount(0);
  const transfers = page.getByRole('region', { name: 'Transfers' });
  const item = transfers.getByRole('listitem', { name: `quarter.tar.gz → ${CONTAINER}/${FOLDER}` });
  await expect(item.getByRole('progressbar')).toBeVisible();
  await expect(item).toContainText('Done');
  await expect(item.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(item).toContainText('Created 4 files; 1 file failed:');
  const failed = item.getByRole('list', { name: 'Failed files' });
  await expect(failed).toContainText('400 Bad Request');
  await expect(failed).toContainText(`${CONTAINER}/${FOLDER}/${LONG_NAME.slice(0, 30)}`);
  // The listing refreshes by itself: the archive's folders are in the pane.
  await expect(grid.getByText('photos', { exact: true })).toBeVisible();
  await expect(grid.getByText('docs', { exact: true })).toBeVisible();
  await checkBothThemes(page, app.host, 'extract-done');

  // Through Swift: exactly the accepted members, with their bytes, under the folder; the long one is not there.
  const stored = await listAll(REGION, containerPath(who, CONTAINER), who);
  expect(stored).toEqual(STORED.map((name) => `${FOLDER}/${name}`).sort());
  for (const name of STORED) {
    expect(await objectBytes(REGION, who, CONTAINER, `${FOLDER}/${name}`)).toEqual(FILES[name]);
  }

  // A corrupt file dropped on the objects pane: a clear message, only Close, and nothing created.
  const countBefore = await objectCount(CONTAINER);
  await dropFiles(page, page.getByRole('region', { name: 'Objects pane' }), [corrupt]);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'This file is not a readable tar archive (it is neither tar, gzip nor bzip2 data).',
  );
  await expect(dialog.getByRole('button')).toHaveText(['Close']);
  await checkBothThemes(page, app.host, 'extract-corrupt');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  expect(await objectCount(CONTAINER)).toBe(countBefore);

  // A 200 MiB archive, cancelled while it uploads: "Cancelled", and Swift holds no partial object.
  // On loopback it would be sent before the Cancel could be pressed, so the region's proxy runs a fifth
  // of the time while the progress comes, and not at all from then until the Cancel is seen.
  const bigItem = tree.getByRole('treeitem', { name: BIG_CONTAINER, exact: true });
  await dropFiles(page, bigItem, [big]);
  await expect(dialog).toContainText('1 file, 200 MiB');
  const proxy = slowDown('r1-proxy');
  try {
    await dialog.getByRole('button', { name: 'Extract' }).click();
    const bigTransfer = transfers.getByRole('listitem', { name: `big.tar → ${BIG_CONTAINER}` });
    await expect(bigTransfer).toContainText(/Uploading [1-9]\d?%/);
    // Bytes done of the total, the speed and the time left, once two progress reports have come.
    await expect(bigTransfer).toContainText(/ of 200 MiB · [\d.,]+ [KMG]?i?B\/s · \d+ (s|min) left/);
    proxy.freeze();
    await bigTransfer.getByRole('button', { name: 'Cancel' }).click();
    await expect(bigTransfer).toContainText('Cancelled');
    await expect(bigTransfer.getByRole('button', { name: 'Retry' })).toBeVisible();
    const stoppedAt = Number(await bigTransfer.getByRole('progressbar').getAttribute('aria-valuenow'));
    expect(stoppedAt).toBeGreaterThan(0); // the bar stays where the upload stopped
    expect(stoppedAt).toBeLessThan(100);
  } finally {
    proxy.release();
  }
  await checkBothThemes(page, app.host, 'extract-cancelled');
  // Through Swift: the member was cut off before its end, so nothing was stored.
  expect(await listAll(REGION, containerPath(who, BIG_CONTAINER), who)).toEqual([]);

  // Clear finished empties the panel, which then makes its room over to the panes again.
  await transfers.getByRole('button', { name: 'Clear finished' }).click();
  await expect(transfers).toHaveCount(0);
});
