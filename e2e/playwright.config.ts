import { defineConfig } from '@playwright/test';
import { LANES } from '../testing/swift/config';

export default defineConfig({
  testDir: './journeys',
  outputDir: './output/results',
  globalSetup: './global-setup.ts',
  // One app per lane of the real Swift harness (testing/swift/config.ts): each worker signs in to tenants
  // of its own, through its own proxies. A file's journeys stay together in one worker, in order.
  workers: LANES,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
});
