/**
 * A one-off measurement (not a test) of how the browse panes render at scale:
 * 10,000 containers in the tree, a container of 100,000 objects in the grid,
 * and the tree scanning that container's 100 pages for folders. The built
 * renderer runs in Chromium against a stand-in `window.cirrus` that answers
 * listings from memory after a simulated 30 ms round trip, so the numbers are
 * the renderer's own. Run: `npx tsx build/bundle.ts && npx tsx e2e/bench/browse-10k.ts`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright';
import type { Request, Response } from '../../shared/contract';
import type { Container } from '../../shared/domain';
import { SWIFT_DEFAULT_LIMITS, type ServiceLimits } from '../../shared/limits';
import type { Operation } from '../../shared/operations';
import { CHROMIUM_ORIGIN, serveRenderer } from '../chromium/serve-renderer';
import { fullChromium } from '../chromium/binary';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONTAINERS = 10_000;
const OBJECTS = 100_000;
const LATENCY_MS = 30;

/** Runs in the page before the app: a fake main process holding the listings in memory. */
export function fakeCirrus([containerCount, objectCount, latency, limits]: [
  number,
  number,
  number,
  ServiceLimits,
]): void {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const containers = Array.from({ length: containerCount }, (_, i) => `c-${pad(i, 5)}`);
  containers.push('huge');
  const objects = Array.from({ length: objectCount }, (_, i) => `obj-${pad(i, 6)}.txt`);
  // A few folders after all the plain objects: the tree must scan every page to find them.
  for (let i = 0; i < 5; i++) objects.push(`zz-folder-${i}/inside.txt`);
  const figures = { name: 'huge', objectCount: objects.length, bytesUsed: objects.length * 10 };
  const unset = { first: null, second: null };
  const container: Container = {
    ...figures,
    tempUrlKeys: unset,
    versioning: { enabled: undefined, legacy: undefined },
    storagePolicy: undefined,
    metadata: {},
    anybodyRead: false,
    readAcl: { referrers: [], listings: false, accounts: [] },
    read: '',
    write: '',
  };
  const after = (list: string[], marker: string | undefined) => {
    if (!marker) return 0;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! <= marker) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const firstAtOrAfter = (list: string[], value: string) => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const levels = new Map<string, string[]>();
  const ok = <T>(value: T) => new Promise((resolve) => setTimeout(() => resolve({ ok: true, value }), latency));
  // Typed against the contract, so the stand-in cannot drift from what the app asks and expects.
  const handlers: { [O in Operation]?: (r: Request<O>) => Response<O> } = {
    getSession: () => ({
      userName: 'bench',
      tenantName: 'bench',
      authUrl: 'http://bench/v3',
      regions: [{ name: 'RegionOne', endpoint: 'http://bench/v1/AUTH_bench' }],
      expiresAt: undefined,
    }),
    getAccount: () => ({
      containerCount: containers.length,
      objectCount: objects.length,
      bytesUsed: 0,
      metadata: {},
      tempUrlKeys: unset,
      policies: [],
    }),
    getLimits: () => limits,
    getContainer: () => container,
    listContainers: (r) => {
      const prefix = r.prefix ?? '';
      const list = prefix ? containers.filter((c) => c.startsWith(prefix)) : containers;
      const page = list.slice(after(list, r.marker)).slice(0, r.limit ?? 1000);
      return {
        containers: page.map((name) => ({
          name,
          objectCount: name === 'huge' ? objects.length : 1,
          bytesUsed: 10,
          lastModified: undefined,
        })),
        nextMarker: page.at(-1),
      };
    },
    // Answered as the main process answers it: columns (shared/listing-columns.ts).
    listObjects: (r) => {
      const prefix = r.prefix ?? '';
      const limit = r.limit ?? 1000;
      // The level's rows in order (a folder once, where its first name sorts), kept per level.
      const key = `${prefix}\n${r.delimiter ?? ''}`;
      let level = levels.get(key);
      if (!level) {
        level = [];
        for (let i = firstAtOrAfter(objects, prefix); objects[i]?.startsWith(prefix); i++) {
          const name = objects[i]!;
          const slash = r.delimiter ? name.indexOf('/', prefix.length) : -1;
          const row = slash >= 0 ? name.slice(0, slash + 1) : name;
          if (level.at(-1) !== row) level.push(row);
        }
        levels.set(key, level);
      }
      // Forwards: the rows after the marker; backwards (`reverse`, as End asks): those before it, last first.
      const names = r.reverse
        ? level
            .slice(0, r.marker ? firstAtOrAfter(level, r.marker) : level.length)
            .slice(-limit)
            .reverse()
        : level.slice(after(level, r.marker)).slice(0, limit);
      const bytes = names.map((name) => (name.endsWith('/') ? -1 : 10));
      const modified = bytes.map((b) => (b < 0 ? null : Date.UTC(2024, 2, 5, 12)));
      const types = bytes.map(() => 0);
      return { container, names, bytes, modified, types, contentTypes: ['text/plain'], nextMarker: names.at(-1) };
    },
  };
  const api = new Proxy(
    {},
    {
      get: (_target, op: string) => {
        if (op === 'on') return () => () => undefined;
        if (op === 'pathForFile') return () => '';
        const handler = handlers[op as Operation] as ((r: unknown) => unknown) | undefined;
        return (request: unknown) =>
          handler ? ok(handler(request)) : Promise.resolve({ ok: false, error: { code: 'unexpected', message: op } });
      },
    },
  );
  Object.defineProperty(window, 'cirrus', { value: api });
  // Long tasks (> 50 ms on the main thread): what a person would feel as jank.
  const longTasks: number[] = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(e.duration))).observe({
    type: 'longtask',
    buffered: true,
  });
  Object.defineProperty(window, '__longTasks', { value: longTasks });
}

