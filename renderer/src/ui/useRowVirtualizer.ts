/**
 * The virtualizer setup (TanStack Virtual) of the lists whose rows may differ
 * in height or are few: the container tree, the saved connections and the
 * transfers panel. The scroller, the row estimate, the overscan, stable row
 * keys, keyboard paging, and the call that loads the next page while the
 * person is still scrolling towards it. Lists of many rows of one height (the
 * objects grid, segment groups, region differences) use useFixedRows instead:
 * this one measures every row again whenever the count changes.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef } from 'react';
import { ROW_HEIGHT } from './useFixedRows';

/** Start loading the next page while the person is still this many rows from the end. */
const PREFETCH_ROWS = 200;
const OVERSCAN = 12;

/** The fields of a row that can key it. */
type KeyField<T> = { [K in keyof T]-?: T[K] extends string | number ? K : never }[keyof T];

interface Options<T> {
  rows: readonly T[];
  /** The field that names a row for good (its React key and its measurement); the index where there is none. */
  keyField?: KeyField<T>;
  /** A row's height before it is measured. */
  rowHeight?: number;
  overscan?: number;
  /**
   * Called with the rows near what the person sees (the overscan above, a
   * prefetch margin below) whenever they change: where a list asks for its
   * next page. Stable between renders (useCallback), or it runs on every one.
   */
  onNear?: (from: number, to: number) => void;
}

export function useRowVirtualizer<T extends object>({
  rows,
  keyField,
  rowHeight = ROW_HEIGHT,
  overscan = OVERSCAN,
  onNear,
}: Options<T>) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  // Both stable between renders: a new function makes the virtualizer measure every row again (O(rows) per scroll).
  const getItemKey = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined || keyField === undefined ? index : (row[keyField] as string | number);
    },
    [rows, keyField],
  );
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);

  // The build has no React Compiler; the virtualizer re-renders the component that uses it itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize,
    overscan,
    getItemKey,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (onNear && last >= 0) onNear(Math.max(0, first - overscan), Math.min(rows.length - 1, last + PREFETCH_ROWS));
  }, [onNear, first, last, overscan, rows.length]);

  /** Scrolls row `index` into view and focuses it (the row may exist only once the virtualizer re-renders). */
  function focusRow(index: number): void {
    virtualizer.scrollToIndex(index, { align: 'auto' });
    requestAnimationFrame(() => {
      scrollerRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus();
    });
  }

  /** How far PageUp and PageDown move: a screenful of rows, less one. */
  const pageRows = (): number => Math.max(1, Math.floor((scrollerRef.current?.clientHeight ?? 0) / rowHeight) - 1);

  return { scrollerRef, virtualizer, items, focusRow, pageRows };
}
