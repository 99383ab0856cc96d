/**
 * The built UI against the real Swift, in the e2e Chromium host: the first
 * rows after clicking the big container, scrolling the grid to its last row,
 * and saving one metadata key on that row. Times are taken in the page (a
 * click to the next painted frame that shows the result), not through
 * Playwright's round trips. Peers: the same first listing by curl, the whole
 * enumeration by `swift list` and by the keep-alive floor, and HEAD + POST on
 * a kept-alive connection.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright';
import { channelOf } from '../../../shared/operations';
import { signInWithForm } from '../../fixtures/sign-in';
import { available, interleave, type Group } from '../group';
import { runTool, swiftAuthArgs } from '../peers';
import type { Results, Tool } from '../results';
import { runWorker } from '../run-worker';
import { buildUi, launchUi, type UiBundles } from '../ui-host';
import { clickUntil, percentile, scrollToLast } from '../ui-page';
import { api, ensureNamesContainer, nameAt, objectUrl } from '../swift-api';
import { fullChromium } from '../../chromium/binary';

const TOOLS: Tool[] = ['Cirrus', 'curl', 'swift', 'floor'];
const LISTING = channelOf('listObjects');
const FLOOR_SAVES = 5;
/** The UI's first request (renderer/src/browse/queries.ts: FIRST_PAGE_SIZE, folded at "/"): curl sends the same. */
const UI_FIRST_PAGE = 100;

export const ui: Group = {
  id: 'ui',
  plan(ctx) {
    const rows = ctx.opts.names.toLocaleString('en-US');
    ctx.results.define(
      {
        id: 'ui-first',
        title: 'UI: first rows after clicking the container',
        unit: 'ms',
        target: { ratio: { curl: 1.5 } },
      },
      {
        id: 'ui-scroll',
        title: `UI: scroll the grid to the last of ${rows} rows`,
        unit: 's',
        target: { ratio: { swift: 1.2 } },
      },
      { id: 'ui-scroll-gets', title: 'UI: listing calls during that scroll', unit: 'calls', target: { max: 12 } },
      // The "≤ 16 ms" means no frame missed: at 60 Hz a frame is 16.7 ms, which rAF stamps round up to 17.
      { id: 'ui-scroll-frame', title: 'UI: frame time p95 during that scroll', unit: 'ms', target: { max: 17 } },
      {
        id: 'ui-save',
        title: 'UI: save one key on the last row, after the scroll',
        unit: 'ms',
        target: { ratio: { floor: 1.2 } },
      },
      { id: 'ui-save-listings', title: 'UI: listing calls caused by that save', unit: 'calls', target: { max: 0 } },
      // What the save pays this host for its one call: the Chromium host's IPC is a Playwright binding
      // (page → CDP → test process and back), where Electron's is one structured-clone message each way.
      { id: 'ui-ipc', title: 'UI: one IPC round trip in the test host, no storage call', unit: 'ms' },
    );
    ctx.progress.plan(ctx.opts.reps * available(ctx, TOOLS).length);
  },
  async run(ctx) {
    const { auth, opts, results } = ctx;
    if (!fs.existsSync(fullChromium()))
      throw new Error(`no Chromium at ${fullChromium()} (Debian: apt-get install chromium)`);
    const container = await ensureNamesContainer(auth, opts.names, (line) => ctx.progress.note(line));
    const [first, last] = [nameAt(opts.names, 0), nameAt(opts.names, opts.names - 1)];
    const bundles = await buildUi(path.join(ctx.work, 'ui'));
    const browser = await chromium.launch({ executablePath: fullChromium(), args: ['--no-sandbox', '--disable-gpu'] });
    try {
      await interleave(ctx, 'UI: open, scroll, save', {
        Cirrus: async () => {
          // A POST without metadata clears the object's, so every run adds the same key to the same (empty) set.
          await api(auth, 'POST', objectUrl(auth, container, last));
          await uiRun(ctx.work, browser, bundles, { container, first, last }, results);
        },
        curl: async () => {
          // The UI's first request: one level of the container, its first 100 names.
          const url = `${objectUrl(auth, container)}?format=json&limit=${UI_FIRST_PAGE}&delimiter=%2F`;
          const r = await runTool('curl', ['-sS', '-f', '-o', '/dev/null', '-H', `x-auth-token: ${auth.token}`, url]);
          results.add('ui-first', 'curl', r.seconds * 1000);
        },
        swift: async () => {
          const r = await runTool('swift', [...swiftAuthArgs(auth), 'list', container]);
          results.add('ui-scroll', 'swift', r.seconds);
        },
        floor: async () => {
          const list = await runWorker({
            kind: 'floor-list',
            auth,
            container,
            firstLimit: 100,
            limit: 10_000,
            delimiter: '/',
          });
          results.add('ui-scroll', 'floor', list.seconds);
          const save = await runWorker({ kind: 'floor-save', auth, container, name: last, calls: FLOOR_SAVES });
          results.add('ui-save', 'floor', ...(save.calls ?? []));
        },
      });
    } finally {
      await browser.close();
    }
  },
};