interface Phase {
  phase: string;
  ms: number;
  longTasks: number;
  longestTaskMs: number;
  frame: { p50: number; p95: number; max: number } | undefined;
  domRows: number;
  heapMiB: number;
}

const drainLongTasks = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __longTasks?: number[] }).__longTasks ?? []).splice(0));

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return sorted.length ? { p50: at(0.5), p95: at(0.95), max: Math.round(sorted.at(-1)!) } : undefined;
};

/** Scrolls to the end until `lastText` is visible; the time of each step from scroll to the next painted frame. */
async function scrollToEnd(page: Page, testId: string, lastText: string): Promise<number[]> {
  return page.evaluate(
    async ([id, text]) => {
      const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const times: number[] = [];
      const deadline = performance.now() + 120_000;
      while (![...el.querySelectorAll('.row-name')].some((n) => n.textContent === text)) {
        if (performance.now() > deadline) throw new Error(`never reached ${text}`);
        // A person dragging the scrollbar: big steps, one per frame.
        const start = performance.now();
        el.scrollTop += el.clientHeight * 3;
        await frame();
        times.push(performance.now() - start);
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - 2) await new Promise((r) => setTimeout(r, 20));
      }
      return times;
    },
    [testId, lastText] as const,
  );
}

async function randomJumps(page: Page, testId: string): Promise<number[]> {
  return page.evaluate(async (id) => {
    const el = document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const times: number[] = [];
    for (let i = 0; i < 60; i++) {
      const start = performance.now();
      el.scrollTop = Math.random() * el.scrollHeight;
      await frame();
      times.push(performance.now() - start);
    }
    return times;
  }, testId);
}

