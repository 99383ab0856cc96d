/**
 * What the bench asks a worker process to do (see worker.ts). Cirrus's
 * operations run the storage client the app's main process runs; the
 * `floor-*` ones make the same HTTP requests directly on one kept-alive
 * undici connection, the least any client can spend.
 */
import type { Auth } from './peers';

export type Op =
  | {
      kind: 'upload';
      container: string;
      name: string;
      file: string;
      segmentBytes?: number;
      streams?: number;
      /** A bandwidth limit, bytes per second (the transfer settings' upload limit). */
      limit?: number;
    }
  | { kind: 'download'; container: string; name: string; dir: string; fileName: string; limit?: number }
  | { kind: 'extract'; container: string; prefix: string; file: string }
  | { kind: 'folder'; container: string; prefix: string; dir: string; pool: number }
  /** A folder compared with the objects under `prefix` (sync-ops.ts); `sync-up` then uploads the differences. */
  | { kind: 'sync-compare'; container: string; prefix: string; dir: string; cacheDir: string }
  | { kind: 'sync-up'; container: string; prefix: string; dir: string; cacheDir: string; pool: number }
  | { kind: 'list'; container: string; firstLimit: number; limit: number; delimiter: string }
  /** `activity`: with the activity log recording every request, as the app's main process runs. */
  | { kind: 'head'; calls: number; activity?: boolean }
  | { kind: 'save'; container: string; name: string; calls: number; activity?: boolean }
  | { kind: 'floor-list'; auth: Auth; container: string; firstLimit: number; limit: number; delimiter: string }
  | { kind: 'floor-head'; auth: Auth; calls: number }
  | { kind: 'floor-save'; auth: Auth; container: string; name: string; calls: number };

export interface OpOutcome {
  /** Names listed, members extracted, files uploaded: what the caller checks. */
  count?: number;
  /** Per-call milliseconds, for the small calls. */
  calls?: number[];
  etag?: string;
}

export interface OpResult extends OpOutcome {
  seconds: number;
  cpuSeconds: number;
  rssBaselineMiB: number;
  peakRssMiB: number;
  /** Peak RSS during the operation over the RSS just before it. */
  rssGrowthMiB: number;
}

export const REGION = 'RegionOne';

/** Per-call milliseconds of `calls` calls, one after another, after one untimed call that opens the connection. */
export async function timedCalls(calls: number, call: (i: number) => Promise<unknown>): Promise<number[]> {
  await call(-1);
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    await call(i);
    times.push(performance.now() - start);
  }
  return times;
}
