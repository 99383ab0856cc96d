/** The one table the bench prints (and the same as Markdown, for the README). */
import { format, TOOLS, type RowResult } from './results';

interface Line {
  work: string;
  tool: string;
  n: string;
  min: string;
  median: string;
  max: string;
  ratio: string;
  target: string;
}

const HEAD: Line = {
  work: 'work',
  tool: 'tool',
  n: 'n',
  min: 'min',
  median: 'median',
  max: 'max',
  ratio: 'Cirrus ÷ tool',
  target: 'target',
};

function lines(rows: RowResult[]): Line[] {
  const out: Line[] = [];
  for (const row of rows) {
    let first = true;
    for (const tool of TOOLS) {
      const s = row.tools[tool];
      if (!s) continue;
      const ratio = row.ratios[tool];
      const limit = tool === 'Cirrus' ? row.target?.max : row.target?.ratio?.[tool];
      const floor = tool === 'Cirrus' ? row.target?.min : undefined;
      const met =
        (limit === undefined || (tool === 'Cirrus' ? s.median <= limit : ratio === undefined || ratio <= limit)) &&
        (floor === undefined || s.median >= floor);
      out.push({
        work: first ? `${row.title} (${row.unit})` : '',
        tool,
        n: String(s.n),
        min: format(s.min),
        median: format(s.median),
        max: format(s.max),
        ratio: ratio === undefined ? '' : `${ratio.toFixed(2)}×`,
        target: targetText(limit, floor, tool === 'Cirrus' ? ` ${row.unit}` : '×', met),
      });
      first = false;
    }
  }
  return out;
}

/** "≤ 64 MiB met", "0.95–1.05 × met", or nothing without a target. */
function targetText(max: number | undefined, min: number | undefined, unit: string, met: boolean): string {
  if (max === undefined && min === undefined) return '';
  const bound = min === undefined ? `≤ ${max}` : max === undefined ? `≥ ${min}` : `${min}–${max}`;
  return `${bound}${unit} ${met ? 'met' : 'BEHIND'}`;
}

const KEYS = Object.keys(HEAD) as (keyof Line)[];
const LEFT = new Set<keyof Line>(['work', 'tool', 'target']);

export function textTable(rows: RowResult[]): string {
  const all = [HEAD, ...lines(rows)];
  const width = Object.fromEntries(KEYS.map((k) => [k, Math.max(...all.map((l) => l[k].length))])) as Record<
    keyof Line,
    number
  >;
  const cell = (l: Line, k: keyof Line) => (LEFT.has(k) ? l[k].padEnd(width[k]) : l[k].padStart(width[k]));
  return all
    .map((l) =>
      KEYS.map((k) => cell(l, k))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function markdownTable(rows: RowResult[]): string {
  const row = (l: Line) => `| ${KEYS.map((k) => l[k]).join(' | ')} |`;
  const rule = `| ${KEYS.map((k) => (LEFT.has(k) ? '---' : '---:')).join(' | ')} |`;
  return [row(HEAD), rule, ...lines(rows).map(row)].join('\n');
}
