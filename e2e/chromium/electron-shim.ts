/**
 * Stands in for the parts of `electron` that electron/preload.ts uses, so the
 * real preload runs in plain Chromium: `invoke` goes to a Playwright binding
 * that calls the real main-process handlers in the test process, events come
 * back through `__cirrusEmit`, which the test host calls, and a dropped file's
 * path comes from the test that dropped it.
 */
type Listener = (event: unknown, payload: unknown) => void;

declare global {
  interface Window {
    /** Answers the handler's response as JSON text, or where to fetch it (see ipc-bridge.ts). */
    __cirrusInvoke(channel: string, request: unknown): Promise<{ json: string } | { fetch: string }>;
    __cirrusEmit(channel: string, payload: unknown): void;
    /** Set by e2e/fixtures/drop-files.ts: where each test file lives on disk, by name. */
    __cirrusTestFilePaths?: Record<string, string>;
  }
}

const listeners = new Map<string, Set<Listener>>();

Object.defineProperty(window, '__cirrusEmit', {
  value: (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener({}, structuredClone(payload));
  },
});

export const contextBridge = {
  exposeInMainWorld(key: string, api: object): void {
    // Like contextBridge, the page gets a frozen copy it cannot rewire.
    Object.defineProperty(window, key, { value: Object.freeze({ ...api }), enumerable: true });
  },
};

export const ipcRenderer = {
  async invoke(channel: string, request: unknown): Promise<unknown> {
    // Structured clone, as Electron's IPC does, so nothing live crosses. The answer comes back as
    // JSON text: Playwright tags every value of an object it returns (a 10,000-row listing took
    // ~0.5 s that way, where Electron's structured clone takes milliseconds). A large one is fetched
    // from the page's own origin instead (ipc-bridge.ts says why).
    const reply = await window.__cirrusInvoke(channel, structuredClone(request));
    if ('json' in reply) return JSON.parse(reply.json) as unknown;
    const res = await fetch(reply.fetch);
    if (!res.ok) throw new Error(`The test host lost the answer to ${channel} (HTTP ${res.status}).`);
    return (await res.json()) as unknown;
  },
  on(channel: string, listener: Listener): void {
    if (!listeners.has(channel)) listeners.set(channel, new Set());
    listeners.get(channel)!.add(listener);
  },
  removeListener(channel: string, listener: Listener): void {
    listeners.get(channel)?.delete(listener);
  },
};

/**
 * Plain Chromium cannot tell a File's path; the test that made the File says where it lives. The
 * real preload then grants that path to the main process (`grantDroppedFile`) through `invoke`
 * above, which reaches the real handlers, so drops are granted here as in Electron. (Unlike
 * Electron, this test host lets the page itself reach `__cirrusInvoke` and these paths: it proves
 * the journeys, not the isolation, which electron/preload.test.ts and main.int.test.ts cover.)
 */
export const webUtils = {
  getPathForFile(file: File): string {
    return window.__cirrusTestFilePaths?.[file.name] ?? '';
  },
};
