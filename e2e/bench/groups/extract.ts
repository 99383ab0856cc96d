/**
 * Dropping a .tar.gz on a container: Cirrus's extractArchive against
 * `curl -T …?extract-archive=tar.gz` of the same file. Swift does the
 * unpacking for both, so what differs is the client: its time, CPU and memory.
 */
import fs from 'node:fs';
import { archiveFile } from '../data';
import { available, interleave, type Group } from '../group';
import { runTool } from '../peers';
import type { Tool } from '../results';
import { runWorker } from '../run-worker';
import { objectUrl } from '../swift-api';

const TOOLS: Tool[] = ['Cirrus', 'curl'];

export const extract: Group = {
  id: 'extract',
  plan(ctx) {
    const { archiveMembers: members, archiveMemberBytes: bytes } = ctx.opts;
    const what = `${Math.round((members * bytes) / 1e6)} MB tar.gz, ${members} members`;
    ctx.results.define(
      { id: 'extract', title: `extract a ${what}`, unit: 's', target: { ratio: { curl: 1.05 } } },
      { id: 'extract-cpu', title: 'client CPU time, extraction', unit: 's' },
      { id: 'extract-peak', title: 'peak RSS of the process, extraction', unit: 'MiB' },
    );
    ctx.progress.plan(ctx.opts.reps * available(ctx, TOOLS).length);
  },
  async run(ctx) {
    const { auth, container, opts, results } = ctx;
    const file = await archiveFile(opts.dataDir, opts.archiveMembers, opts.archiveMemberBytes);
    const record = (tool: Tool, created: number, r: { seconds: number; cpuSeconds: number; peakRssMiB: number }) => {
      if (created !== opts.archiveMembers)
        throw new Error(`${tool} extraction created ${created} of ${opts.archiveMembers}`);
      results.add('extract', tool, r.seconds);
      results.add('extract-cpu', tool, r.cpuSeconds);
      results.add('extract-peak', tool, r.peakRssMiB);
    };
    const mb = Math.round(fs.statSync(file).size / 1e6);
    await interleave(ctx, `extract ${mb} MB tar.gz`, {
      Cirrus: async (rep) => {
        const r = await runWorker({ kind: 'extract', container, prefix: `x-cirrus-${rep}`, file });
        record('Cirrus', r.count ?? 0, r);
      },
      curl: async (rep) => {
        const url = `${objectUrl(auth, container)}/x-curl-${rep}?extract-archive=tar.gz`;
        const args = ['-sS', '-f', '-T', file, '-H', `x-auth-token: ${auth.token}`, '-H', 'accept: application/json'];
        const r = await runTool('curl', [...args, url]);
        // Swift answers 200 whatever happened, and the outcome in the body.
        const outcome = JSON.parse(r.stdout.trim()) as { 'Number Files Created': number; Errors: unknown[] };
        if (outcome.Errors.length) throw new Error(`curl extraction: ${JSON.stringify(outcome.Errors).slice(0, 200)}`);
        record('curl', outcome['Number Files Created'], r);
      },
    });
  },
};
