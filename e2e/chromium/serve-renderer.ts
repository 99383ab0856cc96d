import fs from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext } from 'playwright';
import { CONTENT_SECURITY_POLICY } from '../../electron/security';

export const CHROMIUM_ORIGIN = 'http://cirrus.localhost';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json',
};

/** Serves the built renderer at a fixed origin, as electron/app-protocol.ts does for app://cirrus. */
export async function serveRenderer(context: BrowserContext, root: string): Promise<void> {
  await context.route(`${CHROMIUM_ORIGIN}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    const file = path.resolve(root, `.${decodeURIComponent(pathname === '/' ? '/index.html' : pathname)}`);
    if (!file.startsWith(root + path.sep)) return route.fulfill({ status: 404 });
    try {
      const body = await fs.readFile(file);
      await route.fulfill({
        status: 200,
        body,
        headers: {
          'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
          'content-security-policy': CONTENT_SECURITY_POLICY,
        },
      });
    } catch {
      await route.fulfill({ status: 404 });
    }
  });
  // Everything else the page might try to reach is refused, as in the app.
  await context.route(
    (url) => !url.href.startsWith(CHROMIUM_ORIGIN),
    (route) => route.abort('blockedbyclient'),
  );
}
