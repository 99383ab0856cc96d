/** What every row group gets, and the interleaving they all share. */
import type { BenchOptions } from './options';
import type { Auth, PeerSet } from './peers';
import type { Progress } from './progress';
import type { Results, Tool } from './results';

export interface Context {
  opts: BenchOptions;
  peers: PeerSet;
  results: Results;
  progress: Progress;
  auth: Auth;
  /** Made for this run and removed after it. */
  container: string;
  /** A scratch folder for this run (downloads), removed after it. */
  work: string;
}

export interface Group {
  id: string;
  /** Defines its rows and plans its progress steps; runs nothing yet. */
  plan(ctx: Context): void;
  run(ctx: Context): Promise<void>;
}

export type Runner = (rep: number) => Promise<void>;

/** The tools of `tools` that can run here: Cirrus and the floor always, a peer if it is installed. */
export const available = (ctx: Context, tools: Tool[]): Tool[] =>
  tools.filter((t) => t === 'Cirrus' || t === 'floor' || ctx.peers[t]);

/**
 * Each tool once per sample, in turn (A, B, C, A, B, C…), so drift in the machine hits all of them alike; `perRep`
 * samples a rep (more than one for a row whose each sample is short and noisy).
 */
export async function interleave(
  ctx: Context,
  label: string,
  runners: Partial<Record<Tool, Runner>>,
  perRep = 1,
): Promise<void> {
  const tools = available(ctx, Object.keys(runners) as Tool[]);
  const samples = ctx.opts.reps * perRep;
  for (let rep = 0; rep < samples; rep++) {
    for (const tool of tools) {
      ctx.progress.step(`${label} · ${tool} · ${perRep > 1 ? 'sample' : 'rep'} ${rep + 1}/${samples}`);
      await runners[tool]!(rep);
    }
  }
}
