/**
 * Who may call the main process over IPC: only the main frame of one of our
 * own windows, showing our own page. A compromised or navigated page, an
 * iframe, devtools or any other window is refused before any handler runs.
 *
 * Scheme and host are compared, not `URL.origin`: the WHATWG URL parser
 * (Node's, so Electron's main process) gives the origin "null" for a
 * non-special scheme such as `app:`, so `new URL('app://cirrus/').origin`
 * never equals "app://cirrus" and an origin check refuses every call.
 */

/** Where the app's page is served from, as scheme and host. */
export interface PageOrigin {
  /** With its colon, as `URL.protocol` gives it: `app:`. */
  protocol: string;
  host: string;
}

/** What the dispatcher knows about one IPC message's sender, reduced from Electron's event. */
export interface Caller {
  /** The id of the webContents that sent it. */
  webContentsId: number;
  /** The URL of the frame that sent it; undefined when the frame is gone. */
  frameUrl: string | undefined;
  /** True when the sending frame is its window's main (top) frame. */
  isMainFrame: boolean;
}

export function isPageUrl(url: string | undefined | null, origin: PageOrigin): boolean {
  if (typeof url !== 'string' || url === '') return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // `app://x@cirrus/` has host "cirrus" too; no real page of ours carries credentials.
  if (parsed.username !== '' || parsed.password !== '') return false;
  return parsed.protocol === origin.protocol && parsed.host === origin.host;
}

/** The trust rule: the main frame of a window the app opened (windows.ts knows which), on our page. */
export function trustedCaller(isAppWindow: (webContentsId: number) => boolean, origin: PageOrigin) {
  return (caller: Caller): boolean =>
    isAppWindow(caller.webContentsId) && caller.isMainFrame && isPageUrl(caller.frameUrl, origin);
}