async function uiRun(
  work: string,
  browser: Browser,
  bundles: UiBundles,
  at: { container: string; first: string; last: string },
  results: Results,
): Promise<void> {
  const app = await launchUi(browser, bundles, fs.mkdtempSync(path.join(work, 'ui-data-')));
  try {
    const { page, calls } = app;
    await signInWithForm(page, 'admin');
    const region = page.getByLabel('Region');
    await region.waitFor();
    if ((await region.inputValue()) !== 'RegionOne') await region.selectOption('RegionOne');
    // The filter puts the container on screen whatever else the account holds.
    await page.getByLabel('Filter containers by prefix').fill(at.container);
    const tree = page.getByRole('tree', { name: 'Containers' });
    await tree.getByRole('treeitem', { name: at.container, exact: true }).waitFor();

    const item = { selector: '[role="tree"] [role="treeitem"]', text: at.container };
    const firstRow = { selector: '[data-testid="object-scroller"] .row-name', text: at.first, exact: true };
    results.add('ui-first', 'Cirrus', await clickUntil(page, item, firstRow));

    const before = calls.get(LISTING) ?? 0;
    const started = performance.now();
    const frames = await scrollToLast(page, at.last);
    results.add('ui-scroll', 'Cirrus', (performance.now() - started) / 1000);
    results.add('ui-scroll-gets', 'Cirrus', (calls.get(LISTING) ?? 0) - before);
    results.add('ui-scroll-frame', 'Cirrus', percentile(frames, 0.95));

    await page.getByRole('grid', { name: 'Objects' }).getByRole('row').filter({ hasText: at.last }).click();
    const details = page.getByRole('complementary', { name: 'Details' });
    await details.getByRole('heading', { name: at.last }).waitFor();
    await details.getByRole('button', { name: 'Add row' }).click();
    const table = details.getByRole('table', { name: 'Object metadata' });
    await table.getByLabel('Key of new row 1').fill('bench-ui');
    await table.getByLabel('Value of new row 1').fill(String(Date.now()));
    const listingsBefore = calls.get(LISTING) ?? 0;
    const save = { selector: 'aside[aria-label="Details"] button', text: 'Save changes' };
    const saved = { selector: 'aside[aria-label="Details"] [role="status"]', text: 'Saved.' };
    results.add('ui-save', 'Cirrus', await clickUntil(page, save, saved));
    // Whatever the save set off (a refetch) has had its chance to start by now.
    await page.waitForTimeout(500);
    results.add('ui-save-listings', 'Cirrus', (calls.get(LISTING) ?? 0) - listingsBefore);
    // The settings are read from memory in the main process: the round trip is the host's own.
    const trips = await page.evaluate(async () => {
      const times: number[] = [];
      for (let i = 0; i <= 15; i += 1) {
        const start = performance.now();
        await window.cirrus.getTransferSettings({});
        times.push(performance.now() - start);
      }
      return times.slice(1);
    });
    results.add('ui-ipc', 'Cirrus', ...trips);
  } finally {
    await app.close();
  }
}
