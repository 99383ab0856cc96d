/**
 * Upload and download of one big file (1 GiB by default): Cirrus's uploadFile
 * and downloadObject in a process of their own (so its RSS is theirs) against
 * `curl`, `swift` and `rclone`. Every result is checked against the file's MD5.
 */
import fs from 'node:fs';
import path from 'node:path';
import { md5File, payloadFile } from '../data';
import { available, interleave, type Context, type Group } from '../group';
import { RCLONE_REMOTE, rcloneEnv, runTool, swiftAuthArgs, type ToolRun } from '../peers';
import type { Tool } from '../results';
import { runWorker } from '../run-worker';
import { withSwiftCpu } from '../server-cpu';
import { api, etagOf, objectUrl } from '../swift-api';

/** What every tool's run reports: Cirrus's worker and the peers alike. */
type Measured = Pick<ToolRun, 'seconds' | 'cpuSeconds' | 'peakRssMiB'>;

/** The tool's CPU and Swift's during one run (Swift's only where /proc told). */
function addCpu(ctx: Context, what: 'upload' | 'download', tool: Tool, run: Measured, swiftCpu: number): void {
  ctx.results.add(`${what}-cpu`, tool, run.cpuSeconds);
  if (Number.isFinite(swiftCpu)) ctx.results.add(`${what}-swift-cpu`, tool, swiftCpu);
}

const TOOLS: Tool[] = ['Cirrus', 'curl', 'swift', 'rclone'];
// The target: at least as fast as the swift CLI, at least 0.9× curl's speed (time ≤ 1/0.9 of curl's).
const TIME_TARGET = { ratio: { swift: 1, curl: 1.11 } };
const SOURCE = 'download-source.bin';

export const transfers: Group = {
  id: 'transfers',
  plan(ctx) {
    const mib = `${ctx.opts.mib} MiB`;
    ctx.results.define(
      { id: 'upload', title: `upload ${mib}`, unit: 's', target: TIME_TARGET },
      { id: 'download', title: `download ${mib}`, unit: 's', target: TIME_TARGET },
      { id: 'upload-growth', title: `RSS growth during the ${mib} upload`, unit: 'MiB', target: { max: 64 } },
      { id: 'download-growth', title: `RSS growth during the ${mib} download`, unit: 'MiB', target: { max: 64 } },
      { id: 'upload-peak', title: `peak RSS of the process, ${mib} upload`, unit: 'MiB' },
      { id: 'download-peak', title: `peak RSS of the process, ${mib} download`, unit: 'MiB' },
      // Where the time goes on two cores that Swift shares with the tool: the tool's CPU, and Swift's.
      { id: 'upload-cpu', title: `client CPU time, ${mib} upload`, unit: 's' },
      { id: 'upload-swift-cpu', title: `Swift's CPU time during the ${mib} upload`, unit: 's' },
      { id: 'download-cpu', title: `client CPU time, ${mib} download`, unit: 's' },
      { id: 'download-swift-cpu', title: `Swift's CPU time during the ${mib} download`, unit: 's' },
    );
    // Each tool up and down, and the disk's floor once per download rep.
    ctx.progress.plan(ctx.opts.reps * (2 * available(ctx, TOOLS).length + 1));
  },
  async run(ctx) {
    const file = await payloadFile(ctx.opts.dataDir, ctx.opts.mib);
    const md5 = await md5File(file);
    await uploads(ctx, file, md5);
    await runWorker({ kind: 'upload', container: ctx.container, name: SOURCE, file });
    await downloads(ctx, md5, file);
  },
};

