/**
 * What the cache asks again, or forgets, after a change that more than one room makes: an upload, a copy,
 * an extraction, a rename, a container emptied and deleted. The listings' rows are edited in place
 * (listingCache, containerListCache); only figures no page can work out are read again.
 */
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../api';
import { removeListedContainer } from './containerListCache';
import { putListedObject, restartListings } from './listingCache';
import { containerFiguresQuery } from './queries';
import { accountKey, containerScope, objectKey } from './queryKeys';

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

/**
 * What the cache should forget once a container is gone: its listings and
 * figures, and its row in the region's container lists; the account's
 * counters are asked again. A delete (containers/) and an emptying that
 * deletes (a transfer) both end here.
 */
export function forgetDeletedContainer(client: QueryClient, region: string, container: string): Promise<void> {
  client.removeQueries({ queryKey: containerScope(region, container) });
  removeListedContainer(client, region, container);
  return client.invalidateQueries({ queryKey: accountKey(region), exact: true });
}
