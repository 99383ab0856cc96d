/**
 * The listings the tree and the grid show: the region's containers, and each level of a container as a window
 * of pages. The changes made to containers and objects live in their rooms (containers/, objects/); the cache
 * edits after them in cache/.
 */
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { LISTING_LIMIT_MAX } from '../../../shared/limits';
import { markerBefore } from '../../../shared/listing-order';
import { call } from '../api';
import { limitsQuery } from '../cache/queries';
import { containersKey, objectsKey, objectsWindowKey } from '../cache/queryKeys';
import { LATER_PAGE, toListingPage, type ListingPage, type PageParam } from '../cache/listingPage';

export const CONTAINER_PAGE_SIZE = 1000;

export function useContainers(region: string, prefix: string) {
  return useInfiniteQuery({
    queryKey: containersKey(region, prefix),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      call(
        'listContainers',
        {
          region,
          limit: CONTAINER_PAGE_SIZE,
          ...(pageParam ? { marker: pageParam } : {}),
          ...(prefix ? { prefix } : {}),
        },
        signal,
      ),
    // Only an empty page ends the listing; its nextMarker is undefined.
    getNextPageParam: (lastPage) => lastPage.nextMarker,
  });
}

export type ContainersQuery = ReturnType<typeof useContainers>;

/**
 * The first page of a level is small, so its rows paint at once; the pages
 * after it are as large as the region lists (`container_listing_limit`, at
 * most 10,000), so 100,000 names take 11 listing calls, not 100.
 */
export const FIRST_PAGE_SIZE = 100;
/** Pseudo-folders are name segments separated by "/". */
export const FOLDER_DELIMITER = '/';
/**
 * How many pages a level keeps (React Query's maxPages): scrolling on past
 * them drops the farthest page, which is listed again if the person scrolls
 * back. 60 pages of 10,000 keep the rows' height within what the browser can
 * lay out (1,000,000 rows × 28 px is near its 33.5 Mpx limit) and the heap small.
 */
const MAX_PAGES = 60;

/** Where a listing window starts: the top, at a name the person jumped to, or the end. */
export type ListingStart = { at: 'top' } | { at: 'name'; name: string } | { at: 'end' };
export const FROM_TOP: ListingStart = { at: 'top' };

function firstParam(start: ListingStart): PageParam {
  if (start.at === 'name') return { marker: markerBefore(start.name), reverse: false, limit: FIRST_PAGE_SIZE };
  return { marker: '', reverse: start.at === 'end', limit: FIRST_PAGE_SIZE };
}

/**
 * One level of a container (`prefix` '' or a folder ending in "/"), folded at
 * "/", as a window of pages that grows both ways from where it starts. The
 * tree and the objects pane share the window from the top: a folder listed
 * for one is not listed again for the other.
 */
export function objectsQueryOptions(
  client: QueryClient,
  region: string,
  container: string,
  prefix: string,
  start: ListingStart = FROM_TOP,
) {
  return infiniteQueryOptions({
    queryKey: objectsWindowKey(region, container, prefix, FOLDER_DELIMITER, start),
    initialPageParam: firstParam(start),
    queryFn: async ({ pageParam, signal }): Promise<ListingPage> => {
      const limit =
        pageParam.limit === LATER_PAGE
          ? Math.min(LISTING_LIMIT_MAX, (await client.ensureQueryData(limitsQuery(region))).containerListingLimit)
          : pageParam.limit;
      const listing = await call(
        'listObjects',
        {
          region,
          container,
          delimiter: FOLDER_DELIMITER,
          limit,
          ...(pageParam.marker ? { marker: pageParam.marker } : {}),
          ...(pageParam.reverse ? { reverse: true } : {}),
          ...(prefix ? { prefix } : {}),
        },
        signal,
      );
      return toListingPage(listing, { ...pageParam, limit });
    },
    getNextPageParam: (last): PageParam | undefined =>
      last.atEnd ? undefined : { marker: last.after, reverse: false, limit: LATER_PAGE },
    getPreviousPageParam: (first): PageParam | undefined =>
      first.atStart ? undefined : { marker: first.before, reverse: true, limit: LATER_PAGE },
    maxPages: MAX_PAGES,
    // Pages are never equal to the ones before them: comparing them deeply (React Query's default) walks every loaded name per page.
    structuralSharing: false,
    // A level of one page is asked again when shown; a long one is kept until Refresh (which lists only its first page).
    refetchOnMount: (query) => (query.state.data?.pages.length ?? 0) <= 1,
  });
}

export function useObjects(region: string, container: string, prefix: string, start: ListingStart = FROM_TOP) {
  const client = useQueryClient();
  const level = objectsKey(region, container, prefix, FOLDER_DELIMITER);
  return useInfiniteQuery({
    ...objectsQueryOptions(client, region, container, prefix, start),
    // While a jump lists its window, the rows of the same level stay on screen; another level starts blank.
    placeholderData: (previous, previousQuery) =>
      previousQuery && level.every((part, i) => previousQuery.queryKey[i] === part) ? previous : undefined,
  });
}
