/**
 * `npm test`: lint beside typecheck, build and unit; then integration and e2e,
 * stopping after the first stage that fails. The real Swift harness is
 * started once for the integration and e2e stages, and stopped again if this
 * run started it. Side by side, as neither fills the machine alone: lint (one
 * core) and the chain before the integration tests; the harness's start and
 * both of them; the integration files and the journeys, each on lanes of the
 * harness of its own (testing/swift/config.ts SUITE_LANES).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUITE_LANES } from '../testing/swift/config';
import { harnessReady, startHarness, stopHarness } from '../testing/swift/harness';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, 'e2e/output/reports');
const counts = { passed: 0, failed: 0, skipped: 0 };

/**
 * Runs a stage beside whatever else is running. Held: its output is printed whole when it ends, so two never interleave;
 * otherwise it goes straight through (one stage of those running at once may, so a log shows progress).
 */
function runAside(
  stage: string,
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; held?: boolean } = {},
): Promise<void> {
  const started = Date.now();
  const { env = process.env, held = true } = opts;
  if (!held) console.log(`\n== ${stage}: ${command} ${args.join(' ')} (its output as it comes)`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', held ? 'pipe' : 'inherit', held ? 'pipe' : 'inherit'],
      env,
    });
    const output: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => output.push(b));
    child.stderr?.on('data', (b: Buffer) => output.push(b));
    child.on('error', reject);
    child.on('close', (status) => {
      if (held) {
        console.log(`\n== ${stage}: ${command} ${args.join(' ')}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`== ${stage}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      if (status === 0) resolve();
      else reject(new StageFailed(stage));
    });
  });
}

class StageFailed extends Error {}

function vitestArgs(project: string, report: string): string[] {
  return [
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
}

const countVitest = (report: string) => () =>
  count(report, (json: VitestReport) => [
    json.numPassedTests,
    json.numFailedTests,
    json.numPendingTests + json.numTodoTests,
  ]);

/** A Vitest project as a stage of its own, its output as it comes. */
function vitestAside(project: string): Promise<void> {
  const report = path.join(reports, `${project}.json`);
  fs.rmSync(report, { force: true });
  return runAside(project, 'npx', vitestArgs(project, report), { held: false }).finally(countVitest(report));
}

/** The integration files on lanes 0-1 and the journeys on the lanes after them, at once. */
async function integrationBesideE2e(): Promise<void> {
  const integration = path.join(reports, 'integration.json');
  const e2e = path.join(reports, 'e2e.json');
  for (const report of [integration, e2e]) fs.rmSync(report, { force: true });
  const stages = await Promise.allSettled([
    runAside('integration', 'npx', vitestArgs('integration', integration)).finally(countVitest(integration)),
    runAside('e2e', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: e2e, CIRRUS_SWIFT_LANE_BASE: String(SUITE_LANES) },
      held: false,
    }).finally(countPlaywright(e2e)),
  ]);
  for (const stage of stages) if (stage.status === 'rejected') throw stage.reason;
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

const countPlaywright = (report: string) => () =>
  count(report, (json: PlaywrightReport) => [
    json.stats.expected,
    json.stats.unexpected + json.stats.flaky,
    json.stats.skipped,
  ]);

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
  // Lint (one core, some 20 s) beside the chain that needs the build: the unit tests serve the built
  // renderer through main.ts's app:// protocol, and the journeys load the same bundles. The unit files
  // mostly wait (stalled sockets, timers), so the two share the cores well.
  const checks = await Promise.allSettled([
    runAside('lint', 'npm', ['run', '--silent', 'lint']),
    (async () => {
      await runAside('typecheck', 'npm', ['run', '--silent', 'typecheck'], { held: false });
      await runAside('build', 'npm', ['run', '--silent', 'build'], { held: false });
      process.env.CIRRUS_BUILT = '1';
      await vitestAside('unit');
    })(),
  ]);
  for (const check of checks) if (check.status === 'rejected') throw check.reason;
  const started = Date.now();
  const harnessError = await harness;
  if (harnessError) throw harnessError;
  console.log(`\n== harness: ready (waited ${((Date.now() - started) / 1000).toFixed(1)} s after the unit tests)`);
  await integrationBesideE2e();
} catch (err) {
  if (!(err instanceof StageFailed)) console.error(err);
  exitCode = 1;
} finally {
  if (startedHarness && !process.env.CIRRUS_KEEP_HARNESS) await stopHarness();
}
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(exitCode || (counts.failed > 0 ? 1 : 0));
