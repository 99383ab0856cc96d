/**
 * A file sent in segments (5 GiB by default, less if the disk cannot hold it,
 * see disk.ts) and read back, with the same segment size for every tool:
 *
 * - Cirrus: upload.ts's uploadFile asked for a static large object of that
 *   segment size, `streams` segments at once, each checked against its MD5,
 *   then the manifest (the app takes that path by itself above the region's
 *   max_file_size, at 1 GiB segments); downloadObject reads the object in one
 *   GET and checks every segment's MD5 as it passes (download/check.ts).
 * - swift: `swift upload --use-slo --segment-size --segment-threads` does the
 *   same (segments checked by their ETags); `swift download` reads in one GET
 *   and checks only the length (its MD5 check skips large objects).
 * - rclone 1.60: above `--swift-chunk-size` it writes a dynamic large object,
 *   one segment after another (its swift backend has no parallel segment
 *   upload; `--transfers` is per file), deleting the parts if it fails as
 *   Cirrus does (`leave_parts_on_error` off); it reads with
 *   `--multi-thread-streams` ranged GETs into the file and checks the size.
 *
 * All three put segments in `<container>_segments` under `<name>/`; each
 * upload is removed with them before the next, and the container at the end.
 * With equal segments, a static and a dynamic manifest have the same ETag
 * (the MD5 of the segments' MD5s), which every upload is checked against.
 */
import fs from 'node:fs';
import path from 'node:path';
import { HARNESS } from '../../../testing/swift/config';
import { largeObjectSums, md5File, payloadFile, payloadPath } from '../data';
import { chooseSize, type Place, type Sizing } from '../disk';
import { available, interleave, type Context, type Group } from '../group';
import { RCLONE_REMOTE, rcloneEnv, runTool, swiftAuthArgs, type ToolRun } from '../peers';
import type { Tool } from '../results';
import { runWorker } from '../run-worker';
import { api, objectUrl, removeContainer, removeLargeObject } from '../swift-api';

const TOOLS: Tool[] = ['Cirrus', 'swift', 'rclone'];
const SOURCE = 'segmented-source.bin';
const MiB = 1024 * 1024;
/** The size chosen at plan time, or why there is none (reported by run, as a failed group, not a failed bench). */
const sizings = new WeakMap<Context, Sizing | Error>();

/** Where the file's copies live at the group's fullest moment (see disk.ts). */
function places(ctx: Context): Place[] {
  const { dataDir } = ctx.opts;
  return [
    // A file kept from an earlier run takes no more room.
    { dir: dataDir, bytes: (mib) => (fs.existsSync(payloadPath(dataDir, mib)) ? 0 : mib * MiB) },
    { dir: HARNESS.stateDir, bytes: (mib) => mib * MiB },
    { dir: ctx.work, bytes: (mib) => mib * MiB },
  ];
}

export const segmented: Group = {
  id: 'segmented',
  plan(ctx) {
    let sizing: Sizing = { mib: ctx.opts.segmentedMib };
    try {
      sizing = chooseSize(places(ctx), ctx.opts.segmentedMib);
      sizings.set(ctx, sizing);
    } catch (err) {
      sizings.set(ctx, err instanceof Error ? err : new Error(String(err)));
    }
    const { segmentMib, streams } = ctx.opts;
    const what = `${sizing.mib} MiB in ${segmentMib} MiB segments, ${streams} streams${sizing.shrunk ? ` (${sizing.shrunk})` : ''}`;
    ctx.results.define(
      { id: 'seg-upload', title: `segmented upload, ${what}`, unit: 's' },
      { id: 'seg-download', title: `segmented download, ${what}`, unit: 's' },
      { id: 'seg-upload-growth', title: `RSS growth during the segmented upload`, unit: 'MiB' },
      { id: 'seg-download-growth', title: `RSS growth during the segmented download`, unit: 'MiB' },
      { id: 'seg-upload-peak', title: `peak RSS of the process, segmented upload`, unit: 'MiB' },
      { id: 'seg-download-peak', title: `peak RSS of the process, segmented download`, unit: 'MiB' },
    );
    if (sizing.shrunk) ctx.progress.note(`Segmented rows: ${sizing.mib} MiB, ${sizing.shrunk}.`);
    ctx.progress.plan(2 * ctx.opts.reps * available(ctx, TOOLS).length);
  },
  async run(ctx) {
    const sizing = sizings.get(ctx)!;
    if (sizing instanceof Error) throw sizing;
    const { mib } = sizing;
    const segmentBytes = ctx.opts.segmentMib * MiB;
    const file = await payloadFile(ctx.opts.dataDir, mib);
    const sums = await largeObjectSums(file, segmentBytes);
    try {
      await uploads(ctx, file, segmentBytes, sums.etag);
      await runWorker({
        kind: 'upload',
        container: ctx.container,
        name: SOURCE,
        file,
        segmentBytes,
        streams: ctx.opts.streams,
      });
      await downloads(ctx, mib, sums.md5);
    } finally {
      // Every tool's segments, the source's included (the run's container goes at the end of the run).
      await removeLargeObject(ctx.auth, ctx.container, SOURCE).catch(() => undefined);
      await removeContainer(ctx.auth, `${ctx.container}_segments`).catch(() => undefined);
    }
  },
};

