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

/** The renderer is served from this origin; IPC from any other frame is refused. */
export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://cirrus`;

export function isTrustedUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return new URL(url).origin === APP_ORIGIN;
  } catch {
    return false;
  }
}
