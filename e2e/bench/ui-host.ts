/**
 * The e2e Chromium host (see e2e/host.ts) for the bench: the built renderer,
 * the real preload, and the real main-process handlers in this process behind
 * the same dispatcher and trust rule. Two differences: the bench builds its
 * own bundles into its scratch folder (a run never rewrites dist/ under
 * someone's tests), and it counts the calls that cross, by operation.
 */
import path from 'node:path';
import type { Browser, Page } from 'playwright';
import { build } from 'vite';
import { createDispatcher } from '../../electron/ipc/dispatch';
import { createHandlers } from '../../electron/ipc/handlers';
import { trustedCaller } from '../../electron/ipc/trusted-sender';
import type { ObjectListing } from '../../shared/domain';
import { toListingColumns } from '../../shared/listing-columns';
import { eventChannelOf } from '../../shared/operations';
import { exposeIpc } from '../chromium/ipc-bridge';
import { CHROMIUM_ORIGIN, CHROMIUM_PAGE, serveRenderer } from '../chromium/serve-renderer';
import { testDeps } from '../../testing/electron/test-deps';
import { ROOT } from './options';

export interface UiBundles {
  renderer: string;
  preload: string;
}

let built: Promise<UiBundles> | undefined;

/**
 * The renderer as `npm run build` makes it, and the preload as the e2e host bundles it. Built once a run:
 * the UI groups share it (each build is some 5 s of CPU, and the quick bench runs inside `npm test`).
 */
export function buildUi(outDir: string): Promise<UiBundles> {
  return (built ??= buildUiOnce(outDir));
}

async function buildUiOnce(outDir: string): Promise<UiBundles> {
  const renderer = path.join(outDir, 'renderer');
  await build({
    configFile: path.join(ROOT, 'renderer/vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: renderer, emptyOutDir: true },
  });
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    resolve: { alias: { electron: path.join(ROOT, 'e2e/chromium/electron-shim.ts') } },
    build: {
      outDir,
      emptyOutDir: false,
      minify: false,
      lib: {
        entry: path.join(ROOT, 'electron/preload.ts'),
        formats: ['iife'],
        name: 'cirrusPreload',
        fileName: () => 'chromium-preload.js',
      },
    },
  });
  return { renderer, preload: path.join(outDir, 'chromium-preload.js') };
}

export interface UiApp {
  page: Page;
  /** Calls that crossed from the page to the handlers, by channel (`cirrus:listObjects`…). */
  calls: Map<string, number>;
  close(): Promise<void>;
}

/** Answers the listing of one container in place of Swift (the bench's in-memory stand-in); undefined: Swift answers. */
export type ListingStandIn = (request: unknown) => Promise<ObjectListing> | undefined;

export async function launchUi(
  browser: Browser,
  bundles: UiBundles,
  userDataDir: string,
  standIn?: ListingStandIn,
): Promise<UiApp> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await serveRenderer(context, bundles.renderer);
  const page = await context.newPage();
  const handlers = createHandlers({
    deps: testDeps(userDataDir, { next: null }, {}),
    emit: (event, payload) => {
      page
        .evaluate(([channel, data]) => window.__cirrusEmit(channel, data), [eventChannelOf(event), payload] as const)
        .catch(() => undefined); // the page may be closing
    },
  });
  const listObjects = handlers.listObjects;
  handlers.listObjects = async (request) => {
    const listing = standIn?.(request);
    return listing ? { ok: true, value: toListingColumns(await listing) } : listObjects(request);
  };
  const dispatcher = createDispatcher(
    handlers,
    trustedCaller((id) => id === 1, CHROMIUM_PAGE),
  );
  const calls = new Map<string, number>();
  await exposeIpc(context, (source, channel, request) => {
    calls.set(channel, (calls.get(channel) ?? 0) + 1);
    const caller = {
      webContentsId: source.page === page ? 1 : 2,
      frameUrl: source.frame.url(),
      isMainFrame: source.frame === source.page.mainFrame(),
    };
    return dispatcher.dispatch(channel, caller, request);
  });
  // tsx names functions with an `__name` helper; the functions the bench sends to the page need it.
  await context.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  await context.addInitScript({ path: bundles.preload });
  await page.goto(`${CHROMIUM_ORIGIN}/index.html`);
  return { page, calls, close: () => context.close() };
}
