import { defineConfig } from '@playwright/test';
import { SUITE_LANES } from '../testing/swift/config';

export default defineConfig({
  testDir: './journeys',
  outputDir: './output/results',
  globalSetup: './global-setup.ts',
  // One app per lane of the real Swift harness (testing/swift/config.ts): each worker signs in to tenants
  // of its own, through its own proxies. A file's journeys stay together in one worker, in order.
  workers: SUITE_LANES,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  // No trace unless asked for (CIRRUS_E2E_TRACE=1): recording one snapshots the page's DOM at every action and
  // films it, in every journey, to keep only the failures'. Six spec files on one worker took 89-102 s with
  // it and 65-73 s without; while 100 uploads ran, the page drew 15 frames a second with it and 55 without.
  // A failure still prints its error, and leaves a screenshot and the page's accessibility tree.
  use: { trace: process.env.CIRRUS_E2E_TRACE === '1' ? 'retain-on-failure' : 'off', screenshot: 'only-on-failure' },
});
