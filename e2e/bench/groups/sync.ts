/**
 * Keeping a folder and a container in step, at scale: a tree of 10,000 small
 * files in 200 folders (200 in 10 in quick mode), first uploaded untimed by
 * each tool to a prefix of its own. Then:
 * - the compare with an empty MD5 cache against `rclone check --checksum`
 *   (which reads every file, as a cold compare must) on the same folder and objects;
 * - the compare again, cache warm, against listing those objects alone (a
 *   curl process per page of 10,000), the least any compare can do, three
 *   pairs a rep (WARM_SAMPLES_PER_REP);
 * - each rep, 1 % of the files changed (half of them keeping their size, so
 *   size alone misses them), then Cirrus's compare and sync up of the
 *   differences against `rclone sync` and `swift upload --changed
 *   --skip-identical`, each into its own prefix, every object then checked
 *   against its file's MD5;
 * - the worker's RSS growth during the cold compare (the bound is
 *   64 MiB for 100,000 files).
 */
import fs from 'node:fs';
import path from 'node:path';
import { available, interleave, type Context, type Group } from '../group';
import { RCLONE_REMOTE, rcloneEnv, runTool, swiftAuthArgs } from '../peers';
import type { Tool } from '../results';
import { runWorker } from '../run-worker';
import { curlListing } from '../curl-listing';
import { listAll } from '../swift-api';
import { changeOnePercent, copyTree, syncTree, treeMd5s } from '../sync-tree';

/** The transfers' pool: the "Files at once" setting's default, and rclone's --transfers to match. */
const PARALLEL = 10;
/**
 * Samples of the warm compare, and of its curl listing, per rep. Each is
 * timed at about 0.3 s, and on the two-core harness one pair's ratio ran from
 * 0.78 to 1.26 across four runs of 5 reps, whose medians ran from 1.02 to
 * 1.13: a few more pairs, interleaved as every row's are, cost a run ~15 s.
 */
const WARM_SAMPLES_PER_REP = 3;
const SYNC_TOOLS: Tool[] = ['Cirrus', 'rclone', 'swift'];

const prefixOf = (tool: Tool) => `sync-${tool.toLowerCase()}/`;

