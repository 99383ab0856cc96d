/**
 * The rows of the bench and their samples. A row is one kind of work; each
 * tool that does the same work adds its samples to it. Ratios are Cirrus's
 * median over the peer's: above 1 means Cirrus took longer (or used more).
 */

export const TOOLS = ['Cirrus', 'curl', 'swift', 'rclone', 'floor'] as const;
export type Tool = (typeof TOOLS)[number];

export interface RowSpec {
  id: string;
  title: string;
  unit: 's' | 'ms' | 'MiB' | 'calls' | '×';
  /**
   * The targets: Cirrus's median at most `ratio[peer]` × the peer's, or at most `max` itself (and at
   * least `min`, where a figure may be too low as well: a limited transfer's time over the time it should take).
   */
  target?: { ratio?: Partial<Record<Tool, number>>; max?: number; min?: number };
}

export interface Summary {
  n: number;
  min: number;
  median: number;
  max: number;
}

export interface RowResult extends RowSpec {
  tools: Partial<Record<Tool, Summary & { samples: number[] }>>;
  /** Cirrus median ÷ peer median. */
  ratios: Partial<Record<Tool, number>>;
  /** Targets Cirrus misses, in words; empty when it meets them all (or has none). */
  behind: string[];
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { n: sorted.length, min: sorted[0]!, median, max: sorted.at(-1)! };
}

export class Results {
  readonly #specs = new Map<string, RowSpec>();
  readonly #samples = new Map<string, Map<Tool, number[]>>();

  define(...specs: RowSpec[]): void {
    for (const spec of specs) {
      this.#specs.set(spec.id, spec);
      if (!this.#samples.has(spec.id)) this.#samples.set(spec.id, new Map());
    }
  }

  add(id: string, tool: Tool, ...values: number[]): void {
    const row = this.#samples.get(id);
    if (!row) throw new Error(`bench row "${id}" was never defined`);
    for (const v of values)
      if (!Number.isFinite(v)) throw new Error(`bench row "${id}", ${tool}: ${v} is not a number`);
    row.set(tool, [...(row.get(tool) ?? []), ...values]);
  }

  rows(): RowResult[] {
    return [...this.#specs.values()].map((spec) => {
      const byTool = this.#samples.get(spec.id)!;
      const tools: RowResult['tools'] = {};
      for (const tool of TOOLS) {
        const samples = byTool.get(tool);
        if (samples?.length) tools[tool] = { ...summarize(samples), samples };
      }
      const cirrus = tools.Cirrus?.median;
      const ratios: RowResult['ratios'] = {};
      const behind: string[] = [];
      for (const tool of TOOLS) {
        const peer = tools[tool]?.median;
        if (tool === 'Cirrus' || cirrus === undefined || peer === undefined || peer <= 0) continue;
        ratios[tool] = cirrus / peer;
        const limit = spec.target?.ratio?.[tool];
        if (limit !== undefined && ratios[tool] > limit)
          behind.push(`${ratios[tool].toFixed(2)}× ${tool} (target ≤ ${limit}×)`);
      }
      const max = spec.target?.max;
      if (max !== undefined && cirrus !== undefined && cirrus > max)
        behind.push(`${format(cirrus)} ${spec.unit} (target ≤ ${max})`);
      const min = spec.target?.min;
      if (min !== undefined && cirrus !== undefined && cirrus < min)
        behind.push(`${format(cirrus)} ${spec.unit} (target ≥ ${min})`);
      return { ...spec, tools, ratios, behind };
    });
  }
}

export const format = (n: number): string =>
  Number.isInteger(n)
    ? String(n)
    : n >= 100
      ? n.toFixed(0)
      : n >= 10
        ? n.toFixed(1)
        : n >= 1
          ? n.toFixed(2)
          : n.toFixed(3);
