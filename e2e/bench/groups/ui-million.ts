/**
 * The grid at a size the harness cannot hold in a bench's time: 1,000,000
 * objects (20,000 in quick mode), listed by an in-memory stand-in for Swift in
 * the UI host (30 ms a page, the pace of a real listing call; it says so in
 * the row's title), scrolled to the last row. What it measures is the
 * renderer: frame times, the work per arriving page, and the heap after the
 * scroll (garbage collected first, through the DevTools protocol).
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright';
import type { Container, ObjectEntry, ObjectListing } from '../../../shared/domain';
import { channelOf } from '../../../shared/operations';
import { signInWithForm } from '../../fixtures/sign-in';
import type { Group } from '../group';
import { api, objectUrl } from '../swift-api';
import { buildUi, launchUi, type ListingStandIn } from '../ui-host';
import { clickUntil, percentile, scrollToLast } from '../ui-page';
import { fullChromium } from '../../chromium/binary';

const CONTAINER = 'cirrus-bench-million';
const PAGE_MS = 30;
const LISTING = channelOf('listObjects');

const nameAt = (i: number) => `m-${String(i).padStart(7, '0')}`;

/** Swift's answer for a container of `count` names m-0000000…, from a marker, forwards or backwards. */
function standIn(count: number): ListingStandIn {
  const figures: Container = {
    name: CONTAINER,
    objectCount: count,
    bytesUsed: count * 10,
    metadata: {},
    tempUrlKeys: { first: null, second: null },
    anybodyRead: false,
    readAcl: { referrers: [], listings: false, accounts: [] },
    read: '',
    write: '',
    versioning: { enabled: undefined, legacy: undefined },
    storagePolicy: undefined,
  };
  const entry = (i: number): ObjectEntry => ({
    name: nameAt(i),
    hash: 'd41d8cd98f00b204e9800998ecf8427e',
    bytes: 10,
    content_type: 'application/octet-stream',
    last_modified: '2026-11-23T12:00:00.000000',
  });
  return (request) => {
    const r = request as { container?: string; marker?: string; limit?: number; reverse?: boolean };
    if (r.container !== CONTAINER) return undefined;
    const limit = r.limit ?? 10_000;
    // Names are fixed-width: the marker's own index; forwards starts after it, backwards just before it.
    const at = r.marker ? Number(r.marker.slice(2)) + (r.reverse ? 0 : 1) : undefined;
    const indexes = r.reverse
      ? Array.from({ length: Math.min(limit, at ?? count) }, (_, k) => (at ?? count) - 1 - k)
      : Array.from({ length: Math.max(0, Math.min(limit, count - (at ?? 0))) }, (_, k) => (at ?? 0) + k);
    const entries = indexes.map(entry);
    return sleep(PAGE_MS).then((): ObjectListing => ({
      container: figures,
      entries,
      nextMarker: entries.at(-1)?.name,
    }));
  };
}

export const uiMillion: Group = {
  id: 'ui-million',
  plan(ctx) {
    const rows = (ctx.opts.quick ? 20_000 : 1_000_000).toLocaleString('en-US');
    const title = (what: string) => `UI, ${rows} rows (in-memory stand-in, ${PAGE_MS} ms a page): ${what}`;
    ctx.results.define(
      { id: 'million-scroll', title: title('scroll to the last row'), unit: 's' },
      { id: 'million-gets', title: title('listing calls during that scroll'), unit: 'calls' },
      { id: 'million-frame', title: title('frame time p95'), unit: 'ms', target: { max: 17 } },
      { id: 'million-heap', title: title('renderer heap after it'), unit: 'MiB', target: { max: 238 } },
    );
    ctx.progress.plan(1);
  },
  async run(ctx) {
    if (!fs.existsSync(fullChromium()))
      throw new Error(`no Chromium at ${fullChromium()} (Debian: apt-get install chromium)`);
    const count = ctx.opts.quick ? 20_000 : 1_000_000;
    // The container exists in Swift (the tree lists it); its listing comes from the stand-in.
    await api(ctx.auth, 'PUT', objectUrl(ctx.auth, CONTAINER));
    const bundles = await buildUi(path.join(ctx.work, 'ui'));
    const browser = await chromium.launch({ executablePath: fullChromium(), args: ['--no-sandbox', '--disable-gpu'] });
    try {
      ctx.progress.step(`UI: scroll ${count.toLocaleString('en-US')} rows · Cirrus`);
      const app = await launchUi(browser, bundles, fs.mkdtempSync(path.join(ctx.work, 'ui-data-')), standIn(count));
      const { page, calls } = app;
      await signInWithForm(page, 'admin');
      const region = page.getByLabel('Region');
      await region.waitFor();
      if ((await region.inputValue()) !== 'RegionOne') await region.selectOption('RegionOne');
      await page.getByLabel('Filter containers by prefix').fill(CONTAINER);
      await page.getByRole('tree', { name: 'Containers' }).getByRole('treeitem', { name: CONTAINER }).waitFor();
      const item = { selector: '[role="tree"] [role="treeitem"]', text: CONTAINER };
      const firstRow = { selector: '[data-testid="object-scroller"] .row-name', text: nameAt(0), exact: true };
      await clickUntil(page, item, firstRow);
      const started = performance.now();
      const frames = await scrollToLast(page, nameAt(count - 1));
      ctx.results.add('million-scroll', 'Cirrus', (performance.now() - started) / 1000);
      ctx.results.add('million-gets', 'Cirrus', calls.get(LISTING) ?? 0);
      ctx.results.add('million-frame', 'Cirrus', percentile(frames, 0.95));
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = await cdp.send('Runtime.getHeapUsage');
      // The "< 250 MB" in MiB: 238 MiB = 250 MB.
      ctx.results.add('million-heap', 'Cirrus', heap.usedSize / 2 ** 20);
      await app.close();
    } finally {
      await browser.close();
      await api(ctx.auth, 'DELETE', objectUrl(ctx.auth, CONTAINER));
    }
  },
};
