import type { PageOrigin } from '../ipc/trusted-sender';

/**
 * The one Content-Security-Policy for the renderer: only the app's own
 * scripts and styles, no network from the page (every storage call goes
 * through the main process), no plugins, no framing, no forms posting away.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');

/** The renderer is served from `app://cirrus/`; IPC from any other page is refused. */
export const APP_SCHEME = 'app';
export const APP_PAGE: PageOrigin = { protocol: `${APP_SCHEME}:`, host: 'cirrus' };
export const APP_START_URL = `${APP_SCHEME}://${APP_PAGE.host}/index.html`;

/**
 * The only permission the page gets: writing text to the clipboard (the
 * "Copy" buttons for public URLs), and only from our own page. Camera,
 * notifications, geolocation, HID, … are all refused.
 */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);
