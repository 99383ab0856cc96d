/**
 * The small calls a person makes all the time, per call: the account HEAD
 * (Cirrus's getAccount) and saving one metadata key of an object (Cirrus's
 * changeMetadata: HEAD, then POST), against the same requests on one
 * kept-alive undici connection. curl is no peer here: a process per call
 * would measure process start-up, not the call.
 */
import { available, interleave, type Group } from '../group';
import type { Tool } from '../results';
import { runWorker } from '../run-worker';
import { api, objectUrl } from '../swift-api';

const TOOLS: Tool[] = ['Cirrus', 'floor'];
const TARGET_OBJECT = 'metadata-target.txt';
// The issue: each call at most 1.2× the same requests made directly on a kept-alive connection.
const TARGET = { ratio: { floor: 1.2 } };

export const smallCalls: Group = {
  id: 'small',
  plan(ctx) {
    ctx.results.define(
      { id: 'head', title: 'account HEAD, per call', unit: 'ms', target: TARGET },
      { id: 'save', title: 'object metadata save (HEAD + POST), per call', unit: 'ms', target: TARGET },
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
    await interleave(ctx, `account HEAD ×${calls}`, {
      Cirrus: async () => results.add('head', 'Cirrus', ...((await runWorker({ kind: 'head', calls })).calls ?? [])),
      floor: async () =>
        results.add('head', 'floor', ...((await runWorker({ kind: 'floor-head', auth, calls })).calls ?? [])),
    });
    const target = { container, name: TARGET_OBJECT, calls };
    await interleave(ctx, `metadata save ×${calls}`, {
      Cirrus: async () =>
        results.add('save', 'Cirrus', ...((await runWorker({ kind: 'save', ...target })).calls ?? [])),
      floor: async () =>
        results.add('save', 'floor', ...((await runWorker({ kind: 'floor-save', auth, ...target })).calls ?? [])),
    });
  },
};
