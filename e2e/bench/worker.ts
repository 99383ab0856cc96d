/**
 * A process of its own for one measured operation (the argument, an Op as
 * JSON), so the RSS and CPU it reports are that operation's and nothing
 * else's, as the app's main process would see them. Answers an OpResult over
 * the IPC channel `fork` opens.
 */
import { keepYoungGenerationSmall } from '../../electron/storage/young-garbage';
import { prepareCirrus } from './cirrus-ops';
import { prepareFloor } from './floor-ops';
import type { Op, OpOutcome, OpResult } from './ops';

const MiB = 1024 * 1024;

/**
 * The preparation (signing in, reading /info) makes undici's HTTP parser, a
 * WebAssembly module, hot enough for V8 to compile it again in the
 * background. Timed straight after, that compile fell inside the measured
 * work: in a warm compare of 10,000 files V8's worker threads used 70-90 ms
 * of CPU before the walk ended, 10-20 ms once the process had been idle
 * 300 ms (per-thread CPU from /proc; gone with --liftoff-only too), and on
 * this two-core machine that CPU is Swift's, slowing its own answer. The
 * app's main process is long past that when a person starts anything, so
 * the work is timed once the process has been idle this long.
 */
const SETTLE_MS = 300;

const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

async function measure(work: () => Promise<OpOutcome>): Promise<OpResult> {
  const baseline = process.memoryUsage.rss();
  let peak = baseline;
  // rss() reads /proc cheaply; every 20 ms catches a buffer that lives for a moment.
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    const outcome = await work();
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    peak = Math.max(peak, process.memoryUsage.rss());
    return {
      ...outcome,
      seconds,
      cpuSeconds: (used.user + used.system) / 1e6,
      rssBaselineMiB: baseline / MiB,
      peakRssMiB: peak / MiB,
      rssGrowthMiB: (peak - baseline) / MiB,
    };
  } finally {
    clearInterval(timer);
  }
}

// As the app's main process starts.
keepYoungGenerationSmall();
const op = JSON.parse(process.argv[2] ?? '{}') as Op;
const work = op.kind.startsWith('floor-')
  ? prepareFloor(op as Extract<Op, { kind: `floor-${string}` }>)
  : await prepareCirrus(op as Exclude<Op, { kind: `floor-${string}` }>);
// Untimed until the process is idle: see SETTLE_MS.
await settle();
const result = await measure(work);
process.send!(result, () => process.exit(0));