async function uploads(ctx: Context, file: string, md5: string): Promise<void> {
  const { auth, container, results } = ctx;
  const check = async (tool: Tool, name: string, measured: { result: Measured; swiftCpu: number }) => {
    const run = measured.result;
    const etag = await etagOf(auth, container, name);
    if (etag !== md5) throw new Error(`${tool} upload: Swift holds ETag ${etag}, the file's MD5 is ${md5}`);
    results.add('upload', tool, run.seconds);
    results.add('upload-peak', tool, run.peakRssMiB);
    addCpu(ctx, 'upload', tool, run, measured.swiftCpu);
    await api(auth, 'DELETE', objectUrl(auth, container, name));
  };
  const name = (tool: string, rep: number) => `up-${tool}-${rep}.bin`;
  await interleave(ctx, `upload ${ctx.opts.mib} MiB`, {
    Cirrus: async (rep) => {
      const r = await withSwiftCpu(() => runWorker({ kind: 'upload', container, name: name('cirrus', rep), file }));
      results.add('upload-growth', 'Cirrus', r.result.rssGrowthMiB);
      await check('Cirrus', name('cirrus', rep), r);
    },
    curl: async (rep) => {
      const url = objectUrl(auth, container, name('curl', rep));
      // With the MD5 as ETag, Swift itself refuses a damaged body (422), as Cirrus's check does.
      const args = [
        '-sS',
        '-f',
        '-T',
        file,
        '-H',
        `x-auth-token: ${auth.token}`,
        '-H',
        `etag: ${md5}`,
        '-o',
        '/dev/null',
      ];
      await check('curl', name('curl', rep), await withSwiftCpu(() => runTool('curl', [...args, url])));
    },
    swift: async (rep) => {
      const args = [...swiftAuthArgs(auth), 'upload', container, file, '--object-name', name('swift', rep)];
      await check('swift', name('swift', rep), await withSwiftCpu(() => runTool('swift', args)));
    },
    rclone: async (rep) => {
      const target = `${RCLONE_REMOTE}${container}/${name('rclone', rep)}`;
      const run = () => runTool('rclone', ['copyto', file, target], rcloneEnv());
      await check('rclone', name('rclone', rep), await withSwiftCpu(run));
    },
  });
}

async function downloads(ctx: Context, md5: string, file: string): Promise<void> {
  const { auth, container, results, work } = ctx;
  const check = async (tool: Tool, saved: string, measured: { result: Measured; swiftCpu: number }) => {
    const run = measured.result;
    // Outside the timing: curl checks nothing, swift and rclone check the MD5 as they go, as Cirrus does.
    const got = await md5File(saved);
    fs.rmSync(saved, { force: true });
    if (got !== md5) throw new Error(`${tool} download: the saved file's MD5 is ${got}, the object's is ${md5}`);
    results.add('download', tool, run.seconds);
    results.add('download-peak', tool, run.peakRssMiB);
    addCpu(ctx, 'download', tool, run, measured.swiftCpu);
  };
  const saved = (tool: string) => path.join(work, `down-${tool}.bin`);
  await interleave(ctx, `download ${ctx.opts.mib} MiB`, {
    Cirrus: async () => {
      const op = { kind: 'download', container, name: SOURCE, dir: work, fileName: 'down-cirrus.bin' } as const;
      const r = await withSwiftCpu(() => runWorker(op));
      results.add('download-growth', 'Cirrus', r.result.rssGrowthMiB);
      await check('Cirrus', saved('cirrus'), r);
    },
    curl: async () => {
      const args = [
        '-sS',
        '-f',
        '-H',
        `x-auth-token: ${auth.token}`,
        '-o',
        saved('curl'),
        objectUrl(auth, container, SOURCE),
      ];
      await check('curl', saved('curl'), await withSwiftCpu(() => runTool('curl', args)));
    },
    swift: async () => {
      const args = [...swiftAuthArgs(auth), 'download', container, SOURCE, '-o', saved('swift')];
      await check('swift', saved('swift'), await withSwiftCpu(() => runTool('swift', args)));
    },
    // The disk alone: the same bytes (the payload, in the page cache) written into the same folder and
    // synced. Cirrus syncs a download before it gives it its name, so a crash never leaves a file there
    // that is not whole; curl, swift and rclone leave the bytes to the kernel to write when it will.
    floor: async () => {
      const args = [`if=${file}`, `of=${saved('floor')}`, 'bs=1M', 'conv=fdatasync', 'status=none'];
      results.add('download', 'floor', (await runTool('dd', args)).seconds);
      fs.rmSync(saved('floor'), { force: true });
    },
    rclone: async () => {
      const args = ['copyto', `${RCLONE_REMOTE}${container}/${SOURCE}`, saved('rclone')];
      await check('rclone', saved('rclone'), await withSwiftCpu(() => runTool('rclone', args, rcloneEnv())));
    },
  });
}
