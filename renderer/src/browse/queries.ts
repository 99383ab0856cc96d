/** The browser's server state: container and object listings, a container's figures, and the changes made to them. */
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { BulkDeleteResult } from '../../../shared/domain';
import { ApiError, call } from '../api';
import {
  accountKey,
  containerKey,
  containerListsScope,
  containerScope,
  containersKey,
  objectKey,
  objectListsScope,
  objectsKey,
} from '../queryKeys';

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

export const OBJECT_PAGE_SIZE = 1000;
/** Pseudo-folders are name segments separated by "/". */
export const FOLDER_DELIMITER = '/';

/**
 * One level of a container (`prefix` '' or a folder ending in "/"), folded at
 * "/". The tree and the objects pane share these pages: a folder listed for
 * one is not listed again for the other.
 */
export function objectsQueryOptions(region: string, container: string, prefix: string) {
  return infiniteQueryOptions({
    queryKey: objectsKey(region, container, prefix, FOLDER_DELIMITER),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      call(
        'listObjects',
        {
          region,
          container,
          delimiter: FOLDER_DELIMITER,
          limit: OBJECT_PAGE_SIZE,
          ...(pageParam ? { marker: pageParam } : {}),
          ...(prefix ? { prefix } : {}),
        },
        signal,
      ),
    // Only an empty page ends the listing; its nextMarker is undefined.
    getNextPageParam: (lastPage) => lastPage.nextMarker,
  });
}

export function useObjects(region: string, container: string, prefix: string) {
  return useInfiniteQuery(objectsQueryOptions(region, container, prefix));
}

/**
 * A container's own figures and metadata (HEAD). `fresh` asks again on every
 * mount: a confirmation must not quote a stale count.
 */
export function useContainerFigures(region: string, container: string, opts: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: containerKey(region, container),
    queryFn: ({ signal }) => call('getContainer', { region, container }, signal),
    ...(opts.fresh ? { staleTime: 0 } : {}),
  });
}

/** After objects of one container changed: its listings, its figures and the account's counters — nothing else. */
export async function invalidateContainerContent(
  client: QueryClient,
  region: string,
  container: string,
): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: objectListsScope(region, container) }),
    client.invalidateQueries({ queryKey: containerKey(region, container), exact: true }),
    client.invalidateQueries({ queryKey: accountKey(region), exact: true }),
  ]);
}

/** After a container was added or removed: the region's container listings and the account. */
async function invalidateContainerList(client: QueryClient, region: string): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: containerListsScope(region) }),
    client.invalidateQueries({ queryKey: accountKey(region), exact: true }),
  ]);
}

export function useCreateContainer(region: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (container: string) => call('createContainer', { region, container }),
    onSuccess: () => invalidateContainerList(client, region),
  });
}

/**
 * What the cache should forget once a container is gone: its listings and
 * figures, and the region's container list and account counters are asked
 * again. Emptying runs as a transfer (TransfersProvider), so this is shared.
 */
export function forgetDeletedContainer(client: QueryClient, region: string, container: string): Promise<void> {
  client.removeQueries({ queryKey: containerScope(region, container) });
  return invalidateContainerList(client, region);
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
    mutationFn: async ({ container, names }: { container: string; names: string[] }) => {
      const result = await call('bulkDelete', { region, items: names.map((name) => ({ container, name })) });
      throwIfFailed(result, 'Deleting objects');
      return result;
    },
    onSettled: (_result, _error, { container, names }) => {
      for (const name of names) client.removeQueries({ queryKey: objectKey(region, container, name), exact: true });
      return invalidateContainerContent(client, region, container);
    },
  });
}

export function useCopyObject(region: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: { from: { container: string; name: string }; to: { container: string; name: string } }) =>
      call('copyObject', { region, ...request }),
    onSuccess: (_done, { to }) => {
      client.removeQueries({
        queryKey: objectKey(region, to.container, to.name),
        exact: true,
      });
      return invalidateContainerContent(client, region, to.container);
    },
  });
}
