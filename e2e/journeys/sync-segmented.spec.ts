/**
 * Large objects kept in step. A file above the segment threshold goes up by
 * the upload direction as a static large object that the sync itself sends in
 * segments; a dynamic large object made by the swift CLI comes down by the
 * download direction; after each, compare again finds everything the same,
 * compared segment by segment (nothing downloaded to compare). Checked in
 * Swift directly (the manifest, its segments, the file's time) and on disk.
 */
import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { compareContainerWithFolder } from '../fixtures/folder-compare';
import { signInWithForm } from '../fixtures/sign-in';
import { swiftCli } from '../fixtures/swift-cli';
import { swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one keeps to its own containers.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const CONTAINER = `sync-seg-${Date.now().toString(36)}`;
const SEGMENTS = `${CONTAINER}_segments`;
const MiB = 1024 ** 2;

let app: LaunchedApp | undefined;
let work: string;
let folder: string;
let dloSource: string;
let userData: string;

/** Bytes that differ from part to part, so a segment out of place would show. */
function writeNoise(file: string, bytes: number, seed: number): void {
  const data = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += 4) data.writeUInt32LE((i * 2654435761 + seed) >>> 0, i);
  fs.writeFileSync(file, data);
}
const md5Of = (file: string) => createHash('md5').update(fs.readFileSync(file)).digest('hex');

test.beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-sync-seg-'));
  folder = path.join(work, 'folder');
  fs.mkdirSync(folder);
  // Uploads over 1 MiB go in 1 MiB segments, as a person sets it in Transfer settings.
  userData = path.join(work, 'app-data');
  fs.mkdirSync(userData);
  fs.writeFileSync(
    path.join(userData, 'transfer-settings.json'),
    JSON.stringify({ version: 1, segmentThreshold: MiB, segmentSize: MiB }),
  );
  writeNoise(path.join(folder, 'big.bin'), 2.5 * MiB, 1);
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, CONTAINER), { who })).status).toBe(201);
  // A dynamic large object as the swift CLI makes one (no --use-slo): a manifest over 1 MiB segments.
  const cliDir = path.join(work, 'cli');
  fs.mkdirSync(cliDir);
  dloSource = path.join(cliDir, 'dlo.bin');
  writeNoise(dloSource, 2.25 * MiB, 2);
  await swiftCli(
    REGION,
    who,
    'upload',
    CONTAINER,
    dloSource,
    '--object-name',
    'dlo.bin',
    '-S',
    String(MiB),
    '--segment-container',
    SEGMENTS,
  );
  await waitUntilListed(REGION, who, CONTAINER);
});

test.afterAll(async () => {
  await app?.close();
  await removeOwnContainer(REGION, who, CONTAINER);
  await removeOwnContainer(REGION, who, SEGMENTS).catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
});

test('a static large object synchronized up in segments and a dynamic one down, then nothing to do', async () => {
  const made = await swiftRequest(REGION, 'HEAD', objectPath(who, CONTAINER, 'dlo.bin'), { who });
  expect(made.headers.get('x-object-manifest')).toMatch(new RegExp(`^${SEGMENTS}/dlo\\.bin/`));

  app = await launchApp({ userDataDir: userData });
  const { page } = app;
  await signInWithForm(page, who);
  const dialog = await compareContainerWithFolder(app, CONTAINER, folder);
  const summary = dialog.getByLabel('Comparison summary');
  await expect(summary).toContainText('1 only on this computer (2.5 MiB)1 only in Swift');
  await expect(summary).toContainText('0 different (0 B)0 the same (0 B)');

  // Up: the file over the threshold goes as a static large object, sent in segments by the sync.
  await dialog.getByRole('button', { name: 'Review the plan…' }).click();
  const plan = dialog.getByRole('list', { name: 'Plan' });
  await expect(plan.getByRole('heading')).toHaveText(['Upload to Swift (1)']);
  await dialog.getByRole('button', { name: 'Synchronize (1)' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Sync:' })).toHaveText(
    'Sync: 1 uploaded, 0 downloaded, 0 deleted, 0 not done',
  );
  await expect(summary).toContainText('0 only on this computer (0 B)1 only in Swift');
  await expect(summary).toContainText('1 the same (2.5 MiB)');
  const slo = await swiftRequest(REGION, 'HEAD', objectPath(who, CONTAINER, 'big.bin'), { who });
  expect(slo.headers.get('x-static-large-object')).toBe('True');
  expect(Number(slo.headers.get('x-object-meta-mtime'))).toBeCloseTo(
    fs.statSync(path.join(folder, 'big.bin')).mtimeMs / 1000,
    3,
  );
  const manifest = await swiftRequest(
    REGION,
    'GET',
    `${objectPath(who, CONTAINER, 'big.bin')}?multipart-manifest=get`,
    {
      who,
    },
  );
  const segments = JSON.parse(manifest.text) as { bytes: number; hash: string }[];
  const big = fs.readFileSync(path.join(folder, 'big.bin'));
  const pieces = [big.subarray(0, MiB), big.subarray(MiB, 2 * MiB), big.subarray(2 * MiB)];
  expect(segments.map((s) => [s.bytes, s.hash])).toEqual(
    pieces.map((p) => [p.length, createHash('md5').update(p).digest('hex')]),
  );

  // Down: the dynamic large object the swift CLI made comes to this computer whole.
  await dialog.getByLabel('Direction').selectOption('download');
  await expect(plan.getByRole('heading')).toHaveText(['Download to this computer (1)']);
  await dialog.getByRole('button', { name: 'Synchronize (1)' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Sync:' })).toHaveText(
    'Sync: 0 uploaded, 1 downloaded, 0 deleted, 0 not done',
  );
  // Compare again: both large objects the same, the dynamic one by its segments' listing.
  await expect(summary).toHaveText(
    '0 only on this computer (0 B)0 only in Swift (0 B)0 different (0 B)2 the same (4.8 MiB)',
  );
  expect(md5Of(path.join(folder, 'dlo.bin'))).toBe(md5Of(dloSource));
  expect(fs.statSync(path.join(folder, 'dlo.bin')).size).toBe(2.25 * MiB);
});
