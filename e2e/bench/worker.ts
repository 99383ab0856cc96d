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
const result = await measure(work);
process.send!(result, () => process.exit(0));
