/**
 * The compare at the bound for memory: a tree of 100,000 small files
 * in 1,000 folders (quick: 1,000 in 10) against a container holding each of
 * them unchanged. Sending 100,000 files through this harness's Swift takes
 * most of an hour, so that container's objects are rows of its listing alone
 * (testing/swift/backend-rows.ts), each with its file's size and MD5, written
 * after the tree and kept while the tree is: a file Swift holds unchanged is
 * judged from the listing (a plain object of the file's size, written after
 * the file last changed: sync/judge.ts), so the compare asks for no object
 * itself, here as against real uploads. Rows:
 * - the cold compare (every file read and hashed) and the worker's RSS growth
 *   during it (the bound: 64 MiB for 100,000 files);
 * - the warm compare against listing the same names with curl, a process per page;
 * - the RSS growth of a compare of the same tree under a prefix Swift holds
 *   nothing under: every file is a difference, 100,000 of them, each read
 *   back a page at a time as the app's page reads them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { addObjectRows } from '../../../testing/swift/backend-rows';
import { curlListing } from '../curl-listing';
import { interleave, available, type Context, type Group } from '../group';
import { REGION } from '../ops';
import { runWorker } from '../run-worker';
import { api, objectUrl } from '../swift-api';
import { syncTree, treeMd5s } from '../sync-tree';

export const syncScale: Group = {
  id: 'sync-scale',
  plan(ctx) {
    const n = ctx.opts.scaleFiles.toLocaleString('en-US');
    ctx.results.define(
      { id: 'scale-compare-cold', title: `compare ${n} files held unchanged, cold MD5 cache`, unit: 's' },
      {
        id: 'scale-compare-growth',
        title: `RSS growth during the cold compare of ${n} files`,
        unit: 'MiB',
        target: { max: 64 },
      },
      {
        id: 'scale-compare-warm',
        title: `compare ${n} files again, cache warm`,
        unit: 's',
        target: { ratio: { curl: 1.1 } },
      },
      {
        id: 'scale-differences-growth',
        title: `RSS growth during a compare finding ${n} differences, read a page at a time`,
        unit: 'MiB',
        target: { max: 64 },
      },
    );
    ctx.progress.plan(1 + ctx.opts.reps * (2 + available(ctx, ['Cirrus', 'curl']).length));
  },
  async run(ctx) {
    const { opts, results, work } = ctx;
    const files = opts.scaleFiles;
    const tree = syncTree(opts.dataDir, files, opts.scaleFolders);
    ctx.progress.step(`compare at scale · the container listing ${files} files`);
    const container = await ensureTreeListed(ctx, tree, files, opts.scaleFolders);
    const target = { container, prefix: '', dir: tree, cacheDir: path.join(work, 'scale-digests') };
    for (let rep = 0; rep < opts.reps; rep++) {
      ctx.progress.step(`compare ${files} files, cold · Cirrus · rep ${rep + 1}/${opts.reps}`);
      fs.rmSync(target.cacheDir, { recursive: true, force: true });
      const r = await runWorker({ kind: 'sync-compare', ...target });
      if (r.count !== 0) throw new Error(`the cold compare found ${r.count} differences in a tree Swift holds`);
      results.add('scale-compare-cold', 'Cirrus', r.seconds);
      results.add('scale-compare-growth', 'Cirrus', r.rssGrowthMiB);
    }
    await interleave(ctx, `compare ${files} files, warm`, {
      Cirrus: async () => {
        const r = await runWorker({ kind: 'sync-compare', ...target });
        if (r.count !== 0) throw new Error(`the warm compare found ${r.count} differences`);
        results.add('scale-compare-warm', 'Cirrus', r.seconds);
      },
      curl: async () => {
        const { count, seconds } = await curlListing(ctx, container, '');
        if (count !== files) throw new Error(`curl listed ${count} objects of ${files}`);
        results.add('scale-compare-warm', 'curl', seconds);
      },
    });
    for (let rep = 0; rep < opts.reps; rep++) {
      ctx.progress.step(`compare ${files} files with nothing in Swift · Cirrus · rep ${rep + 1}/${opts.reps}`);
      const r = await runWorker({ kind: 'sync-compare', ...target, prefix: 'nothing-here/' });
      if (r.count !== files) throw new Error(`the compare found ${r.count} differences of ${files}`);
      results.add('scale-differences-growth', 'Cirrus', r.rssGrowthMiB);
    }
  },
};

/**
 * The container listing every file of the tree, marked with the tree's own
 * time: rows written before the tree was (re)made would be older than its
 * files, and the compare would then ask Swift for objects it does not hold.
 * A remade tree has the same names, so its rows overwrite the old ones.
 */
async function ensureTreeListed(ctx: Context, tree: string, files: number, folders: number): Promise<string> {
  const made = String(Math.floor(fs.statSync(tree).mtimeMs / 1000));
  const container = `cirrus-bench-scale-${files}x${folders}`;
  const url = objectUrl(ctx.auth, container);
  const head = await fetch(url, { method: 'HEAD', headers: { 'x-auth-token': ctx.auth.token } });
  const count = Number(head.headers.get('x-container-object-count'));
  if (count === files && head.headers.get('x-container-meta-tree-made') === made) return container;
  ctx.progress.note(`Making ${container}: ${files.toLocaleString('en-US')} objects, listed (once; reused later)…`);
  await api(ctx.auth, 'PUT', url);
  const sums = await treeMd5s(tree);
  const rows = [...sums].map(([name, etag]) => ({
    name,
    etag,
    bytes: fs.statSync(path.join(tree, name)).size,
    contentType: 'application/octet-stream',
  }));
  await addObjectRows(REGION, 'admin', container, rows);
  // Marked last: a run cut short before this makes the rows again.
  await api(ctx.auth, 'POST', url, { headers: { 'x-container-meta-tree-made': made } });
  return container;
}
