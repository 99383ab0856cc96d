/**
 * `npm run bench`: Cirrus's own code paths against curl, the swift CLI and
 * rclone, interleaved in one run against the project's Swift harness (started
 * if it is not running). Prints one table (min / median / max, and Cirrus's
 * median over each peer's) and writes it to bench-results/<stamp>.json.
 * Figures only: nothing here passes or fails on a time.
 *
 *   --quick (or CIRRUS_BENCH_QUICK=1)  small sizes, one rep: proves every row still runs
 *   --only=transfers,segmented,listing,extract,small,folder,ui,ui-million,bandwidth,sync,sync-scale   some row groups only
 *   --out=<folder>                     where the results go (default bench-results/)
 *   CIRRUS_BENCH_MIB, CIRRUS_BENCH_NAMES, CIRRUS_BENCH_REPS   override the sizes and reps
 *   CIRRUS_BENCH_SEGMENTED_MIB, CIRRUS_BENCH_SEGMENT_MIB, CIRRUS_BENCH_STREAMS   the segmented file,
 *                                      its segment size and the streams (5120, 256, 4)
 *   CIRRUS_BENCH_SCALE_FILES            the compare at scale's files (100,000)
 *   CIRRUS_BENCH_LIMITED_MIB, CIRRUS_BENCH_LIMIT_MIBPS   the file moved under a bandwidth limit, and
 *                                      the limit (1024 MiB at 10 MiB/s)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHarness } from '../../testing/swift/harness';
import type { Context, Group } from './group';
import { bandwidth } from './groups/bandwidth';
import { extract } from './groups/extract';
import { folder } from './groups/folder';
import { listing } from './groups/listing';
import { segmented } from './groups/segmented';
import { smallCalls } from './groups/small-calls';
import { sync } from './groups/sync';
import { syncScale } from './groups/sync-scale';
import { transfers } from './groups/transfers';
import { ui } from './groups/ui';
import { uiMillion } from './groups/ui-million';
import { benchOptions, ROOT } from './options';
import { findPeers } from './peers';
import { Progress } from './progress';
import { Results, type RowResult } from './results';
import { bundleWorker } from './run-worker';
import { api, objectUrl, removeContainer, signIn } from './swift-api';
import { markdownTable, textTable } from './table';

const GROUPS: Group[] = [
  transfers,
  segmented,
  listing,
  extract,
  smallCalls,
  folder,
  ui,
  uiMillion,
  bandwidth,
  sync,
  syncScale,
];

const opts = benchOptions();
const progress = new Progress();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const started = performance.now();

progress.note(`Cirrus bench, ${opts.quick ? 'quick' : 'full'} mode: ${opts.reps} rep(s) of each tool, interleaved.`);
await startHarness({ quiet: true });
const peers = findPeers((line) => progress.note(line));
const auth = await signIn();
const container = `cirrus-bench-run-${stamp.toLowerCase()}`;
await api(auth, 'PUT', objectUrl(auth, container));
const ctx: Context = {
  opts,
  peers,
  results: new Results(),
  progress,
  auth,
  container,
  work: fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-bench-')),
};
await bundleWorker(ctx.work);
const groups = GROUPS.filter((g) => !opts.only || opts.only.has(g.id));
for (const group of groups) group.plan(ctx);

const errors: string[] = [];
try {
  for (const group of groups) {
    // A fresh token per group: a long run must not outlive the one it started with.
    ctx.auth = await signIn();
    await group.run(ctx).catch((err: unknown) => {
      errors.push(`${group.id}: ${err instanceof Error ? err.message : String(err)}`);
      progress.note(`The ${group.id} rows failed: ${errors.at(-1)}`);
    });
  }
} finally {
  progress.note('Cleaning up…');
  await removeContainer(await signIn(), container).catch(() => undefined);
  fs.rmSync(ctx.work, { recursive: true, force: true });
  progress.end();
}

const rows = ctx.results.rows();
const seconds = Math.round((performance.now() - started) / 1000);
const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}`;
console.log(textTable(rows));
console.log(`\n${machine}; Node ${process.version}; ${opts.quick ? 'quick' : 'full'} mode, ${seconds} s.`);
const behind = rows.filter((r) => r.behind.length).map((r: RowResult) => `  ${r.title}: ${r.behind.join(', ')}`);
if (behind.length) console.log(`Behind the issue's targets:\n${behind.join('\n')}`);

fs.mkdirSync(opts.outDir, { recursive: true });
const out = path.join(opts.outDir, `${stamp}.json`);
const report = {
  stamp,
  mode: opts.quick ? 'quick' : 'full',
  seconds,
  machine,
  node: process.version,
  peers,
  opts,
  rows,
  errors,
};
fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
fs.writeFileSync(out.replace(/\.json$/, '.md'), `${markdownTable(rows)}\n\n${machine}\n`);
console.log(`Results: ${out.startsWith(ROOT) ? path.relative(ROOT, out) : out}`);
if (errors.length) {
  console.error(`\n${errors.length} row group(s) failed:\n${errors.join('\n')}`);
  process.exitCode = 1;
}