async function uploads(ctx: Context, file: string, segmentBytes: number, etag: string): Promise<void> {
  const { auth, container, results, opts } = ctx;
  const size = fs.statSync(file).size;
  const check = async (tool: Tool, name: string, run: ToolRun | { seconds: number; peakRssMiB: number }) => {
    try {
      const head = await api(auth, 'HEAD', objectUrl(auth, container, name));
      const got = (head.headers.get('etag') ?? '').replace(/"/g, '');
      const large = head.headers.has('x-static-large-object') || head.headers.has('x-object-manifest');
      if (!large) throw new Error(`${tool} segmented upload: Swift holds a plain object, not a large one`);
      if (got !== etag || Number(head.headers.get('content-length')) !== size) {
        throw new Error(`${tool} segmented upload: Swift holds ETag ${got}, the file's segments give ${etag}`);
      }
    } finally {
      await removeLargeObject(auth, container, name);
    }
    results.add('seg-upload', tool, run.seconds);
    results.add('seg-upload-peak', tool, run.peakRssMiB);
  };
  const name = (tool: string, rep: number) => `seg-up-${tool}-${rep}.bin`;
  const streams = String(opts.streams);
  await interleave(ctx, `segmented upload ${size / MiB} MiB`, {
    Cirrus: async (rep) => {
      const r = await runWorker({
        kind: 'upload',
        container,
        name: name('cirrus', rep),
        file,
        segmentBytes,
        streams: opts.streams,
      });
      results.add('seg-upload-growth', 'Cirrus', r.rssGrowthMiB);
      await check('Cirrus', name('cirrus', rep), r);
    },
    swift: async (rep) => {
      const args = [
        ...swiftAuthArgs(auth),
        'upload',
        container,
        file,
        '--object-name',
        name('swift', rep),
        '--use-slo',
        '--segment-size',
        String(segmentBytes),
        '--segment-threads',
        streams,
      ];
      await check('swift', name('swift', rep), await runTool('swift', args));
    },
    rclone: async (rep) => {
      const target = `${RCLONE_REMOTE}${container}/${name('rclone', rep)}`;
      // A bare number would be KiB to rclone.
      const args = ['copyto', file, target, '--swift-chunk-size', `${opts.segmentMib}Mi`];
      await check('rclone', name('rclone', rep), await runTool('rclone', args, rcloneEnv()));
    },
  });
}

async function downloads(ctx: Context, mib: number, md5: string): Promise<void> {
  const { auth, container, results, work, opts } = ctx;
  const check = async (tool: Tool, saved: string, run: ToolRun | { seconds: number; peakRssMiB: number }) => {
    // Outside the timing, and the same for all: none of them checks the whole file's MD5 as it goes.
    const got = await md5File(saved).finally(() => fs.rmSync(saved, { force: true }));
    if (got !== md5) throw new Error(`${tool} segmented download: the saved file's MD5 is ${got}, the file's ${md5}`);
    results.add('seg-download', tool, run.seconds);
    results.add('seg-download-peak', tool, run.peakRssMiB);
  };
  const saved = (tool: string) => path.join(work, `seg-down-${tool}.bin`);
  await interleave(ctx, `segmented download ${mib} MiB`, {
    Cirrus: async () => {
      const r = await runWorker({
        kind: 'download',
        container,
        name: SOURCE,
        dir: work,
        fileName: path.basename(saved('cirrus')),
      });
      results.add('seg-download-growth', 'Cirrus', r.rssGrowthMiB);
      await check('Cirrus', saved('cirrus'), r);
    },
    swift: async () => {
      const args = [...swiftAuthArgs(auth), 'download', container, SOURCE, '-o', saved('swift')];
      await check('swift', saved('swift'), await runTool('swift', args));
    },
    rclone: async () => {
      const args = [
        'copyto',
        `${RCLONE_REMOTE}${container}/${SOURCE}`,
        saved('rclone'),
        '--multi-thread-streams',
        String(opts.streams),
      ];
      await check('rclone', saved('rclone'), await runTool('rclone', args, rcloneEnv()));
    },
  });
}
