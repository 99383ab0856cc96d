/**
 * The requests as a grid of fixed-height rows, drawn only where they are on screen (useFixedRows, as
 * the objects grid): 10,000 entries cost the rows shown. Newest first; a row is picked by click or
 * the arrow keys, and Ctrl+C (or the pane's Copy) copies it as a line of text.
 */
import type { KeyboardEvent, ReactNode } from 'react';
import { activityTarget, statusClassOf, type ActivityEntry } from '../../../shared/activity';
import { formatBytes, formatCount } from '../ui/format';
import { UntrustedName } from '../ui/UntrustedName';
import { useFixedRows } from '../ui/useFixedRows';

interface Props {
  /** In the order shown. */
  entries: readonly ActivityEntry[];
  selected: number | undefined;
  onSelect: (seq: number) => void;
  onCopy: (entry: ActivityEntry) => void;
}

const COLUMNS = ['Time', 'Region', 'Method', 'Name', 'Status', 'Sent', 'Received', 'Duration', 'Request ID'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
/** Local time to the millisecond: requests a few ms apart must read apart. */
const clock = (at: number): string => {
  const d = new Date(at);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
};
const bytes = (n: number | undefined) => (n === undefined ? '' : formatBytes(n));

function Row({ entry }: { entry: ActivityEntry }): ReactNode {
  const status = [entry.status, entry.error].filter((part) => part !== undefined).join(' ');
  return (
    <>
      <span role="gridcell" title={new Date(entry.at).toISOString()}>
        {clock(entry.at)}
      </span>
      <span role="gridcell" title={entry.host}>
        {entry.region || '-'}
      </span>
      <span role="gridcell">{entry.method}</span>
      <span role="gridcell" className="activity-target">
        <UntrustedName name={activityTarget(entry)} emptyLabel="(account)" middleEllipsis />
        {entry.query && <span className="muted activity-query">?{entry.query}</span>}
      </span>
      <span role="gridcell" className="activity-status" data-class={statusClassOf(entry)}>
        {status}
      </span>
      <span role="gridcell" className="activity-number">
        {bytes(entry.sent)}
      </span>
      <span role="gridcell" className="activity-number">
        {bytes(entry.received)}
      </span>
      <span role="gridcell" className="activity-number">
        {formatCount(Math.round(entry.ms))} ms
      </span>
      <span role="gridcell" className="activity-request-id">
        {entry.requestId ?? ''}
      </span>
    </>
  );
}

export function ActivityTable({ entries, selected, onSelect, onCopy }: Props) {
  const { scrollerRef, first, last, totalHeight, rowHeight, focusRow, pageRows } = useFixedRows({
    count: entries.length,
  });
  const selectedIndex = entries.findIndex((entry) => entry.seq === selected);

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>, index: number) {
    const step = { ArrowDown: 1, ArrowUp: -1, PageDown: pageRows(), PageUp: -pageRows() }[e.key];
    const target =
      step !== undefined ? index + step : e.key === 'Home' ? 0 : e.key === 'End' ? entries.length - 1 : undefined;
    if (target !== undefined) {
      e.preventDefault();
      const to = Math.max(0, Math.min(entries.length - 1, target));
      onSelect(entries[to]!.seq);
      focusRow(to);
    } else if ((e.ctrlKey || e.metaKey) && e.code === 'KeyC' && !window.getSelection()?.toString()) {
      e.preventDefault();
      onCopy(entries[index]!);
    }
  }

  const rows: ReactNode[] = [];
  for (let index = first; index <= last; index++) {
    const entry = entries[index];
    if (!entry) continue;
    const isSelected = entry.seq === selected;
    rows.push(
      <div
        key={entry.seq}
        role="row"
        aria-rowindex={index + 2}
        aria-selected={isSelected}
        data-index={index}
        // One row in the tab order: the picked one, or the first when none is.
        tabIndex={isSelected || (selectedIndex < 0 && index === 0) ? 0 : -1}
        className="activity-row"
        style={{ top: index * rowHeight, height: rowHeight }}
        onClick={() => onSelect(entry.seq)}
        onKeyDown={(e) => onKeyDown(e, index)}
      >
        <Row entry={entry} />
      </div>,
    );
  }
  return (
    <div role="grid" aria-label="Requests" aria-rowcount={entries.length + 1} className="activity-grid">
      <div role="row" aria-rowindex={1} className="activity-row activity-head">
        {COLUMNS.map((column) => (
          <span key={column} role="columnheader">
            {column}
          </span>
        ))}
      </div>
      <div ref={scrollerRef} className="activity-scroller" data-testid="activity-scroller">
        <div className="activity-body" style={{ height: totalHeight }}>
          {rows}
        </div>
        {entries.length === 0 && <p className="activity-empty muted">No requests to show.</p>}
      </div>
    </div>
  );
}
