/** The tree and the objects grid share one row rhythm and one paging rule. */
export const ROW_HEIGHT = 28;
/** Start loading the next page while the person is still this many rows from the end. */
export const PREFETCH_ROWS = 200;
export const OVERSCAN = 12;
/** Stable across renders, so the virtualizer does not re-measure every row on each scroll. */
export const estimateSize = () => ROW_HEIGHT;
