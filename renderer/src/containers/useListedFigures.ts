/**
 * A container's figures for its details, without a HEAD racing its first
 * listing. Clicking a container mounts the objects pane and the details pane
 * in one commit; the details' HEAD left 1.5–23 ms after the listing and the
 * two shared Swift's proxy, while the listing's GET answers the same headers
 * (browse/useListingSync.ts puts them in this cache entry). So while the container's
 * top-level listing is in flight the HEAD waits, and the figures it brings
 * count as fresh for a moment: no HEAD follows a listing that just answered.
 */
import { useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { containerFiguresQuery } from '../cache/queries';
import { objectsKey } from '../cache/queryKeys';

/** How long figures read from a listing stand for a HEAD (a remount within it asks nothing). */
const LISTED_FRESH_MS = 5_000;

export function useListedFigures(region: string, container: string) {
  const client = useQueryClient();
  // The container's top level, folded at "/" as the objects pane lists it, from wherever its window starts.
  const listing = { queryKey: objectsKey(region, container, '', '/') };
  const listingInFlight = useIsFetching(listing) > 0;
  // On the first render the objects pane's query exists but has not started (it starts in its effects,
  // which run before this pane's): wait one task for it, then only for a fetch that is running.
  const [looked, setLooked] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLooked(true));
    return () => clearTimeout(timer);
  }, []);
  const notStarted = !looked && client.getQueryCache().findAll(listing).some((q) => q.state.status === 'pending');
  return useQuery({
    ...containerFiguresQuery(region, container),
    enabled: !listingInFlight && !notStarted,
    staleTime: LISTED_FRESH_MS,
  });
}
