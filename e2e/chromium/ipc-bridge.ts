/**
 * The Chromium host's side of `ipcRenderer.invoke` (see electron-shim.ts): a
 * Playwright binding that hands each call to the real dispatcher. Why answers
 * travel two ways: a binding's reply crosses the DevTools protocol into the
 * page's main thread, which parses it there; a 10,000-row listing (1.6 MB)
 * held that thread ~250 ms, a frozen frame on every page of a scroll that
 * Electron's structured clone does not cause. A large answer is therefore
 * parked here and fetched by the page from its own origin, which the browser
 * process serves off the page's thread; a small one comes in the reply.
 */
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Frame, Page } from 'playwright';
import { CHROMIUM_ORIGIN } from './serve-renderer';

/** Where a call came from, as Playwright tells a binding. */
export interface BindingSource {
  page: Page;
  frame: Frame;
}

/** Answers up to this many characters of JSON come in the binding's reply. */
const INLINE_LIMIT = 64 * 1024;
/** Where the page fetches a parked answer, under its own origin (the CSP allows connect-src 'self'). */
export const PARKED_PATH = '/__cirrus-ipc/';

/** What the binding answers the page: the response's JSON, or where to fetch it. */
export type BridgeReply = { json: string } | { fetch: string };

export async function exposeIpc(
  context: BrowserContext,
  invoke: (source: BindingSource, channel: string, request: unknown) => Promise<unknown>,
): Promise<void> {
  const parked = new Map<string, string>();
  // Registered after the renderer's files, so it is asked first (Playwright runs the latest route first).
  await context.route(`${CHROMIUM_ORIGIN}${PARKED_PATH}*`, async (route) => {
    const id = new URL(route.request().url()).pathname.slice(PARKED_PATH.length);
    const json = parked.get(id);
    parked.delete(id);
    if (json === undefined) return route.fulfill({ status: 404, body: '' });
    return route.fulfill({ status: 200, contentType: 'application/json', body: json });
  });
  await context.exposeBinding(
    '__cirrusInvoke',
    async (source: BindingSource, channel: string, request: unknown): Promise<BridgeReply> => {
      const json = JSON.stringify(await invoke(source, channel, request));
      if (json.length <= INLINE_LIMIT) return { json };
      const id = randomUUID();
      parked.set(id, json);
      return { fetch: `${PARKED_PATH}${id}` };
    },
  );
}