async function measure(page: Page, phase: string, run: () => Promise<number[] | void>, rows: string): Promise<Phase> {
  await drainLongTasks(page);
  const start = Date.now();
  const frames = await run();
  const ms = Date.now() - start;
  const tasks = await drainLongTasks(page);
  const { domRows, heap } = await page.evaluate(
    (selector) => ({
      domRows: document.querySelectorAll(selector).length,
      heap: (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0,
    }),
    rows,
  );
  return {
    phase,
    ms,
    longTasks: tasks.length,
    longestTaskMs: Math.round(Math.max(0, ...tasks)),
    frame: frames ? stats(frames) : undefined,
    domRows,
    heapMiB: Math.round(heap / 1024 / 1024),
  };
}

/** The page with the stand-in main process, ready to load the renderer. */
export async function benchPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await serveRenderer(context, process.env.CIRRUS_BENCH_RENDERER ?? path.join(root, 'dist/renderer'));
  // tsx names functions with an `__name` helper; the page needs it for the functions sent there.
  const args = JSON.stringify([CONTAINERS, OBJECTS, LATENCY_MS, SWIFT_DEFAULT_LIMITS]);
  await context.addInitScript({ content: `globalThis.__name = (f) => f; (${fakeCirrus.toString()})(${args});` });
  return context.newPage();
}

export const launchBenchBrowser = () =>
  chromium.launch({
    executablePath: fullChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info'],
  });

async function main(): Promise<void> {
  const browser = await launchBenchBrowser();
  try {
    const page = await benchPage(browser);
    const results: Phase[] = [];
    const tree = page.getByRole('tree', { name: 'Containers' });

    results.push(
      await measure(
        page,
        'first containers shown',
        async () => {
          await page.goto(`${CHROMIUM_ORIGIN}/index.html`);
          await tree.getByRole('treeitem', { name: 'c-00000', exact: true }).waitFor();
        },
        '[role="treeitem"]',
      ),
    );
    results.push(
      await measure(
        page,
        `tree scrolled to container ${CONTAINERS.toLocaleString('en-US')} (11 pages)`,
        () => scrollToEnd(page, 'container-scroller', 'huge'),
        '[role="treeitem"]',
      ),
    );
    results.push(
      await measure(page, 'tree: 60 random jumps', () => randomJumps(page, 'container-scroller'), '[role="treeitem"]'),
    );
    results.push(
      await measure(
        page,
        'filter "huge", open it (100,005 objects): first rows',
        async () => {
          await page.getByLabel('Filter containers by prefix').fill('huge');
          await tree.getByRole('treeitem', { name: 'huge', exact: true }).click();
          await page.getByRole('grid', { name: 'Objects' }).getByText('obj-000000.txt', { exact: true }).waitFor();
        },
        '[role="row"]',
      ),
    );
    results.push(
      await measure(
        page,
        'grid scrolled to its last row (101 pages)',
        () => scrollToEnd(page, 'object-scroller', 'zz-folder-4'),
        '[role="row"]',
      ),
    );
    results.push(
      await measure(page, 'grid: 60 random jumps', () => randomJumps(page, 'object-scroller'), '[role="row"]'),
    );
    results.push(
      await measure(
        page,
        'tree: expand "huge" (folders after 100,000 objects; pages shared with the grid)',
        async () => {
          await tree.getByRole('treeitem', { name: 'huge', exact: true }).press('ArrowRight');
          await tree.getByRole('treeitem', { name: 'zz-folder-4', exact: true }).waitFor({ timeout: 120_000 });
        },
        '[role="treeitem"]',
      ),
    );
    // The worst case for the tree: nothing cached, 101 pages scanned one after another for 5 folders.
    const fresh = await benchPage(browser);
    await fresh.goto(`${CHROMIUM_ORIGIN}/index.html`);
    await fresh.getByLabel('Filter containers by prefix').fill('huge');
    const freshTree = fresh.getByRole('tree', { name: 'Containers' });
    await freshTree.getByRole('treeitem', { name: 'huge', exact: true }).waitFor();
    results.push(
      await measure(
        fresh,
        'fresh window: expand "huge" in the tree, nothing cached (101 pages scanned)',
        async () => {
          await freshTree.getByRole('treeitem', { name: 'huge', exact: true }).press('ArrowRight');
          await freshTree.getByRole('treeitem', { name: 'zz-folder-4', exact: true }).waitFor({ timeout: 120_000 });
        },
        '[role="treeitem"]',
      ),
    );
    console.table(
      results.map(({ frame, ...r }) => ({
        ...r,
        'frame p50/p95/max ms': frame ? `${frame.p50}/${frame.p95}/${frame.max}` : '',
      })),
    );
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
