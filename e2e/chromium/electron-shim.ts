/**
 * Stands in for the two parts of `electron` that electron/preload.ts uses, so
 * the real preload runs in plain Chromium: `invoke` goes to a Playwright
 * binding that calls the real main-process handlers in the test process.
 */
declare global {
  interface Window {
    __cirrusInvoke(channel: string, request: unknown): Promise<unknown>;
  }
}

export const contextBridge = {
  exposeInMainWorld(key: string, api: object): void {
    // Like contextBridge, the page gets a frozen copy it cannot rewire.
    Object.defineProperty(window, key, { value: Object.freeze({ ...api }), enumerable: true });
  },
};

export const ipcRenderer = {
  invoke(channel: string, request: unknown): Promise<unknown> {
    // Structured clone, as Electron's IPC does, so nothing live crosses.
    return window.__cirrusInvoke(channel, structuredClone(request));
  },
};
