import type { CirrusApi } from '../shared/contract';

// What the preload exposes, as journeys see it from page.evaluate.
declare global {
  interface Window {
    cirrus: CirrusApi;
  }
}
