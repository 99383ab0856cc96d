import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: './journeys',
  outputDir: './output/results',
  globalSetup: './global-setup.ts',
  // One app at a time: the journeys share one real Swift harness and two cores.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
});
