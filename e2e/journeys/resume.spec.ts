/**
 * Resume after anything. A big file goes up in segments; the
 * person pauses it, resumes it, then closes the app mid-way; the reopened app
 * offers it again with how far it got, and Resume finishes it. Swift's own
 * proxy log shows every segment stored exactly once across the three runs:
 * nothing already in Swift was sent again.
 */
import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { cirrusLog, settledLogSize } from '../fixtures/proxy-log';
import { containerPath, objectBytes } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';
import { slowDown, type SlowedProcess } from '../../testing/swift/slow-down';

const who = 'files' as const;
const REGION = 'RegionOne' as const;
const C = `resume-${Date.now().toString(36)}`;
const SEGMENTS = `${C}_segments`;
const MiB = 1024 ** 2;
const SEGMENT_COUNT = 96;

let app: LaunchedApp | undefined;
let proxy: SlowedProcess | undefined;
let work: string;
let userDataDir: string;
let file: string;

test.beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-resume-journey-'));
  userDataDir = path.join(work, 'app-data');
  fs.mkdirSync(userDataDir);
  // Small segments, one at a time: a big upload in many short steps that can be stopped between them.
  fs.writeFileSync(
    path.join(userDataDir, 'transfer-settings.json'),
    JSON.stringify({ version: 1, segmentThreshold: MiB, segmentSize: MiB, streams: 1 }),
  );
  file = path.join(work, 'big.bin');
  const fd = fs.openSync(file, 'w');
  for (let i = 0; i < SEGMENT_COUNT; i++) fs.writeSync(fd, Buffer.alloc(MiB, i));
  fs.closeSync(fd);
  expect((await swiftRequest(REGION, 'PUT', containerPath(who, C), { who })).status).toBe(201);
  await waitUntilListed(REGION, who, C);
});

test.afterAll(async () => {
  proxy?.release();
  await app?.close();
  await removeOwnContainer(REGION, who, C);
  await removeOwnContainer(REGION, who, SEGMENTS).catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
});

const segmentsInSwift = () => listAll(REGION, containerPath(who, SEGMENTS), who).catch(() => [] as string[]);

test('an upload paused, resumed, and cut off by closing the app finishes after a restart, each segment sent once', async () => {
  const since = await settledLogSize(REGION);
  app = await launchApp({ userDataDir });
  let page = app.page;
  await signInWithForm(page, who);
  await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: C, exact: true }).click();
  await app.answerNextDialog([file]);
  // On loopback the 96 segments go up in a second or two, faster than this test can pause and quit
  // between them: the region's proxy runs a fifth of the time while they go, and not at all while
  // the Pause and the quit happen.
  proxy = slowDown('r1-proxy');
  await page.getByRole('toolbar', { name: 'Object actions' }).getByRole('button', { name: 'Upload…' }).click();

  const panel = page.getByRole('region', { name: 'Transfers' });
  const row = panel.getByRole('listitem', { name: `big.bin → ${C}` });
  const bar = row.getByRole('progressbar');
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { intervals: [20] })
    .toBeGreaterThanOrEqual(5);
  proxy.freeze();
  await row.getByRole('button', { name: 'Pause' }).click();
  await expect(row).toContainText(/Paused at \d+%/);
  proxy.release();
  const pausedAt = Number(await bar.getAttribute('aria-valuenow'));
  // What went up stays in Swift; the object itself is not there yet.
  const kept = (await segmentsInSwift()).length;
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(SEGMENT_COUNT);
  expect(await objectBytes(REGION, who, C, 'big.bin')).toBeNull();

  proxy = slowDown('r1-proxy');
  await row.getByRole('button', { name: 'Resume' }).click();
  await expect(row.getByRole('button', { name: 'Pause' })).toBeVisible();
  // Watched on the bar, not in Swift: a listing through the slowed proxy lags behind the segments.
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { intervals: [20] })
    .toBeGreaterThanOrEqual(pausedAt + 10);
  // The person quits in the middle of it.
  proxy.freeze();
  await app.close();
  app = undefined;
  proxy.release();
  const before = (await segmentsInSwift()).length;
  expect(before).toBeGreaterThan(kept);
  expect(before).toBeLessThan(SEGMENT_COUNT);

  app = await launchApp({ userDataDir });
  page = app.page;
  await signInWithForm(page, who);
  const again = page.getByRole('region', { name: 'Transfers' }).getByRole('listitem', { name: `big.bin → ${C}` });
  await expect(again).toContainText(/(Stopped when Cirrus closed|Paused) at \d+%/);
  await checkBothThemes(page, app.host, 'transfer-after-restart');
  await again.getByRole('button', { name: 'Resume' }).click();
  await expect(again).toContainText('Done', { timeout: 60_000 });

  // Swift holds the file whole, as a static large object of 1 MiB segments.
  const bytes = await objectBytes(REGION, who, C, 'big.bin');
  const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
  expect(bytes && md5(bytes)).toBe(md5(fs.readFileSync(file)));
  const head = await swiftRequest(REGION, 'HEAD', `${containerPath(who, C)}/big.bin`, { who });
  expect(head.headers.get('x-static-large-object')).toBe('True');
  expect(await segmentsInSwift()).toHaveLength(SEGMENT_COUNT);
  // Across the three runs every segment was stored exactly once; only a segment cut off mid-body (499) went twice.
  await settledLogSize(REGION);
  const stored = cirrusLog(REGION, since)
    .filter((r) => r.method === 'PUT' && r.status === 201 && r.path.includes(`/${SEGMENTS}/`))
    .map((r) => r.path.split('/').at(-1));
  expect(stored).toHaveLength(SEGMENT_COUNT);
  expect(new Set(stored).size).toBe(SEGMENT_COUNT);
});
