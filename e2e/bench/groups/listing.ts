/**
 * Enumerating every name of a big container (100,000 by default) the way the
 * UI pages it (a first page of 100, then pages of the cluster's listing
 * limit, folded at "/", until a short page), against `swift list` (its own
 * page: the cluster's listing limit),
 * a curl process per page, and the same requests as Cirrus's on one
 * kept-alive connection (the floor). No rclone: Debian's rclone 1.60 HEADs
 * every empty object it lists (it might be a large-object manifest; its
 * --swift-no-large-objects skips that only from 1.61), so on this container it
 * would measure 100,000 HEADs, not a listing.
 */
import { available, interleave, type Group } from '../group';
import { runTool, swiftAuthArgs } from '../peers';
import type { Tool } from '../results';
import { runWorker } from '../run-worker';
import { ensureNamesContainer, objectUrl } from '../swift-api';

const TOOLS: Tool[] = ['Cirrus', 'curl', 'swift', 'floor'];
/** The UI's pages (renderer/src/browse/queries.ts: FIRST_PAGE_SIZE, then the harness's container_listing_limit) and delimiter. */
const UI_FIRST_PAGE = 100;
const UI_PAGE = 10_000;
const DELIMITER = '/';

const lineCount = (text: string): number => text.split('\n').filter(Boolean).length;

export const listing: Group = {
  id: 'listing',
  plan(ctx) {
    ctx.results.define({
      id: 'enumerate',
      title: `enumerate ${ctx.opts.names.toLocaleString('en-US')} names`,
      unit: 's',
      // The issue: at most the swift CLI's time.
      target: { ratio: { swift: 1 } },
    });
    ctx.progress.plan(ctx.opts.reps * available(ctx, TOOLS).length);
  },
  async run(ctx) {
    const { auth, opts, results } = ctx;
    const container = await ensureNamesContainer(auth, opts.names, (line) => ctx.progress.note(line));
    const record = (tool: Tool, count: number, seconds: number) => {
      if (count !== opts.names) throw new Error(`${tool} listed ${count} names of ${opts.names}`);
      results.add('enumerate', tool, seconds);
    };
    const list = { container, firstLimit: UI_FIRST_PAGE, limit: UI_PAGE, delimiter: DELIMITER };
    await interleave(ctx, `enumerate ${opts.names.toLocaleString('en-US')} names`, {
      Cirrus: async () => {
        const r = await runWorker({ kind: 'list', ...list });
        record('Cirrus', r.count ?? 0, r.seconds);
      },
      curl: async () => {
        // A new process and connection for every page: what a shell loop around curl costs.
        const started = performance.now();
        let count = 0;
        for (let marker = '', limit = UI_FIRST_PAGE; ; limit = UI_PAGE) {
          const query = `format=json&limit=${limit}&delimiter=${encodeURIComponent(DELIMITER)}&marker=${encodeURIComponent(marker)}`;
          const url = `${objectUrl(auth, container)}?${query}`;
          const { stdout } = await runTool('curl', ['-sS', '-f', '-H', `x-auth-token: ${auth.token}`, url]);
          const page = JSON.parse(stdout || '[]') as { name: string }[];
          count += page.length;
          if (page.length < limit) break;
          marker = page.at(-1)!.name;
        }
        record('curl', count, (performance.now() - started) / 1000);
      },
      swift: async () => {
        const r = await runTool('swift', [...swiftAuthArgs(auth), 'list', container]);
        record('swift', lineCount(r.stdout), r.seconds);
      },
      floor: async () => {
        const r = await runWorker({ kind: 'floor-list', auth, ...list });
        record('floor', r.count ?? 0, r.seconds);
      },
    });
  },
};
