import { startHarness } from '../testing/swift/harness';

/** Vitest global setup for the integration project: the real Swift harness must be up (idempotent). */
export default async function setup(): Promise<void> {
  await startHarness();
}
