import type { CirrusApi } from '../shared/contract';

// What the preload exposes, as journeys see it from page.evaluate.
declare global {
  interface Window {
    cirrus: CirrusApi;
    /** Where each test-dropped file lives (see fixtures/drop-files.ts). */
    __cirrusTestFilePaths?: Record<string, string>;
  }
}
