/**
 * A folder of many small files (1,000 by default, 1–16 KiB): Cirrus's row
 * starts every upload at once and lets the app's pool run ten at a time (the
 * "Files at once" setting's default, as swift upload's object threads), against
 * `swift upload` and `rclone copy --transfers 10`. Every object is checked
 * against its file's MD5.
 */
import { folderMd5s, smallFilesFolder } from '../data';
import { available, interleave, type Group } from '../group';
import { RCLONE_REMOTE, rcloneEnv, runTool, swiftAuthArgs } from '../peers';
import type { Tool } from '../results';
import { runWorker } from '../run-worker';
import { listAll } from '../swift-api';

const TOOLS: Tool[] = ['Cirrus', 'swift', 'rclone'];
const PARALLEL = 10;

export const folder: Group = {
  id: 'folder',
  plan(ctx) {
    ctx.results.define({
      id: 'folder',
      title: `upload a folder of ${ctx.opts.folderFiles.toLocaleString('en-US')} small files`,
      unit: 's',
      // The issue: at least as fast as `swift upload` with its default 10 threads.
      target: { ratio: { swift: 1 } },
    });
    ctx.progress.plan(ctx.opts.reps * available(ctx, TOOLS).length);
  },
  async run(ctx) {
    const { auth, container, opts, results } = ctx;
    const dir = await smallFilesFolder(opts.dataDir, opts.folderFiles);
    const sums = await folderMd5s(dir);
    const record = async (tool: Tool, prefix: string, seconds: number) => {
      const listed = await listAll(auth, container, `${prefix}/`);
      const wrong = listed.filter((o) => sums.get(o.name.slice(prefix.length + 1)) !== o.hash);
      if (listed.length !== sums.size || wrong.length) {
        throw new Error(
          `${tool} folder upload: ${listed.length} of ${sums.size} objects, ${wrong.length} not matching`,
        );
      }
      results.add('folder', tool, seconds);
    };
    await interleave(ctx, `upload ${opts.folderFiles} small files`, {
      Cirrus: async (rep) => {
        const r = await runWorker({ kind: 'folder', container, prefix: `f-cirrus-${rep}/`, dir, pool: PARALLEL });
        await record('Cirrus', `f-cirrus-${rep}`, r.seconds);
      },
      swift: async (rep) => {
        const args = [...swiftAuthArgs(auth), 'upload', container, dir, '--object-name', `f-swift-${rep}`];
        await record('swift', `f-swift-${rep}`, (await runTool('swift', args)).seconds);
      },
      rclone: async (rep) => {
        const args = ['copy', dir, `${RCLONE_REMOTE}${container}/f-rclone-${rep}`, '--transfers', String(PARALLEL)];
        await record('rclone', `f-rclone-${rep}`, (await runTool('rclone', args, rcloneEnv())).seconds);
      },
    });
  },
};
