/**
 * Find and reclaim what others left behind. The swift
 * command-line client's SLO and DLO lose their manifests (a plain DELETE
 * leaves every segment); the Segments view finds both uploads' segments,
 * grouped with their bytes, and deletes the chosen ones after a confirmation
 * that names them. Swift's own listing then shows them gone, and the segments
 * of a large object still in use still there.
 */
import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { objectPath } from '../fixtures/objects-seed';
import { removeOwnContainer, waitUntilListed } from '../fixtures/own-container';
import { checkBothThemes } from '../fixtures/both-themes';
import { signInWithForm } from '../fixtures/sign-in';
import { swiftCli } from '../fixtures/swift-cli';
import { HARNESS } from '../../testing/swift/config';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';

// The `files` tenant is shared with other journeys: this one chooses only its own container's groups.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const C = `left-behind-${Date.now().toString(36)}`;
const SEGMENTS = `${C}_segments`;
const MiB = 1024 ** 2;

let app: LaunchedApp | undefined;
let work: string;

const upload = (name: string, ...opts: string[]) =>
  swiftCli(
    REGION,
    who,
    'upload',
    '--segment-size',
    String(MiB),
    ...opts,
    C,
    path.join(work, 'big.bin'),
    '--object-name',
    name,
  );
const segments = () => listAll(REGION, `/v1/${HARNESS.users[who].account}/${SEGMENTS}`, who);

test.beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-segments-journey-'));
  fs.writeFileSync(path.join(work, 'big.bin'), Buffer.alloc(2 * MiB + 5, 's'));
  await upload('gone-slo.bin', '--use-slo');
  await upload('gone-dlo.bin');
  await upload('kept.bin', '--use-slo');
  // Deleted as many tools do, without ?multipart-manifest=delete: Swift deletes the manifests alone.
  for (const name of ['gone-slo.bin', 'gone-dlo.bin'])
    expect((await swiftRequest(REGION, 'DELETE', objectPath(who, C, name), { who })).status).toBe(204);
  await waitUntilListed(REGION, who, SEGMENTS);
  expect(await segments()).toHaveLength(9);
});

test.afterAll(async () => {
  await app?.close();
  await removeOwnContainer(REGION, who, C);
  await removeOwnContainer(REGION, who, SEGMENTS);
  fs.rmSync(work, { recursive: true, force: true });
});

test('leftover segments are found, grouped with their bytes, and deleted after a confirmation', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  const account = page.getByRole('region', { name: 'Account' });
  await account.getByRole('button', { name: 'Find leftover segments…' }).click();
  const view = page.getByRole('dialog', { name: `Leftover segments in ${REGION}` });
  await view.getByRole('button', { name: 'Scan the account' }).click();
  await expect(view.getByLabel('Scan summary')).toContainText('containers listed');

  // Both uploads are there as groups of 3 segments and 2 MiB; the large object still in use is not.
  const list = view.getByRole('list', { name: 'Leftover segments' });
  const mine = list.getByRole('listitem').filter({ hasText: C });
  await expect(mine).toHaveCount(2);
  const made: [string, string][] = [
    ['gone-dlo.bin/', 'DLO (swift client)'],
    ['gone-slo.bin/slo/', 'SLO (swift client or Cirrus)'],
  ];
  for (const [name, madeBy] of made) {
    const row = mine.filter({ has: page.getByRole('checkbox', { name: new RegExp(`^${SEGMENTS}/${name}`) }) });
    await expect(row).toContainText('2 MiB');
    await expect(row.locator('.segment-count')).toHaveText('3');
    if (page.viewportSize()!.width > 1100) await expect(row).toContainText(madeBy);
    await row.getByRole('checkbox').check();
  }
  await expect(list.getByRole('checkbox', { name: new RegExp(`^${SEGMENTS}/kept\\.bin/`) })).toHaveCount(0);
  await checkBothThemes(page, app.host, 'segments-found');

  await view.getByRole('button', { name: 'Delete 2 groups (4 MiB)…' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete 2 groups of segments?' });
  await expect(confirm).toContainText('6 segments (4 MiB) in 1 container are deleted for good.');
  await expect(confirm.getByRole('list', { name: 'Groups to delete' })).toContainText(`${SEGMENTS}/gone-slo.bin/slo/`);
  await checkBothThemes(page, app.host, 'segments-confirm');
  await confirm.getByRole('button', { name: 'Delete' }).click();

  await expect(view.getByRole('status', { name: 'Delete result' })).toContainText('Deleted 6 segments (4 MiB).');
  await expect(mine).toHaveCount(0);
  await checkBothThemes(page, app.host, 'segments-deleted');
  // Swift's own listing: the two uploads' segments are gone, the used large object's three are there.
  const left = await segments();
  expect(left).toHaveLength(3);
  expect(left.every((n) => n.startsWith('kept.bin/slo/'))).toBe(true);
});
