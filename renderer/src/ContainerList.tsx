import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import type { ContainerSummary } from '../../shared/domain';
import { ErrorMessage } from './ErrorMessage';
import { formatBytes, formatCount, formatExactBytes } from './format';
import type { ContainersQuery } from './queries';

export const ROW_HEIGHT = 28;
/** Start loading the next page while the person is still this many rows from the end. */
export const PREFETCH_ROWS = 200;
const OVERSCAN = 12;
const SKELETON_ROWS = 8;

interface Props {
  query: ContainersQuery;
  prefix: string;
  selectedName: string | undefined;
  onSelect: (container: ContainerSummary) => void;
}

/** A virtualized, endlessly paged list of containers (TanStack Virtual's infinite-scroll pattern). */
export function ContainerList({ query, prefix, selectedName, onSelect }: Props) {
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const rows = useMemo(() => data?.pages.flatMap((page) => page.containers) ?? [], [data]);
  const scrollerRef = useRef<HTMLDivElement>(null);

  // The build has no React Compiler; the virtualizer re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    getItemKey: (index) => rows[index]?.name ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;

  useEffect(() => {
    if (lastIndex < 0 || !hasNextPage || isFetchingNextPage || isFetchNextPageError) return;
    if (lastIndex >= rows.length - 1 - PREFETCH_ROWS) void fetchNextPage();
  }, [lastIndex, rows.length, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  const selectedIndex = selectedName === undefined ? -1 : rows.findIndex((r) => r.name === selectedName);

  function selectIndex(index: number) {
    const row = rows[index];
    if (!row) return;
    onSelect(row);
    virtualizer.scrollToIndex(index, { align: 'auto' });
    // The row may only exist after the virtualizer re-renders.
    requestAnimationFrame(() => {
      scrollerRef.current?.querySelector<HTMLElement>(`[data-index="${index}"]`)?.focus();
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter' || event.key === ' ') {
      const focused = event.target instanceof HTMLElement ? Number(event.target.dataset.index) : Number.NaN;
      if (Number.isInteger(focused)) {
        event.preventDefault();
        selectIndex(focused);
      }
      return;
    }
    const page = Math.max(1, Math.floor((scrollerRef.current?.clientHeight ?? 0) / ROW_HEIGHT) - 1);
    const from = selectedIndex < 0 ? -1 : selectedIndex;
    const targets: Record<string, number> = {
      ArrowDown: from + 1,
      ArrowUp: Math.max(0, from - 1),
      PageDown: from + page,
      PageUp: Math.max(0, from - page),
      Home: 0,
      End: rows.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    selectIndex(Math.min(rows.length - 1, target));
  }

  if (query.isPending) {
    return (
      <div ref={scrollerRef} className="list-scroller" data-testid="container-scroller" aria-busy="true">
        <p className="list-status" role="status">
          Loading…
        </p>
        {Array.from({ length: SKELETON_ROWS }, (_, i) => (
          <div key={i} className="row row-skeleton" aria-hidden="true">
            <span className="skeleton" />
          </div>
        ))}
      </div>
    );
  }

  if (query.isError && !data) {
    return (
      <div ref={scrollerRef} className="list-scroller" data-testid="container-scroller">
        <ErrorMessage
          title="Could not list the containers."
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          className="list-error"
        />
      </div>
    );
  }

  if (rows.length === 0 && !hasNextPage) {
    return (
      <div ref={scrollerRef} className="list-scroller" data-testid="container-scroller">
        <p className="list-empty">{prefix ? `No containers start with “${prefix}”` : 'No containers in this region'}</p>
      </div>
    );
  }

  const focusIndex = selectedIndex >= 0 ? selectedIndex : 0;

  return (
    <div ref={scrollerRef} className="list-scroller" data-testid="container-scroller" onKeyDown={onKeyDown}>
      <div role="list" aria-label="Containers" className="list" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          const selected = item.index === selectedIndex;
          return (
            <div
              key={item.key}
              role="listitem"
              aria-selected={selected}
              data-index={item.index}
              tabIndex={item.index === focusIndex ? 0 : -1}
              className={selected ? 'row selected' : 'row'}
              style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              onClick={() => selectIndex(item.index)}
            >
              <span className="row-name" title={row.name}>
                {row.name}
              </span>
              <span className="row-count" title={`${formatCount(row.objectCount)} objects`}>
                {formatCount(row.objectCount)}
              </span>
              <span className="row-size" title={formatExactBytes(row.bytesUsed)}>
                {formatBytes(row.bytesUsed)}
              </span>
            </div>
          );
        })}
      </div>
      {isFetchNextPageError ? (
        <ErrorMessage
          title="Could not load more containers."
          error={query.error}
          onRetry={() => void fetchNextPage()}
          className="list-error"
        />
      ) : (
        // The row's space is kept while more pages exist, so nothing jumps when a fetch starts.
        hasNextPage && (
          <p className="row list-more" role="status">
            {isFetchingNextPage ? 'Loading more…' : ''}
          </p>
        )
      )}
    </div>
  );
}
