import type { ReactNode } from 'react';
import { formatCount } from '../ui/format';
import { UntrustedName } from '../ui/UntrustedName';
import { useFixedRows } from '../ui/useFixedRows';
import type { SyncRow } from './syncRows';

interface Props {
  rows: readonly SyncRow[];
  label: string;
  /** Ticked names (of the checkable rows). */
  chosen?: ReadonlySet<string> | undefined;
  onToggle?: ((names: readonly string[]) => void) | undefined;
}

/**
 * A comparison's differences or a plan's actions as one list of fixed-height
 * rows, group headings among them, drawn only where they are on screen
 * (useFixedRows, as the regions' differences): 100,000 names cost the rows shown.
 */
export function SyncList({ rows, label, chosen, onToggle }: Props) {
  const { scrollerRef, first, last, totalHeight, rowHeight } = useFixedRows({ count: rows.length });
  const shown: ReactNode[] = [];
  for (let index = first; index <= last; index++) {
    const row = rows[index];
    if (!row) continue;
    const style = { top: index * rowHeight, height: rowHeight };
    const box = chosen && onToggle && row.checkable;
    if (row.type === 'group') {
      const all = row.names.every((n) => chosen?.has(n));
      const some = !all && row.names.some((n) => chosen?.has(n));
      shown.push(
        <div key={row.key} role="listitem" className="grouped-group" style={style}>
          {box && (
            <input
              type="checkbox"
              aria-label={`Every one of ${row.title.toLowerCase()}`}
              checked={all}
              ref={(el) => {
                if (el) el.indeterminate = some;
              }}
              onChange={() => onToggle(row.names)}
            />
          )}
          <h3 className="grouped-group-title">
            {row.title} <span className="muted">({formatCount(row.count)})</span>
          </h3>
        </div>,
      );
      continue;
    }
    const content = (
      <>
        {box && (
          <input
            type="checkbox"
            aria-label={row.name}
            checked={chosen.has(row.name)}
            onChange={() => onToggle([row.name])}
          />
        )}
        <UntrustedName name={row.name} middleEllipsis className="grouped-name" />
        <span className="grouped-detail muted">{row.detail}</span>
      </>
    );
    shown.push(
      box ? (
        <label key={row.key} role="listitem" className="grouped-row" style={style}>
          {content}
        </label>
      ) : (
        <div key={row.key} role="listitem" className="grouped-row" style={style}>
          {content}
        </div>
      ),
    );
  }
  return (
    <div
      ref={scrollerRef}
      className="grouped-scroller"
      data-testid="sync-scroller"
      tabIndex={0}
      // As tall as its rows; the dialog takes from it what the window cannot hold (sync.css).
      style={{ height: totalHeight + 2 }}
    >
      <div role="list" aria-label={label} className="grouped-body" style={{ height: totalHeight }}>
        {shown}
      </div>
    </div>
  );
}
