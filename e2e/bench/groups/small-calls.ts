/**
 * The small calls a person makes all the time, per call: the account HEAD
 * (Cirrus's getAccount) and saving one metadata key of an object (Cirrus's
 * changeMetadata: HEAD, then POST), against the same requests on one
 * kept-alive undici connection. curl is no peer here: a process per call
 * would measure process start-up, not the call. Cirrus runs each twice, with
 * the activity log recording every request (as the app does) and without it,
 * in alternating order, and the ratio of the two medians is a row of its own.
 */
import { available, interleave, type Group } from '../group';
import type { Tool } from '../results';
import { summarize } from '../results';
import { runWorker } from '../run-worker';
import { api, objectUrl } from '../swift-api';

const TOOLS: Tool[] = ['Cirrus', 'floor'];
const TARGET_OBJECT = 'metadata-target.txt';
// The issue: each call at most 1.2× the same requests made directly on a kept-alive connection.
const TARGET = { ratio: { floor: 1.2 } };
// The activity log's issue: it costs no measurable time on these calls (at most 1.02× without it).
const LOG_TARGET = { max: 1.02 };

export const smallCalls: Group = {
  id: 'small',
  plan(ctx) {
    ctx.results.define(
      { id: 'head', title: 'account HEAD, per call', unit: 'ms', target: TARGET },
      { id: 'save', title: 'object metadata save (HEAD + POST), per call', unit: 'ms', target: TARGET },
      { id: 'head-log', title: 'account HEAD, activity log on ÷ off (medians)', unit: '×', target: LOG_TARGET },
      { id: 'save-log', title: 'metadata save, activity log on ÷ off (medians)', unit: '×', target: LOG_TARGET },
    );
    ctx.progress.plan(2 * ctx.opts.reps * available(ctx, TOOLS).length);
  },
  async run(ctx) {
    const { auth, container, opts, results } = ctx;
    await api(auth, 'PUT', objectUrl(auth, container, TARGET_OBJECT), {
      headers: { 'x-object-meta-kept': 'yes', 'content-type': 'text/plain' },
      body: 'metadata target\n',
    });
    const calls = opts.smallCalls;
    /** Cirrus's calls with the log off (its row) and on (the ratio's row), the order alternating by rep. */
    const cirrus = async (row: 'head' | 'save', rep: number, run: (activity: boolean) => Promise<number[]>) => {
      const times: Record<'on' | 'off', number[]> = { on: [], off: [] };
      for (const activity of rep % 2 ? [true, false] : [false, true])
        times[activity ? 'on' : 'off'] = await run(activity);
      results.add(row, 'Cirrus', ...times.off);
      results.add(`${row}-log`, 'Cirrus', summarize(times.on).median / summarize(times.off).median);
    };
    await interleave(ctx, `account HEAD ×${calls}`, {
      Cirrus: (rep) =>
        cirrus('head', rep, async (activity) => (await runWorker({ kind: 'head', calls, activity })).calls ?? []),
      floor: async () =>
        results.add('head', 'floor', ...((await runWorker({ kind: 'floor-head', auth, calls })).calls ?? [])),
    });
    const target = { container, name: TARGET_OBJECT, calls };
    await interleave(ctx, `metadata save ×${calls}`, {
      Cirrus: (rep) =>
        cirrus('save', rep, async (activity) => (await runWorker({ kind: 'save', ...target, activity })).calls ?? []),
      floor: async () =>
        results.add('save', 'floor', ...((await runWorker({ kind: 'floor-save', auth, ...target })).calls ?? [])),
    });
  },
};
