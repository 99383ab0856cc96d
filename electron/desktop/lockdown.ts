import type { Session, WebContents } from 'electron';
import { isPageUrl } from '../ipc/trusted-sender';
import { ALLOWED_PERMISSIONS, APP_PAGE } from './security';

/**
 * What a page of ours may never do, whatever script runs in it: navigate
 * away (a dropped file or a link would otherwise replace the app with
 * `file://…`), open windows, attach webviews.
 */
export function lockDownContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
}

const allowed = (permission: string, url: string | undefined): boolean =>
  ALLOWED_PERMISSIONS.has(permission) && isPageUrl(url, APP_PAGE);

/**
 * Permission requests (asked once, e.g. notifications) and permission checks
 * (asked silently, e.g. `navigator.permissions.query`, and by Chromium before
 * some APIs) are both refused, but for the clipboard write of our own page.
 */
export function denyPermissions(session: Session): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) =>
    callback(allowed(permission, details.requestingUrl ?? contents?.getURL())),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => allowed(permission, requestingOrigin));
  session.setDevicePermissionHandler(() => false);
}
