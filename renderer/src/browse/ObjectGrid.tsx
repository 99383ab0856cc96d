import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useFixedRows } from '../ui/useFixedRows';
import { useGridColumns } from './GridColumns';
import { modeOf, pick, pickAll, NOTHING_PICKED, type Picked } from './multiSelect';
import { ObjectGridRow } from './ObjectGridRow';
import { pickName, type ObjectRow, type RowList } from './objectRows';
import type { ListingStart } from './queries';
import { SortHeader } from './SortHeader';
import { isListingOrder, sortRows, type GridRows, type SortOrder } from './sortedRows';
import { rowForStart, useJumpTo } from './useJumpTo';

/**
 * Pages are 10,000 rows: asking for the next one while the person is still
 * this far from the end means a scroll never waits on a page boundary.
 */
const PREFETCH_ROWS = 3000;

interface Props {
  rows: RowList;
  /** The order shown: the listing's (by name), or the loaded rows sorted by a column. */
  sort: SortOrder;
  onSort: (sort: SortOrder) => void;
  /** The level's path: rows are full names, a person types them without it. */
  prefix: string;
  /** More pages exist after the rows / before them (a window that started at a name or the end). */
  hasMore: boolean;
  hasBefore: boolean;
  loadMore: () => void;
  loadBefore: () => void;
  /** Lists the level from elsewhere than what is loaded: a name typed, End, Home (focused), or where the view was. */
  onJump: (start: ListingStart, focus?: boolean) => void;
  picked: Picked;
  onPick: (picked: Picked) => void;
  /** A folder row was opened (double-click or Enter). */
  onOpenFolder: (prefix: string) => void;
  /** An object row was double-clicked: it is previewed. */
  onOpenObject: (name: string) => void;
  /** A row was clicked: the details panel shows it. */
  onShow: (row: ObjectRow) => void;
  onDeleteKey: () => void;
  /** F2 on a row: rename it. */
  onRenameKey: (row: ObjectRow) => void;
  /** Ctrl+E (⌘E) on an object row: edit it in the person's own application. */
  onEditKey: (row: ObjectRow) => void;
  /** The context menu was asked for on a row (already picked, as in a desktop file list). */
  onMenu: (row: ObjectRow, at: { x: number; y: number }, from: HTMLElement) => void;
  /** Set when this window was listed for a jump: the row to focus once it shows. */
  focusAt?: ListingStart;
  /** Shown before the first row / after the last: loading more, or why more could not be loaded. */
  header?: ReactNode;
  footer?: ReactNode;
}

