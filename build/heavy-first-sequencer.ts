import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that keep a worker busy for a minute or so in `npm test`: the quick bench's two halves and the
 * 1 GiB round trip (53-94 s each on the shared two cores, the next longest ~25 s). Vitest orders files by
 * their last timings, and with none cached (a clean clone, CI) by size; these files are small, so they ran
 * last, and the one left running alone at the end held the stage ~10 s past the other worker.
 */
const HEAVY = [
  'e2e/bench/quick-transfers.int.test.ts',
  'e2e/bench/quick-browsing.int.test.ts',
  'electron/storage/streaming.int.test.ts',
];

const rank = (spec: TestSpecification): number => {
  const i = HEAVY.findIndex((file) => spec.moduleId.endsWith(file));
  return i < 0 ? HEAVY.length : i;
};

/** Vitest's own order, but the heavy files first, so the others fill in around them. */
export class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
