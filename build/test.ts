/**
 * `npm test`: typecheck, lint, build, unit, integration and e2e, in that order,
 * stopping at the first failure. The real Swift harness is started once for
 * the integration and e2e stages, and stopped again if this run started it.
 * To stay inside the suite's 15 minutes on two cores, typecheck and lint (one
 * core each) run side by side, and the harness starts in the background while
 * the stages before the integration tests run.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { harnessReady, startHarness, stopHarness } from '../testing/swift/harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'e2e/output/reports');
const counts = { passed: 0, failed: 0, skipped: 0 };

function run(stage: string, command: string, args: string[], afterwards?: () => void): void {
  console.log(`\n== ${stage}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  console.log(
    `== ${stage}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  afterwards?.();
  if (result.status !== 0) throw new StageFailed(stage);
}

/** As `run`, without blocking: its output is held and printed whole when it ends, so two never interleave. */
function runAside(stage: string, command: string, args: string[]): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    const output: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => output.push(b));
    child.stderr.on('data', (b: Buffer) => output.push(b));
    child.on('error', reject);
    child.on('close', (status) => {
      console.log(`\n== ${stage}: ${command} ${args.join(' ')}`);
      process.stdout.write(Buffer.concat(output));
      console.log(`== ${stage}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (status === 0) resolve();
      else reject(new StageFailed(stage));
    });
  });
}

class StageFailed extends Error {}

function vitest(project: string): void {
  const report = path.join(reports, `${project}.json`);
  fs.rmSync(report, { force: true });
  const args = [
    'vitest',
    'run',
    '--config',
    'build/vitest.config.ts',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  run(project, 'npx', args, () =>
    count(report, (json: VitestReport) => [
      json.numPassedTests,
      json.numFailedTests,
      json.numPendingTests + json.numTodoTests,
    ]),
  );
}

function count<T>(report: string, read: (json: T) => [number, number, number]): void {
  if (!fs.existsSync(report)) return;
  const [passed, failed, skipped] = read(JSON.parse(fs.readFileSync(report, 'utf8')) as T);
  counts.passed += passed;
  counts.failed += failed;
  counts.skipped += skipped;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; skipped: number; flaky: number };
}

function playwright(): void {
  const report = path.join(reports, 'e2e.json');
  process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = report;
  fs.rmSync(report, { force: true });
  run('e2e', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'], () =>
    count(report, (json: PlaywrightReport) => [
      json.stats.expected,
      json.stats.unexpected + json.stats.flaky,
      json.stats.skipped,
    ]),
  );
}

fs.mkdirSync(reports, { recursive: true });
let startedHarness = false;
let exitCode = 0;
startedHarness = !(await harnessReady());
// Its failure is reported where the integration stage waits for it, not as an unhandled rejection.
const harness = startHarness().then(
  () => undefined,
  (err: unknown) => err,
);
try {
  const checks = await Promise.allSettled([
    runAside('typecheck', 'npm', ['run', '--silent', 'typecheck']),
    runAside('lint', 'npm', ['run', '--silent', 'lint']),
  ]);
  for (const check of checks) if (check.status === 'rejected') throw check.reason;
  // Built once, first: the unit tests serve the built renderer through main.ts's app:// protocol,
  // and the e2e journeys load the same bundles.
  run('build', 'npm', ['run', '--silent', 'build']);
  process.env.CIRRUS_BUILT = '1';
  vitest('unit');
  const started = Date.now();
  const harnessError = await harness;
  if (harnessError) throw harnessError;
  console.log(`\n== harness: ready (waited ${((Date.now() - started) / 1000).toFixed(1)} s after the unit tests)`);
  vitest('integration');
  playwright();
} catch (err) {
  if (!(err instanceof StageFailed)) console.error(err);
  exitCode = 1;
} finally {
  if (startedHarness && !process.env.CIRRUS_KEEP_HARNESS) await stopHarness();
}
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(exitCode || (counts.failed > 0 ? 1 : 0));