/** The objects of one level as a virtualized, multi-select grid (WAI-ARIA grid, row focus). */
export function ObjectGrid(props: Props) {
  const { rows: listed, sort, onSort, prefix, loadMore, loadBefore, onJump, picked, onPick } = props;
  // Sorted by another column, the rows are what is loaded: nothing more is fetched as it scrolls.
  const listingOrder = isListingOrder(sort);
  const hasMore = props.hasMore && listingOrder;
  const hasBefore = props.hasBefore && listingOrder;
  const rows = sortRows(listed, sort);
  const { onOpenFolder, onOpenObject, onShow, onDeleteKey, onRenameKey, onEditKey, onMenu, focusAt, header, footer } =
    props;
  // A window listed for a jump starts focused on the row jumped to.
  const [focusIndex, setFocusIndex] = useState(() => (focusAt ? Math.max(0, rowForStart(listed, focusAt)) : 0));
  const { scrollerRef, top, first, last, totalHeight, rowHeight, shiftBy, focusRow, pageRows } = useFixedRows({
    count: rows.length,
  });

  // Rows added above or dropped from the top move the view by as much: what the person sees stays put.
  const [rowsShown, setRowsShown] = useState(listed);
  // Where to start the window again once the rows under the view are gone (a new object each time), and
  // the rows it was found gone from.
  const [lost, setLost] = useState<{ name: string; focus: boolean; rows: GridRows }>();
  // Whether the focus is on a row, known before a change takes that row from the document.
  const [inGrid, setInGrid] = useState(false);
  // The row at the top of the view is no longer among the rows: they were taken away under it.
  const viewGone = top > 0 && top >= listed.length;
  if (rowsShown !== listed) {
    const moved = listingOrder ? listed.shiftSince(rowsShown) : 0;
    // The row the person is at: theirs if they are in the grid and it is on screen (it keeps the focus),
    // else the one at the top of the view (the focus is left where it is). A focused row scrolled out of
    // the view is no longer in the document, and the view is what the person is looking at.
    const onScreen = inGrid && focusIndex >= top && focusIndex <= top + pageRows() + 1;
    const anchor = onScreen ? focusIndex : top;
    const at = anchor + moved;
    setRowsShown(listed);
    if (
      listingOrder &&
      listed.pages.length < rowsShown.pages.length &&
      (at < 0 || (anchor > 0 && at >= listed.length))
    ) {
      // The pages under that row were dropped: a Refresh or an extraction lists each window again from
      // its start page only (one call, not one per page scrolled through), and the row was above that
      // page or below it. The window starts again at that row, not near the top of 100,000 rows.
      const name = rowsShown.nameAt(anchor);
      if (name !== undefined) setLost({ name, focus: onScreen, rows: listed });
    } else if (moved !== 0) {
      shiftBy(moved);
      setFocusIndex((index) => Math.max(0, index + moved));
    }
  }
  useEffect(() => {
    if (lost) onJump({ at: 'name', name: lost.name }, lost.focus);
  }, [lost, onJump]);

  useEffect(() => {
    // The rows under the view just went (see above): the window is about to start again where the view
    // was, so nothing is fetched around the rows left (seen on a fresh harness: the top window's second
    // page asked for in the same commit as the restart).
    if (viewGone || lost?.rows === listed) return;
    if (hasMore && last >= rows.length - PREFETCH_ROWS) loadMore();
    if (hasBefore && first <= PREFETCH_ROWS) loadBefore();
  }, [viewGone, lost, listed, first, last, rows.length, hasMore, hasBefore, loadMore, loadBefore]);

  const focus = useCallback(
    (index: number) => {
      const target = Math.max(0, Math.min(rows.length - 1, index));
      setFocusIndex(target);
      focusRow(target);
      return target;
    },
    [rows.length, focusRow],
  );
  const columns = useGridColumns();
  const jump = useJumpTo({ rows: listed, prefix, hasMore, hasBefore, onJump, focus, enabled: listingOrder });
  // A window listed for a jump mounts a new grid (keyed by where it starts): it shows that row once.
  useEffect(() => {
    if (focusAt) focusRow(focusIndex);
    // Only on mount: later pages must not pull the focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Handlers read the latest state through a ref, so rows keep one handler each and re-render only when they change.
  const latest = useRef<Pick<Props, 'picked' | 'onPick' | 'onShow' | 'onMenu'> & { rows: GridRows }>({
    picked,
    rows,
    onPick,
    onShow,
    onMenu,
  });
  useLayoutEffect(() => {
    latest.current = { picked, rows, onPick, onShow, onMenu };
  }, [picked, rows, onPick, onShow, onMenu]);
  const onClick = useCallback((row: ObjectRow, index: number, event: MouseEvent) => {
    const now = latest.current;
    setFocusIndex(index);
    now.onPick(pick(now.picked, now.rows, pickName(row), modeOf(event)));
    now.onShow(row);
  }, []);
  // A right-click on a row that is not picked picks it alone, then the menu acts on what is picked.
  const openMenu = useCallback((row: ObjectRow, index: number, at: { x: number; y: number }, from: HTMLElement) => {
    const now = latest.current;
    setFocusIndex(index);
    if (!now.picked.names.has(pickName(row))) now.onPick(pick(now.picked, now.rows, pickName(row), 'only'));
    now.onMenu(row, at, from);
  }, []);
  const onToggle = useCallback((name: string) => {
    const now = latest.current;
    now.onPick(pick(now.picked, now.rows, name, 'toggle'));
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const row = rows.at(focusIndex);
    if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      const el = event.target as HTMLElement;
      if (!row || !el.matches('[role="row"]')) return;
      event.preventDefault();
      const box = el.getBoundingClientRect();
      openMenu(row, focusIndex, { x: box.left + 48, y: box.bottom }, el);
      return;
    }
    if (jump.onKey(event)) return;
    const page = pageRows();
    const moves: Record<string, number> = {
      ArrowDown: focusIndex + 1,
      ArrowUp: focusIndex - 1,
      PageDown: focusIndex + page,
      PageUp: focusIndex - page,
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      const target = focus(move);
      const name = rows.nameAt(target);
      if (event.shiftKey && name !== undefined) onPick(pick(picked, rows, name, 'range'));
      return;
    }
    if (event.key === 'a' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onPick(pickAll(rows.pickableNames()));
    } else if (event.key === 'Escape' && picked.names.size > 0) {
      event.preventDefault();
      onPick(NOTHING_PICKED);
    } else if ((event.key === 'Delete' || event.key === 'Backspace') && picked.names.size > 0) {
      event.preventDefault();
      onDeleteKey();
    } else if (event.key === 'F2' && row) {
      event.preventDefault();
      onRenameKey(row);
    } else if (event.key.toLowerCase() === 'e' && (event.ctrlKey || event.metaKey) && row?.type === 'object') {
      event.preventDefault();
      onEditKey(row);
    } else if (event.key === ' ' && row) {
      event.preventDefault();
      onPick(pick(picked, rows, pickName(row), 'toggle'));
    } else if (event.key === 'Enter' && row) {
      event.preventDefault();
      if (row.type === 'folder') onOpenFolder(row.prefix);
      else onPick(pick(picked, rows, row.name, 'only'));
      onShow(row);
    }
  }

  // "All loaded picked" without walking the rows: picks only ever name loaded objects.
  const allPicked = rows.length > 0 && picked.names.size >= rows.length;
  const focusable = Math.min(focusIndex, rows.length - 1);
  const shownRows: ReactNode[] = [];
  for (let index = first; index <= last; index++) {
    const row = rows.at(index);
    if (!row) continue;
    shownRows.push(
      <ObjectGridRow
        key={row.key}
        row={row}
        index={index}
        top={index * rowHeight}
        picked={picked.names.has(pickName(row))}
        focusable={index === focusable}
        onClick={onClick}
        onToggle={onToggle}
        onOpenFolder={onOpenFolder}
        onOpenObject={onOpenObject}
        onMenu={openMenu}
      />,
    );
  }

  return (
    <div
      role="grid"
      aria-label="Objects"
      aria-multiselectable="true"
      aria-rowcount={hasMore || hasBefore ? -1 : rows.length + 1}
      className="object-grid"
      style={columns.style}
    >
      <div role="rowgroup" className="grid-head">
        <div role="row" aria-rowindex={1} className="grid-row">
          <span role="columnheader" className="cell-check">
            <input
              type="checkbox"
              aria-label="Select all loaded objects"
              checked={allPicked}
              disabled={rows.length === 0}
              ref={(el) => {
                if (el) el.indeterminate = picked.names.size > 0 && !allPicked;
              }}
              onChange={() => onPick(allPicked ? NOTHING_PICKED : pickAll(rows.pickableNames()))}
            />
          </span>
          <SortHeader column="name" label="Name" sort={sort} onSort={onSort} />
          <SortHeader column="size" label="Size" sort={sort} onSort={onSort} resizer={columns.resizer('size')} />
          <SortHeader column="type" label="Type" sort={sort} onSort={onSort} resizer={columns.resizer('type')} />
          <SortHeader
            column="modified"
            label="Last modified"
            sort={sort}
            onSort={onSort}
            resizer={columns.resizer('modified')}
          />
        </div>
      </div>
      {/* Outside the scroller: the rows' positions are arithmetic from its top. */}
      <GridLine>{header}</GridLine>
      <div
        ref={scrollerRef}
        className="grid-scroller"
        data-testid="object-scroller"
        onKeyDown={onKeyDown}
        onFocus={() => setInGrid(true)}
        onBlur={(event) => setInGrid(event.currentTarget.contains(event.relatedTarget))}
      >
        <div role="rowgroup" className="grid-body" style={{ height: totalHeight }}>
          {shownRows}
        </div>
        <GridLine>{footer}</GridLine>
      </div>
    </div>
  );
}

/**
 * A line of the grid that is not an object (loading the names before or after, a failure to): a grid may
 * hold only rows, so a status there sits in a row's one cell, where a screen reader still hears it (axe).
 */
function GridLine({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="row" className="grid-line">
      <div role="gridcell" aria-colspan={5}>
        {children}
      </div>
    </div>
  );
}
