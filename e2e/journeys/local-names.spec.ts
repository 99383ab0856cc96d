import { expect, test } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchApp, type LaunchedApp } from '../host';
import { checkBothThemes } from '../fixtures/both-themes';
import { containerPath, objectPath } from '../fixtures/objects-seed';
import { signInWithForm } from '../fixtures/sign-in';
import { listAll, swiftRequest } from '../../testing/swift/swift-direct';

// The file-work tenant's "odd-names" container is this journey's; it is written afresh each run.
const who = 'files' as const;
const REGION = 'RegionOne' as const;
const C = 'odd-names';
const LONG = `${'n'.repeat(300)}.txt`;
/** Objects in Swift, with the headers they are written with. */
const SEED: Record<string, Record<string, string>> = {
  'kept/ok.txt': { 'X-Object-Meta-Mtime': '1500000000.250000' },
  'kept/sub/': {},
  [LONG]: {},
};

let app: LaunchedApp | undefined;
let work: string;
test.beforeAll(async () => {
  await swiftRequest(REGION, 'PUT', containerPath(who, C), { who });
  for (const name of await listAll(REGION, containerPath(who, C), who)) {
    await swiftRequest(REGION, 'DELETE', objectPath(who, C, name), { who });
  }
  for (const [name, headers] of Object.entries(SEED)) {
    const body = name.endsWith('/') ? '' : `bytes of ${name.slice(0, 20)}`;
    expect((await swiftRequest(REGION, 'PUT', objectPath(who, C, name), { who, body, headers })).status).toBe(201);
  }
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-odd-names-'));
});
test.afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
test.afterEach(async () => {
  await app?.close();
  app = undefined;
});

test('a file’s time goes up and comes back; names this computer cannot hold are listed as skipped, the rest saved', async () => {
  app = await launchApp();
  const { page } = app;
  await signInWithForm(page, who);
  const tree = page.getByRole('tree', { name: 'Containers' });
  const container = tree.getByRole('treeitem', { name: C, exact: true });
  await container.click();
  const grid = page.getByRole('grid', { name: 'Objects' });
  await expect(grid.getByText('kept', { exact: true })).toBeVisible();

  // Upload a file with a known time: Swift holds it as the swift CLI writes it, and the details show it.
  const stamped = path.join(work, 'stamped.txt');
  fs.writeFileSync(stamped, 'a file with a past\n');
  fs.utimesSync(stamped, 1_400_000_000.5, 1_400_000_000.5);
  await app.answerNextDialog([stamped]);
  await page.getByRole('toolbar', { name: 'Object actions' }).getByRole('button', { name: 'Upload…' }).click();
  const row = grid.getByRole('row').filter({ hasText: 'stamped.txt' });
  await expect(row).toBeVisible();
  const head = await swiftRequest(REGION, 'HEAD', objectPath(who, C, 'stamped.txt'), { who });
  expect(head.headers.get('x-object-meta-mtime')).toBe('1400000000.500000');
  await row.click();
  const details = page.getByRole('complementary', { name: 'Details' });
  await expect(details.getByRole('table', { name: 'Object metadata' }).getByLabel('Value of mtime')).toHaveValue(
    '1400000000.500000',
  );

  // Download the whole container: the folder marker and the over-long name are skipped, each with why.
  const parent = fs.mkdtempSync(path.join(work, 'down-'));
  const target = path.join(parent, 'target');
  fs.mkdirSync(target);
  await container.click({ button: 'right' });
  await app.answerNextDialog([target]);
  await page.getByRole('menu').getByRole('menuitem', { name: 'Download container…' }).click();
  const transfers = page.getByRole('region', { name: 'Transfers' });
  const skipped = transfers.getByRole('listitem').filter({ hasText: 'Skipped:' });
  await expect(skipped).toHaveCount(2);
  await expect(skipped.filter({ hasText: 'kept/sub/' })).toContainText(
    'Skipped: it is a folder marker (its name ends in "/"), not a file',
  );
  await expect(skipped.filter({ hasText: 'nnnn' })).toContainText(
    'Skipped: a part of its name is 304 bytes long; a file or folder name can have at most 255',
  );
  const saved = () => (fs.readdirSync(target, { recursive: true }) as string[]).sort();
  await expect.poll(saved, { timeout: 15_000 }).toEqual(['kept', 'kept/ok.txt', 'stamped.txt']);
  await checkBothThemes(page, app.host, 'download-skipped-names');

  // Each saved file has the time its object carries; nothing was written anywhere else.
  expect(fs.statSync(path.join(target, 'kept/ok.txt')).mtimeMs).toBe(1_500_000_000_250);
  expect(fs.statSync(path.join(target, 'stamped.txt')).mtimeMs).toBe(1_400_000_000_500);
  expect(fs.readdirSync(parent)).toEqual(['target']);
  // Swift still holds every object as it was.
  expect((await listAll(REGION, containerPath(who, C), who)).sort()).toEqual(
    [...Object.keys(SEED), 'stamped.txt'].sort(),
  );
});
