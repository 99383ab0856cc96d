/**
 * The bandwidth limit keeps its word: one big file (1 GiB by default) uploaded and downloaded under a
 * limit (10 MiB/s by default) takes the time the limit says, within 5 % either way, and the process
 * grows no more than an unlimited transfer may (64 MiB). Cirrus alone: no peer runs under Cirrus's limit.
 * Every result is checked against the file's MD5.
 */
import fs from 'node:fs';
import path from 'node:path';
import { md5File, payloadFile } from '../data';
import { interleave, type Group } from '../group';
import { runWorker } from '../run-worker';
import { api, etagOf, objectUrl } from '../swift-api';

const MiB = 1024 * 1024;
const SOURCE = 'limited-source.bin';

export const bandwidth: Group = {
  id: 'bandwidth',
  plan(ctx) {
    const { limitedMib: mib, limitMibPerSecond: rate } = ctx.opts;
    const expected = (mib / rate).toFixed(1);
    const rows = (what: 'upload' | 'download') => [
      { id: `limited-${what}`, title: `${what} ${mib} MiB limited to ${rate} MiB/s`, unit: 's' as const },
      {
        id: `limited-${what}-ratio`,
        title: `its time ÷ the ${expected} s the limit allows, ${what}`,
        unit: '×' as const,
        target: { min: 0.95, max: 1.05 },
      },
      {
        id: `limited-${what}-growth`,
        title: `RSS growth during the limited ${what}`,
        unit: 'MiB' as const,
        target: { max: 64 },
      },
    ];
    ctx.results.define(...rows('upload'), ...rows('download'));
    ctx.progress.plan(ctx.opts.reps * 2 + 1);
  },
  async run(ctx) {
    const { opts, auth, container, results, work } = ctx;
    const file = await payloadFile(opts.dataDir, opts.limitedMib);
    const md5 = await md5File(file);
    const limit = opts.limitMibPerSecond * MiB;
    const expected = (opts.limitedMib * MiB) / limit;
    const record = (what: 'upload' | 'download', run: { seconds: number; rssGrowthMiB: number }) => {
      results.add(`limited-${what}`, 'Cirrus', run.seconds);
      results.add(`limited-${what}-ratio`, 'Cirrus', run.seconds / expected);
      results.add(`limited-${what}-growth`, 'Cirrus', run.rssGrowthMiB);
    };
    await interleave(ctx, `upload ${opts.limitedMib} MiB at ${opts.limitMibPerSecond} MiB/s`, {
      Cirrus: async (rep) => {
        const name = `limited-up-${rep}.bin`;
        const run = await runWorker({ kind: 'upload', container, name, file, limit });
        const etag = await etagOf(auth, container, name);
        if (etag !== md5) throw new Error(`limited upload: Swift holds ETag ${etag}, the file's MD5 is ${md5}`);
        record('upload', run);
        await api(auth, 'DELETE', objectUrl(auth, container, name));
      },
    });
    ctx.progress.step('the limited download’s source, unlimited');
    await runWorker({ kind: 'upload', container, name: SOURCE, file });
    await interleave(ctx, `download ${opts.limitedMib} MiB at ${opts.limitMibPerSecond} MiB/s`, {
      Cirrus: async () => {
        const fileName = 'limited-down.bin';
        const run = await runWorker({ kind: 'download', container, name: SOURCE, dir: work, fileName, limit });
        const saved = path.join(work, fileName);
        const got = await md5File(saved);
        fs.rmSync(saved, { force: true });
        if (got !== md5) throw new Error(`limited download: the saved file's MD5 is ${got}, the object's is ${md5}`);
        record('download', run);
      },
    });
  },
};
