import { protocol } from 'electron';
import { rendererResponse } from './renderer-files';
import { APP_PAGE, APP_SCHEME } from './security';

/** Must run before `app` is ready. `standard` gives the page a real origin for 'self' in the CSP. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** Serves the built renderer from `root` (a real, absolute path) at app://cirrus/. */
export function serveRenderer(root: string): void {
  protocol.handle(APP_SCHEME, (request) => {
    const url = URL.parse(request.url);
    // Only our own host: `app://other/index.html` is not the app.
    if (!url || url.host !== APP_PAGE.host) return new Response('Not found', { status: 404 });
    return rendererResponse(root, url.pathname);
  });
}
