import type { ReactNode } from 'react';
import type { ComparedObject, DifferenceKind, RegionDifference } from '../../../shared/region-diff';
import { formatBytes, formatCount } from '../ui/format';
import { UntrustedName } from '../ui/UntrustedName';
import { useFixedRows } from '../ui/useFixedRows';
import type { DifferenceRow } from './differenceRows';

interface Props {
  rows: readonly DifferenceRow[];
  /** The full count of each group (a very long comparison lists fewer rows than it counts). */
  counts: Record<DifferenceKind, number>;
  source: string;
  target: string;
  chosen: ReadonlySet<string>;
  onToggle: (name: string) => void;
  onToggleGroup: (names: readonly string[]) => void;
}

export const groupTitle = (kind: DifferenceKind, source: string, target: string): string =>
  kind === 'onlySource' ? `Only in ${source}` : kind === 'onlyTarget' ? `Only in ${target}` : 'Different';

/** The title inside a sentence: "only in RegionOne" (the region's name keeps its case). */
export const groupPhrase = (kind: DifferenceKind, source: string, target: string): string => {
  const title = groupTitle(kind, source, target);
  return title.charAt(0).toLowerCase() + title.slice(1);
};

/** The list's tallest: room for the summary and the buttons in an 800×560 window. */
const LIST_MAX = 'min(360px, calc(100vh - 300px))';

const size = (o: ComparedObject | undefined) => (o ? formatBytes(o.bytes) : '');

function sizes(d: RegionDifference, source: string, target: string): string {
  if (d.kind !== 'different') return size(d.source ?? d.target);
  if (d.source?.bytes === d.target?.bytes) return `${size(d.source)} each, other content`;
  return `${size(d.source)} in ${source}, ${size(d.target)} in ${target}`;
}

/**
 * The differences as one list of fixed-height rows, group headings among
 * them, drawn only where they are on screen (useFixedRows, as the objects
 * grid): a comparison of a million names costs the rows shown.
 */
export function DifferenceList({ rows, counts, source, target, chosen, onToggle, onToggleGroup }: Props) {
  const { scrollerRef, first, last, totalHeight, rowHeight } = useFixedRows({ count: rows.length });
  const shown: ReactNode[] = [];
  for (let index = first; index <= last; index++) {
    const row = rows[index];
    if (!row) continue;
    const style = { top: index * rowHeight, height: rowHeight };
    if (row.type === 'group') {
      const title = groupTitle(row.kind, source, target);
      const all = row.names.every((n) => chosen.has(n));
      const some = !all && row.names.some((n) => chosen.has(n));
      shown.push(
        <div key={row.key} role="listitem" className="grouped-group" style={style}>
          <input
            type="checkbox"
            aria-label={`Select all ${groupPhrase(row.kind, source, target)}`}
            checked={all}
            ref={(el) => {
              if (el) el.indeterminate = some;
            }}
            onChange={() => onToggleGroup(row.names)}
          />
          <h3 className="grouped-group-title">
            {title} <span className="muted">({formatCount(counts[row.kind])})</span>
          </h3>
        </div>,
      );
      continue;
    }
    const d = row.difference;
    shown.push(
      <label key={row.key} role="listitem" className="grouped-row" style={style} data-kind={d.kind}>
        <input type="checkbox" aria-label={d.name} checked={chosen.has(d.name)} onChange={() => onToggle(d.name)} />
        <UntrustedName name={d.name} middleEllipsis className="grouped-name" />
        <span className="grouped-detail muted">{sizes(d, source, target)}</span>
      </label>,
    );
  }
  return (
    <div
      ref={scrollerRef}
      className="grouped-scroller"
      data-testid="difference-scroller"
      // As tall as its rows, up to the stylesheet's cap: a short list leaves no empty box.
      style={{ height: `min(${totalHeight + 2}px, ${LIST_MAX})` }}
    >
      <div role="list" aria-label="Differences" className="grouped-body" style={{ height: totalHeight }}>
        {shown}
      </div>
    </div>
  );
}
