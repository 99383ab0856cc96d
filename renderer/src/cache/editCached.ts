import type { Query, QueryClient } from '@tanstack/react-query';

/**
 * Edits a query's cached data now and, if a fetch of it is under way, once
 * more when that fetch ends. An infinite query's fetch writes the pages it
 * started from, plus the page it fetched, over the cache: without the second
 * pass a row put in or taken out meanwhile would come back or go again. The
 * edits are by name (a row written over or filtered out), so a second pass
 * over data that has it already changes nothing.
 */
export function editCached<T>(client: QueryClient, query: Query, edit: (data: T) => T): void {
  const apply = () => {
    const data = query.state.data as T | undefined;
    if (data === undefined) return;
    const next = edit(data);
    if (next !== data) client.setQueryData(query.queryKey, next);
  };
  apply();
  if (query.state.fetchStatus !== 'fetching') return;
  const stop = client.getQueryCache().subscribe((event) => {
    if (event.query !== query) return;
    if (event.type === 'removed') return stop();
    if (query.state.fetchStatus === 'fetching') return;
    stop();
    apply();
  });
}
