import type { CirrusApi } from './contract';
import { channelOf, OPERATIONS } from './operations';

/** Builds `window.cirrus` from one invoke function; the preload and the Chromium test host share it. */
export function buildApi(invoke: (channel: string, request: unknown) => Promise<unknown>): CirrusApi {
  const api: Record<string, (request: unknown) => Promise<unknown>> = {};
  for (const operation of OPERATIONS) {
    api[operation] = (request: unknown) => invoke(channelOf(operation), request);
  }
  return api as CirrusApi;
}
