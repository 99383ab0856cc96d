/** The details panel's server state: what it reads, and the changes it saves. */
import { useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Metadata, ObjectEntry, ObjectInfo, ObjectListing } from '../../../shared/domain';
import type { MetadataChange, MetadataTarget } from '../../../shared/metadata-change';
import { call } from '../api';
import { accountKey, containerKey, objectKey, objectsKey } from '../queryKeys';

export type { MetadataTarget };

// The session, the limits and the account are the app's own hooks (../queries), one definition each.
export { useAccount, useLimits, useSession } from '../queries';

/** The container's figures and metadata: the same cache entry as the delete dialog's, one definition. */
export { useContainerFigures as useContainer } from '../browse/queries';

export function useObject(region: string, container: string, name: string) {
  return useQuery({
    queryKey: objectKey(region, container, name),
    queryFn: ({ signal }) => call('headObject', { region, container, name }, signal),
  });
}

export function targetKey(region: string, target: MetadataTarget) {
  switch (target.kind) {
    case 'account':
      return accountKey(region);
    case 'container':
      return containerKey(region, target.container);
    case 'object':
      return objectKey(region, target.container, target.name);
  }
}

export interface SaveRequest {
  change: MetadataChange;
  /** The set as it will stand, shown at once while the fresh answer loads. */
  after: Metadata;
}

/**
 * Saves one metadata change in one request (the main process merges it with
 * what Swift holds, and queues it behind any save still running on the same
 * target). An object's save answers the object as it now stands, which goes
 * straight into the cache, and into the listing row that shows it: however
 * far the person has scrolled, a save costs the HEAD and the POST it needs and
 * nothing more. An account or container is read again (one HEAD): its POST
 * merges, so only Swift knows the whole set.
 */
export function useSaveMetadata(region: string, target: MetadataTarget) {
  const client = useQueryClient();
  const queryKey = targetKey(region, target);
  return useMutation({
    mutationFn: ({ change }: SaveRequest) => call('changeMetadata', { region, target, ...change }),
    onSuccess: (stored, { after }) => {
      if (stored && target.kind === 'object') {
        client.setQueryData<ObjectInfo>(queryKey, stored);
        patchListedObject(client, region, target.container, target.name, { last_modified: stored.lastModified });
        return;
      }
      client.setQueryData<{ metadata: Metadata }>(queryKey, (old) => old && { ...old, metadata: after });
      void client.invalidateQueries({ queryKey, exact: true });
    },
    // A failed save changed nothing (one request), but what is shown may be stale: read it again.
    onError: () => client.invalidateQueries({ queryKey, exact: true }),
  });
}

/**
 * Changes the row of one object in the cached listings of its folder level
 * (whatever their delimiter), without refetching a page: only the page that
 * holds it becomes a new object, so nothing else re-renders.
 */
function patchListedObject(
  client: QueryClient,
  region: string,
  container: string,
  name: string,
  patch: Partial<ObjectEntry>,
): void {
  const parent = name.slice(0, name.lastIndexOf('/') + 1);
  // objectsKey without its delimiter: a prefix match on every listing of that level.
  const level = objectsKey(region, container, parent, '').slice(0, -1);
  client.setQueriesData<InfiniteData<ObjectListing>>({ queryKey: level }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const at = page.entries.findIndex((e) => 'name' in e && e.name === name);
      if (at < 0) return page;
      changed = true;
      const entries = [...page.entries];
      entries[at] = { ...(entries[at] as ObjectEntry), ...patch };
      return { ...page, entries };
    });
    return changed ? { ...data, pages } : data;
  });
}

/** Turns public read on or off; the answer is the container as it now stands. */
export function useSetPublicRead(region: string, container: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => call('setPublicRead', { region, container, on }),
    onSuccess: (updated) => client.setQueryData(containerKey(region, container), updated),
  });
}
