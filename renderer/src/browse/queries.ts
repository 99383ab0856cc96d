/** The browser's server state: container and object listings, a container's figures, and the changes made to them. */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { LISTING_LIMIT_MAX } from '../../../shared/limits';
import type { BulkDeleteResult } from '../../../shared/domain';
import { markerBefore } from '../../../shared/listing-order';
import { ApiError, call } from '../api';
import { limitsQuery } from '../queries';
import {
  accountKey,
  containerKey,
  containerListsScope,
  containerScope,
  containersKey,
  objectKey,
  objectsKey,
  objectsWindowKey,
} from '../queryKeys';
import { putListedContainer, removeListedContainer } from './containerListCache';
import { putListedObject, removeListedObjects, restartListings } from './listingCache';
import { LATER_PAGE, toListingPage, type ListingPage, type PageParam } from './listingPage';

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

/**
 * A container's own figures and metadata (HEAD). `fresh` asks again on every
 * mount: a confirmation must not quote a stale count.
 */
/** A container's own figures and metadata: one HEAD. */
export const containerFiguresQuery = (region: string, container: string) =>
  queryOptions({
    queryKey: containerKey(region, container),
    queryFn: ({ signal }) => call('getContainer', { region, container }, signal),
  });

export function useContainerFigures(region: string, container: string, opts: { fresh?: boolean } = {}) {
  return useQuery({ ...containerFiguresQuery(region, container), ...(opts.fresh ? { staleTime: 0 } : {}) });
}

/**
 * After objects of one container changed: its figures and the account's counters (the rows are edited
 * in place). The container's HEAD is asked even when no pane shows it (a file dropped on its row in the
 * tree): the tree's row counts from it (useListingSync). A HEAD still on its way is cancelled and asked
 * again, never shared: it may have left before this change and would count without it.
 */
export async function invalidateContainerFigures(
  client: QueryClient,
  region: string,
  container: string,
): Promise<void> {
  const figures = containerFiguresQuery(region, container);
  const cached = client.getQueryCache().find({ queryKey: figures.queryKey, exact: true });
  await Promise.all([
    cached
      ? client.invalidateQueries({ queryKey: figures.queryKey, exact: true, refetchType: 'all' })
      : client.fetchQuery(figures).catch(() => undefined),
    client.invalidateQueries({ queryKey: accountKey(region), exact: true }),
  ]);
}

/**
 * After one object was written (an upload, a copy): its row, read with one
 * HEAD, is put into the listings where it belongs; nothing is listed again.
 */
export async function showWrittenObject(client: QueryClient, region: string, container: string, name: string) {
  client.removeQueries({ queryKey: objectKey(region, container, name), exact: true });
  const stored = await client.fetchQuery({
    queryKey: objectKey(region, container, name),
    queryFn: ({ signal }) => call('headObject', { region, container, name }, signal),
  });
  putListedObject(client, region, container, stored);
  await invalidateContainerFigures(client, region, container);
}

/** After work that changed names all over a container (extraction, emptying): each listing's first page again. */
export async function invalidateContainerContent(client: QueryClient, region: string, container: string) {
  await Promise.all([
    restartListings(client, region, container),
    invalidateContainerFigures(client, region, container),
  ]);
}

export function useCreateContainer(region: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ container, storagePolicy }: { container: string; storagePolicy?: string | undefined }) =>
      call('createContainer', { region, container, storagePolicy }),
    onSuccess: async (created, { container }) => {
      const row = { name: container, objectCount: 0, bytesUsed: 0, lastModified: undefined };
      // A name that was there already (made elsewhere since the lists were read) has figures only a
      // listing knows: the lists are asked again, as rarely as that happens.
      if (created) putListedContainer(client, region, row);
      else await client.invalidateQueries({ queryKey: containerListsScope(region) });
      await client.invalidateQueries({ queryKey: accountKey(region), exact: true });
    },
  });
}

/**
 * What the cache should forget once a container is gone: its listings and
 * figures, and its row in the region's container lists; the account's
 * counters are asked again. Emptying runs as a transfer (TransfersProvider),
 * so this is shared.
 */
export function forgetDeletedContainer(client: QueryClient, region: string, container: string): Promise<void> {
  client.removeQueries({ queryKey: containerScope(region, container) });
  removeListedContainer(client, region, container);
  return client.invalidateQueries({ queryKey: accountKey(region), exact: true });
}

/** Deletes an empty container (a container with objects is emptied first, as a transfer). */
export function useDeleteContainer(region: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (container: string) => call('deleteContainer', { region, container }),
    onSuccess: (_done, container) => forgetDeletedContainer(client, region, container),
  });
}

function throwIfFailed(result: BulkDeleteResult, what: string): void {
  const first = result.errors[0];
  if (!first) return;
  throw new ApiError({
    code: 'server',
    message: `${what}: ${result.errors.length} could not be deleted (first: ${first.path}, ${first.status}).`,
  });
}

export function useDeleteObjects(region: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      container,
      names,
      folders = [],
      large = [],
    }: {
      container: string;
      names: string[];
      folders?: string[];
      /** Large objects among `names`, deleted with their segments (the confirmation said so). */
      large?: string[];
    }) => {
      const result = await call('deleteObjects', { region, container, names, large });
      // What was deleted leaves the listings at once, even when some of the others failed.
      const failed = new Set(result.errors.map((e) => e.path));
      const gone = names.filter((name) => !failed.has(`/${container}/${name}`));
      for (const name of gone) client.removeQueries({ queryKey: objectKey(region, container, name), exact: true });
      // A folder's row goes only when everything in it did.
      removeListedObjects(client, region, container, gone.length === names.length ? [...gone, ...folders] : gone);
      throwIfFailed(result, 'Deleting objects');
      return result;
    },
    onSettled: (_result, _error, { container }) => invalidateContainerFigures(client, region, container),
  });
}

export function useCopyObject(region: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: { from: { container: string; name: string }; to: { container: string; name: string } }) =>
      call('copyObject', { region, ...request }),
    onSuccess: (_done, { to }) => showWrittenObject(client, region, to.container, to.name),
  });
}
