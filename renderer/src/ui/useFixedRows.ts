/**
 * A virtual list of rows that all have one height (the --row token): the
 * objects grid, the segment groups, the regions' differences. Which rows are
 * on screen is arithmetic on the scroll position, so the cost of a render is
 * the rows shown, whatever the count. TanStack Virtual (useRowVirtualizer)
 * rebuilds a measurement for every row whenever the count changes — 18.5 % of
 * a 200,000-row scroll when profiled, and quadratic over the scroll.
 */
import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** The --row token of tokens.css, in pixels: every list of one-line rows uses it. */
export const ROW_HEIGHT = 28;
/**
 * Rows rendered beyond each edge of the view: enough for a wheel step (~4
 * rows) to find its rows drawn. Each row costs ~0.25 ms of style and layout
 * when a jump (End, the scrollbar, a page arriving under it) renders all of
 * them afresh; 12 a side made those frames miss their 16.7 ms twice as often.
 */
const OVERSCAN = 6;

interface Options {
  count: number;
  rowHeight?: number;
  overscan?: number;
}

interface Range {
  /** The row at the top of the view, not bounded by the count: rows taken away under the view leave it past them. */
  top: number;
  first: number;
  last: number;
  /** Rows added above (negative: dropped from the top) that the scroll position has yet to follow. */
  moved: number;
}

function rangeOf(el: HTMLElement, count: number, rowHeight: number, overscan: number): Range {
  const top = Math.floor(el.scrollTop / rowHeight);
  return {
    top,
    first: Math.max(0, top - overscan),
    last: Math.min(count - 1, Math.ceil((el.scrollTop + el.clientHeight) / rowHeight) + overscan),
    moved: 0,
  };
}

export function useFixedRows({ count, rowHeight = ROW_HEIGHT, overscan = OVERSCAN }: Options) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<Range>({ top: 0, first: 0, last: Math.min(count - 1, 2 * overscan), moved: 0 });
  const countRef = useRef(count);
  useLayoutEffect(() => {
    countRef.current = count;
  }, [count]);

  const update = useCallback(() => {
    const el = scrollerRef.current;
    if (!el) return;
    const next = rangeOf(el, countRef.current, rowHeight, overscan);
    // Only a change of rows re-renders; most scroll events move within them.
    setRange((old) =>
      old.top === next.top && old.first === next.first && old.last === next.last && old.moved === 0 ? old : next,
    );
  }, [rowHeight, overscan]);

  useLayoutEffect(() => {
    const el = scrollerRef.current;
    if (!el) return;
    el.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [update]);
  // A new count (a page arrived, rows were deleted) can change what is on screen without a scroll.
  useLayoutEffect(update, [count, update]);

  /**
   * Rows were added above or dropped from the top: called while rendering, so
   * the very render that shows the new rows keeps the same rows on screen
   * (the focused one is not unmounted); the scroll position follows before paint.
   */
  const shiftBy = useCallback((rows: number) => {
    if (rows !== 0)
      setRange((old) => ({
        top: old.top + rows,
        first: old.first + rows,
        last: old.last + rows,
        moved: old.moved + rows,
      }));
  }, []);
  const follow = useCallback(() => {
    const el = scrollerRef.current;
    if (!el || range.moved === 0) return;
    el.scrollTop += range.moved * rowHeight;
    update();
  }, [range.moved, rowHeight, update]);
  useLayoutEffect(follow, [follow]);

  /** Scrolls row `index` into view (as little as needed) and focuses it once it is rendered. */
  const focusRow = useCallback(
    (index: number) => {
      const el = scrollerRef.current;
      if (!el) return;
      const top = index * rowHeight;
      if (top < el.scrollTop) el.scrollTop = top;
      else if (top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = top + rowHeight - el.clientHeight;
      update();
      requestAnimationFrame(() => el.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus());
    },
    [rowHeight, update],
  );

  /** How far PageUp and PageDown move: a screenful of rows, less one. */
  const pageRows = useCallback(
    () => Math.max(1, Math.floor((scrollerRef.current?.clientHeight ?? 0) / rowHeight) - 1),
    [rowHeight],
  );

  const first = Math.max(0, Math.min(range.first, count - 1));
  const last = Math.min(range.last, count - 1);
  const { top } = range;
  return { scrollerRef, top, first, last, totalHeight: count * rowHeight, rowHeight, shiftBy, focusRow, pageRows };
}
