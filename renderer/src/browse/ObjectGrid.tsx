import { useCallback, useMemo, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { formatBytes, formatDateTime, formatExactBytes } from '../format';
import { FileIcon, FolderIcon } from '../ui/icons';
import { UntrustedName } from '../ui/UntrustedName';
import { visibleName } from '../ui/untrustedText';
import { useRowVirtualizer } from '../ui/useRowVirtualizer';
import { modeOf, pick, pickAll, NOTHING_PICKED, type Picked } from './multiSelect';
import { listingTime, objectNames, type ObjectRow } from './objectRows';

interface Props {
  rows: readonly ObjectRow[];
  /** More pages exist; the grid asks for the next one before the person reaches the end. */
  hasMore: boolean;
  loadMore: () => void;
  picked: Picked;
  onPick: (picked: Picked) => void;
  /** A folder row was opened (double-click or Enter). */
  onOpenFolder: (prefix: string) => void;
  /** A row was clicked: the details panel shows it. */
  onShow: (row: ObjectRow) => void;
  onDeleteKey: () => void;
  /** Shown after the last row: loading more, or why more could not be loaded. */
  footer?: ReactNode;
}

/** The objects of one level as a virtualized, multi-select grid (WAI-ARIA grid, row focus). */
export function ObjectGrid(props: Props) {
  const { rows, hasMore, loadMore, picked, onPick, onOpenFolder, onShow, onDeleteKey, footer } = props;
  const [focusIndex, setFocusIndex] = useState(0);
  const names = useMemo(() => objectNames(rows), [rows]);
  // The last rows are near what the person sees: the next page is asked for.
  const loadNear = useCallback(
    (_from: number, to: number) => {
      if (hasMore && to >= rows.length - 1) loadMore();
    },
    [hasMore, rows.length, loadMore],
  );
  const { scrollerRef, virtualizer, items, focusRow, pageRows } = useRowVirtualizer({
    rows,
    keyField: 'key',
    onNear: loadNear,
  });

  function focus(index: number) {
    const target = Math.max(0, Math.min(rows.length - 1, index));
    setFocusIndex(target);
    focusRow(target);
    return rows[target];
  }

  function click(row: ObjectRow, index: number, event: MouseEvent) {
    setFocusIndex(index);
    if (row.type === 'object') onPick(pick(picked, names, row.entry.name, modeOf(event)));
    else if (!event.ctrlKey && !event.metaKey && !event.shiftKey) onPick(NOTHING_PICKED);
    onShow(row);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const row = rows[focusIndex];
    const page = pageRows();
    const moves: Record<string, number> = {
      ArrowDown: focusIndex + 1,
      ArrowUp: focusIndex - 1,
      PageDown: focusIndex + page,
      PageUp: focusIndex - page,
      Home: 0,
      End: rows.length - 1,
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      const target = focus(move);
      if (event.shiftKey && target?.type === 'object') onPick(pick(picked, names, target.entry.name, 'range'));
      return;
    }
    if (event.key === 'a' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onPick(pickAll(names));
    } else if (event.key === 'Escape' && picked.names.size > 0) {
      event.preventDefault();
      onPick(NOTHING_PICKED);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && picked.names.size > 0) {
      event.preventDefault();
      onDeleteKey();
    } else if (event.key === ' ' && row?.type === 'object') {
      event.preventDefault();
      onPick(pick(picked, names, row.entry.name, 'toggle'));
    } else if (event.key === 'Enter' && row) {
      event.preventDefault();
      if (row.type === 'folder') onOpenFolder(row.prefix);
      else onPick(pick(picked, names, row.entry.name, 'only'));
      onShow(row);
    }
  }

  const pickedLoaded = names.filter((n) => picked.names.has(n)).length;
  const allPicked = names.length > 0 && pickedLoaded === names.length;

  return (
    <div
      role="grid"
      aria-label="Objects"
      aria-multiselectable="true"
      aria-rowcount={hasMore ? -1 : rows.length + 1}
      className="object-grid"
    >
      <div role="rowgroup" className="grid-head">
        <div role="row" aria-rowindex={1} className="grid-row">
          <span role="columnheader" className="cell-check">
            <input
              type="checkbox"
              aria-label="Select all loaded objects"
              checked={allPicked}
              disabled={names.length === 0}
              ref={(el) => {
                if (el) el.indeterminate = pickedLoaded > 0 && !allPicked;
              }}
              onChange={() => onPick(allPicked ? NOTHING_PICKED : pickAll(names))}
            />
          </span>
          <span role="columnheader" className="cell-name">
            Name
          </span>
          <span role="columnheader" className="cell-size">
            Size
          </span>
          <span role="columnheader" className="cell-type">
            Type
          </span>
          <span role="columnheader" className="cell-modified">
            Last modified
          </span>
        </div>
      </div>
      <div ref={scrollerRef} className="grid-scroller" data-testid="object-scroller" onKeyDown={onKeyDown}>
        <div role="rowgroup" className="grid-body" style={{ height: virtualizer.getTotalSize() }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const isPicked = row.type === 'object' && picked.names.has(row.entry.name);
            return (
              <div
                key={item.key}
                role="row"
                aria-rowindex={item.index + 2}
                aria-selected={row.type === 'object' ? isPicked : undefined}
                data-index={item.index}
                tabIndex={item.index === Math.min(focusIndex, rows.length - 1) ? 0 : -1}
                className={['grid-row', isPicked && 'picked', row.type === 'folder' && 'folder-row']
                  .filter(Boolean)
                  .join(' ')}
                style={{ transform: `translateY(${item.start}px)` }}
                onClick={(event) => click(row, item.index, event)}
                onDoubleClick={() => row.type === 'folder' && onOpenFolder(row.prefix)}
              >
                <span role="gridcell" className="cell-check">
                  {row.type === 'object' && (
                    <input
                      type="checkbox"
                      tabIndex={-1}
                      aria-label={`Select ${visibleName(row.label)}`}
                      checked={isPicked}
                      onClick={(event) => event.stopPropagation()}
                      onChange={() => onPick(pick(picked, names, row.entry.name, 'toggle'))}
                    />
                  )}
                </span>
                <span role="gridcell" className="cell-name">
                  {row.type === 'folder' ? <FolderIcon /> : <FileIcon />}
                  <UntrustedName name={row.label} className="row-name" />
                </span>
                {row.type === 'object' ? (
                  <>
                    <span role="gridcell" className="cell-size" title={formatExactBytes(row.entry.bytes)}>
                      {formatBytes(row.entry.bytes)}
                    </span>
                    <span role="gridcell" className="cell-type" title={row.entry.content_type}>
                      {row.entry.content_type}
                    </span>
                    <span role="gridcell" className="cell-modified">
                      {formatDateTime(listingTime(row.entry.last_modified))}
                    </span>
                  </>
                ) : (
                  <>
                    <span role="gridcell" className="cell-size muted">
                      —
                    </span>
                    <span role="gridcell" className="cell-type muted">
                      Folder
                    </span>
                    <span role="gridcell" className="cell-modified" />
                  </>
                )}
              </div>
            );
          })}
        </div>
        {footer}
      </div>
    </div>
  );
}