export const sync: Group = {
  id: 'sync',
  plan(ctx) {
    const n = ctx.opts.syncFiles.toLocaleString('en-US');
    ctx.results.define(
      {
        id: 'sync-compare-cold',
        title: `compare ${n} files, cold MD5 cache`,
        unit: 's',
        target: { ratio: { rclone: 1 } },
      },
      {
        id: 'sync-compare-warm',
        title: `compare ${n} files again, cache warm`,
        unit: 's',
        target: { ratio: { curl: 1.1 } },
      },
      { id: 'sync-changes', title: `sync 1 % of ${n} files changed`, unit: 's', target: { ratio: { rclone: 1 } } },
      {
        id: 'sync-compare-growth',
        title: `RSS growth during the cold compare of ${n} files`,
        unit: 'MiB',
        target: { max: 64 },
      },
    );
    const seeds = available(ctx, SYNC_TOOLS).length;
    const reps = ctx.opts.reps;
    ctx.progress.plan(
      seeds +
        reps * available(ctx, ['Cirrus', 'rclone']).length +
        reps * WARM_SAMPLES_PER_REP * available(ctx, ['Cirrus', 'curl']).length +
        reps * seeds,
    );
  },
  async run(ctx) {
    const { opts, results, container, work } = ctx;
    const copy = copyTree(syncTree(opts.dataDir, opts.syncFiles, opts.syncFolders), work);
    const cacheDir = path.join(work, 'sync-digests');
    const cirrus = { container, prefix: prefixOf('Cirrus'), dir: copy, cacheDir };
    const tools = available(ctx, SYNC_TOOLS);
    const runners = syncRunners(ctx, copy, cirrus);
    for (const tool of tools) {
      ctx.progress.step(`sync · upload the tree untimed · ${tool}`);
      await runners[tool]!();
    }
    await checkAll(ctx, copy, tools);

    await interleave(ctx, `compare ${opts.syncFiles} files, cold`, {
      Cirrus: async () => {
        fs.rmSync(cacheDir, { recursive: true, force: true });
        const r = await runWorker({ kind: 'sync-compare', ...cirrus });
        if (r.count !== 0) throw new Error(`the cold compare found ${r.count} differences in a tree just uploaded`);
        results.add('sync-compare-cold', 'Cirrus', r.seconds);
        results.add('sync-compare-growth', 'Cirrus', r.rssGrowthMiB);
      },
      rclone: async () => {
        // Exits non-zero on any difference.
        const target = `${RCLONE_REMOTE}${container}/${cirrus.prefix.slice(0, -1)}`;
        const r = await runTool('rclone', ['check', '--checksum', copy, target], rcloneEnv());
        results.add('sync-compare-cold', 'rclone', r.seconds);
      },
    });
    await interleave(
      ctx,
      `compare ${opts.syncFiles} files, warm`,
      {
        Cirrus: async () => {
          const r = await runWorker({ kind: 'sync-compare', ...cirrus });
          if (r.count !== 0) throw new Error(`the warm compare found ${r.count} differences`);
          results.add('sync-compare-warm', 'Cirrus', r.seconds);
        },
        curl: async () => {
          const { count, seconds } = await curlListing(ctx, container, cirrus.prefix);
          if (count !== opts.syncFiles) throw new Error(`curl listed ${count} objects of ${opts.syncFiles}`);
          results.add('sync-compare-warm', 'curl', seconds);
        },
      },
      WARM_SAMPLES_PER_REP,
    );

    // Each rep changes the tree once, then every tool brings its own prefix up to date.
    for (let rep = 0; rep < opts.reps; rep++) {
      const changed = changeOnePercent(copy, opts.syncFiles, opts.syncFolders, rep);
      for (const tool of tools) {
        ctx.progress.step(`sync 1 % changed · ${tool} · rep ${rep + 1}/${opts.reps}`);
        const { seconds, uploaded } = await runners[tool]!();
        if (tool === 'Cirrus' && uploaded !== changed)
          throw new Error(`Cirrus's sync uploaded ${uploaded} files; ${changed} had changed`);
        results.add('sync-changes', tool, seconds);
      }
      await checkAll(ctx, copy, tools);
    }
  },
};

type SyncRun = () => Promise<{ seconds: number; uploaded?: number }>;

function syncRunners(
  ctx: Context,
  copy: string,
  cirrus: { container: string; prefix: string; dir: string; cacheDir: string },
): Partial<Record<Tool, SyncRun>> {
  const { container } = ctx;
  return {
    Cirrus: async () => {
      const r = await runWorker({ kind: 'sync-up', ...cirrus, pool: PARALLEL });
      return { seconds: r.seconds, uploaded: r.count ?? 0 };
    },
    rclone: async () => {
      const target = `${RCLONE_REMOTE}${container}/${prefixOf('rclone').slice(0, -1)}`;
      return runTool('rclone', ['sync', copy, target, '--transfers', String(PARALLEL)], rcloneEnv());
    },
    swift: async () => {
      const name = prefixOf('swift').slice(0, -1);
      const args = [
        ...swiftAuthArgs(ctx.auth),
        'upload',
        container,
        copy,
        '--object-name',
        name,
        '--changed',
        '--skip-identical',
      ];
      return runTool('swift', args);
    },
  };
}

/** Every tool's prefix holds the tree exactly: each object's MD5 its file's. */
async function checkAll(ctx: Context, copy: string, tools: Tool[]): Promise<void> {
  const sums = await treeMd5s(copy);
  for (const tool of tools) {
    const prefix = prefixOf(tool);
    const listed = await listAll(ctx.auth, ctx.container, prefix);
    const wrong = listed.filter((o) => sums.get(o.name.slice(prefix.length)) !== o.hash);
    if (listed.length !== sums.size || wrong.length)
      throw new Error(`${tool} sync: ${listed.length} of ${sums.size} objects, ${wrong.length} not matching`);
  }
}
