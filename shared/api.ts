import type { CirrusApi, DroppedFile } from './contract';
import { channelOf, eventChannelOf, EVENTS, OPERATIONS, PRELOAD_ONLY, type EventName } from './operations';

export type Invoke = (channel: string, request: unknown) => Promise<unknown>;
export type Subscribe = (channel: string, listener: (payload: unknown) => void) => () => void;

const preloadOnly: ReadonlySet<string> = new Set(PRELOAD_ONLY);

/**
 * Builds `window.cirrus` from an invoke, a subscribe and a file-path function; the preload and the
 * Chromium test host share it. Preload-only operations are left off: the page must not reach them.
 */
export function buildApi(invoke: Invoke, subscribe: Subscribe, pathForFile: (file: DroppedFile) => string): CirrusApi {
  const api: Record<string, unknown> = {};
  for (const operation of OPERATIONS) {
    if (preloadOnly.has(operation)) continue;
    api[operation] = (request: unknown) => invoke(channelOf(operation), request);
  }
  api.on = (event: EventName, listener: (payload: unknown) => void) => {
    if (!EVENTS.includes(event)) throw new Error(`Unknown event ${String(event)}`);
    return subscribe(eventChannelOf(event), listener);
  };
  api.pathForFile = (file: DroppedFile) => pathForFile(file);
  return api as CirrusApi;
}
