const MiB = 1024 * 1024;

export interface Measured {
  seconds: number;
  baselineMiB: number;
  peakMiB: number;
  growthMiB: number;
}

/** Runs `work`, sampling RSS every 50 ms; growth is the peak over the RSS just before it started. */
export async function measured(work: () => Promise<unknown>): Promise<Measured> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  const mib = (n: number) => Math.round((n / MiB) * 10) / 10;
  return {
    seconds: Math.round((performance.now() - started) / 100) / 10,
    baselineMiB: mib(baseline),
    peakMiB: mib(peak),
    growthMiB: mib(peak - baseline),
  };
}
