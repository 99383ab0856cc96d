import { startHarness } from '../e2e/swift/harness';

/** Vitest global setup for the integration project: the real Swift harness must be up (idempotent). */
export default async function setup(): Promise<void> {
  await startHarness();
}
