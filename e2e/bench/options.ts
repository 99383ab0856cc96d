/**
 * What one `npm run bench` measures, from its arguments and environment.
 * Quick mode exists so a test can run every row in seconds and the bench
 * cannot rot; its figures mean nothing.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface BenchOptions {
  quick: boolean;
  /** Runs of each tool per row, interleaved (A, B, C, A, B, C…) so a slow minute hits every tool alike. */
  reps: number;
  /** Size of the file uploaded and downloaded. */
  mib: number;
  /** Size of the file uploaded and downloaded in segments (made smaller if the disk cannot hold it, see disk.ts). */
  segmentedMib: number;
  /** Segment size for that file, the same for Cirrus, `swift upload` and rclone. */
  segmentMib: number;
  /** Segments sent at once by Cirrus and `swift upload` (and rclone's download streams). */
  streams: number;
  /** Object names enumerated, paged as the UI pages them. */
  names: number;
  archiveMembers: number;
  archiveMemberBytes: number;
  /** Timed calls per tool per rep for the small calls. */
  smallCalls: number;
  folderFiles: number;
  /** The tree a sync compares and updates: files, and the folders they are spread over. */
  syncFiles: number;
  syncFolders: number;
  /** The tree the compare at scale reads (its files held unchanged in Swift), and its folders. */
  scaleFiles: number;
  scaleFolders: number;
  /** Size of the file moved under a bandwidth limit, and the limit (MiB/s): the time it takes is known. */
  limitedMib: number;
  limitMibPerSecond: number;
  /** The row groups to run (all when undefined): `--only=transfers,listing`. */
  only: Set<string> | undefined;
  /** Where `<stamp>.json` goes. */
  outDir: string;
  /** Generated local files, kept between runs (a 1 GiB file takes a while to write). */
  dataDir: string;
}

const positive = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, not "${value}".`);
  return n;
};

export function benchOptions(argv: string[] = process.argv.slice(2), env = process.env): BenchOptions {
  const quick = argv.includes('--quick') || env.CIRRUS_BENCH_QUICK === '1';
  const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const out = argv.find((a) => a.startsWith('--out='))?.slice('--out='.length);
  return {
    quick,
    reps: Math.round(positive(env.CIRRUS_BENCH_REPS, quick ? 1 : 3, 'CIRRUS_BENCH_REPS')),
    mib: positive(env.CIRRUS_BENCH_MIB, quick ? 8 : 1024, 'CIRRUS_BENCH_MIB'),
    // 5 GiB: the most Swift takes as one object by default, so the size where segments stop being optional.
    segmentedMib: Math.round(positive(env.CIRRUS_BENCH_SEGMENTED_MIB, quick ? 24 : 5120, 'CIRRUS_BENCH_SEGMENTED_MIB')),
    // 256 MiB: 20 segments of 5 GiB, so four streams stay busy to the end (512 MiB would leave the last round half idle).
    segmentMib: Math.round(positive(env.CIRRUS_BENCH_SEGMENT_MIB, quick ? 4 : 256, 'CIRRUS_BENCH_SEGMENT_MIB')),
    streams: Math.round(positive(env.CIRRUS_BENCH_STREAMS, 4, 'CIRRUS_BENCH_STREAMS')),
    names: Math.round(positive(env.CIRRUS_BENCH_NAMES, quick ? 2_000 : 100_000, 'CIRRUS_BENCH_NAMES')),
    // 200 members of 1 MB of incompressible bytes: the "200 MB tar.gz".
    archiveMembers: quick ? 8 : 200,
    archiveMemberBytes: quick ? 128 * 1024 : 1_000_000,
    smallCalls: quick ? 5 : 100,
    folderFiles: quick ? 40 : 1_000,
    // The 10,000 files in 200 folders; quick: enough for 1 % to be two files.
    syncFiles: Math.round(positive(env.CIRRUS_BENCH_SYNC_FILES, quick ? 200 : 10_000, 'CIRRUS_BENCH_SYNC_FILES')),
    syncFolders: quick ? 10 : 200,
    // The bound for the compare's memory is set at 100,000 files.
    scaleFiles: Math.round(positive(env.CIRRUS_BENCH_SCALE_FILES, quick ? 1_000 : 100_000, 'CIRRUS_BENCH_SCALE_FILES')),
    scaleFolders: quick ? 10 : 1_000,
    // The 1 GiB at 10 MiB/s: 102.4 s each way. Quick: 4 MiB at 4 MiB/s, a second.
    limitedMib: positive(env.CIRRUS_BENCH_LIMITED_MIB, quick ? 4 : 1024, 'CIRRUS_BENCH_LIMITED_MIB'),
    limitMibPerSecond: positive(env.CIRRUS_BENCH_LIMIT_MIBPS, quick ? 4 : 10, 'CIRRUS_BENCH_LIMIT_MIBPS'),
    only: only ? new Set(only.split(',').filter(Boolean)) : undefined,
    outDir: path.resolve(out ?? env.CIRRUS_BENCH_OUT ?? path.join(ROOT, 'bench-results')),
    dataDir: path.resolve(env.CIRRUS_BENCH_DATA ?? path.join(ROOT, 'bench-results', 'data')),
  };
}
