import type { BrowserContext } from 'playwright';
import { rendererResponse } from '../../electron/desktop/renderer-files';
import type { PageOrigin } from '../../electron/ipc/trusted-sender';

/** Where the Chromium host shows the page, in place of the app's app://cirrus/. */
export const CHROMIUM_PAGE: PageOrigin = { protocol: 'http:', host: 'cirrus.localhost' };
export const CHROMIUM_ORIGIN = `${CHROMIUM_PAGE.protocol}//${CHROMIUM_PAGE.host}`;

/**
 * Serves the built renderer at a fixed origin through the same function the
 * app's app:// protocol uses (electron/desktop/renderer-files.ts): the same
 * files, headers, CSP and refusals.
 */
export async function serveRenderer(context: BrowserContext, root: string): Promise<void> {
  await context.route(`${CHROMIUM_ORIGIN}/**`, async (route) => {
    const res = await rendererResponse(root, new URL(route.request().url()).pathname);
    await route.fulfill({
      status: res.status,
      headers: Object.fromEntries(res.headers),
      body: Buffer.from(await res.arrayBuffer()),
    });
  });
  // Everything else the page might try to reach is refused, as in the app.
  await context.route(
    (url) => !url.href.startsWith(CHROMIUM_ORIGIN),
    (route) => route.abort('blockedbyclient'),
  );
}
