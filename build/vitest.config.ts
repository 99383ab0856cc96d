import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { SUITE_LANES } from '../testing/swift/config';
import { HeavyFirstSequencer } from './heavy-first-sequencer';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export default defineConfig({
  // The code that imports Electron runs in Node against a recording fake (see the file's comment).
  // Exactly `electron` (its subpaths are forbidden by lint outside the glue anyway).
  resolve: { alias: [{ find: /^electron$/, replacement: path.join(root, 'testing/electron/fake-electron.ts') }] },
  test: {
    root,
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{shared,electron,renderer,build,testing}/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          // The files share each worker's module cache instead of loading everything again per file:
          // 24 s instead of 71 s here. A unit test must therefore leave no module state behind.
          isolate: false,
          // Vitest's 5 s, but for the first test of a worker that loads main.ts's whole module graph: 9 s
          // on a two-core machine at load 15 (main-desktop.test), and CI shares its cores with Swift too.
          testTimeout: 15_000,
          // Four at once on two cores: most of a unit file's time is waiting (a stalled socket, a timer, a
          // child process), not computing. Vitest's default here was one: 26 s, against 13 s with four.
          maxWorkers: 4,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['{electron,e2e,testing}/**/*.int.test.ts'],
          exclude: ['node_modules/**'],
          globalSetup: [path.join(root, 'build/harness-setup.ts')],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // The integration suites share one real Swift harness, but each worker has a lane of it of its
          // own (its own tenants, proxies and identity port: testing/swift/config.ts), so files run two at a
          // time; a worker's files still run one after another, as each file's state in its lane expects.
          maxWorkers: SUITE_LANES,
          env: { CIRRUS_SWIFT_LANE_PER_WORKER: '1' },
          // As for the unit tests: one module cache for all the files (each file's own import took ~0.5 s).
          isolate: false,
        },
      },
    ],
  },
});
