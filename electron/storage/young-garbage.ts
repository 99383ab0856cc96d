// Frees the buffers a transfer has finished with while they are still young.
//
// Why: every socket or file read hands Node a fresh buffer (64 KiB), and V8
// collects those only once the memory outside its heap has grown ~64 MiB past
// the last full collection, and then with a full mark-compact. A 1 GiB
// download so kept ~64 MiB of spent buffers alive at any moment and ran a
// mark-compact every ~200 ms: RSS grew 60-75 MiB and the download took
// 6.1 s. A minor collection (a scavenge, ~0.1 ms: almost nothing in the young
// generation survives) after every 8 MiB frees them as they die: RSS grew
// ~20 MiB and the same download took 4.1 s (streaming.int.test.ts, bench).
import v8 from 'node:v8';
import vm from 'node:vm';

/** How many bytes may pass between two minor collections. */
export const COLLECT_EVERY = 8 * 1024 * 1024;

type Collect = (options: { type: 'minor' | 'major' }) => void;

let collect: Collect | null | undefined;

/**
 * V8's `gc` exists only with --expose-gc; set now, the flag gives it to
 * contexts made afterwards, so a fresh context lends it and the app's own
 * global scope never has a `gc`. Where that fails, transfers work as before.
 */
export function collector(): Collect | null {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      const gc: unknown = vm.runInNewContext('gc');
      collect = typeof gc === 'function' ? (gc as Collect) : null;
    } catch {
      collect = null;
    }
  }
  return collect;
}

/**
 * V8 doubles its young generation whenever enough survives its collections,
 * up to 64 MiB (and as much again to copy into). The main process never needs
 * that: what it allocates is short-lived buffers and rows, and a transfer
 * collects every 8 MiB anyway. A cold compare of 100,000 files grew RSS by
 * 75 MiB with the young generation left to grow, 52 MiB held at its start
 * size (bench, medians of 3; the compare took 5.3-6.0 s either way). Set once,
 * at the start of the main process (main.ts), and in the bench's worker.
 */
export const SMALL_YOUNG_GENERATION = '--semi-space-growth-factor=1';

export function keepYoungGenerationSmall(): void {
  v8.setFlagsFromString(SMALL_YOUNG_GENERATION);
}

/** A counter that runs `run` once every `every` bytes. */
export function everyBytes(every: number, run: () => void): (bytes: number) => void {
  let passed = 0;
  return (bytes) => {
    passed += bytes;
    if (passed < every) return;
    passed = 0;
    run();
  };
}

/** Counts bytes a transfer has handed on; every COLLECT_EVERY of them (all transfers together), a minor collection. */
export const bytesPassed = everyBytes(COLLECT_EVERY, () => collector()?.({ type: 'minor' }));
