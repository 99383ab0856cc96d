/** The details panel's server state: what it reads, and the changes it saves. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Request } from '../../../shared/contract';
import type { Metadata, ObjectInfo, TempUrlKeys } from '../../../shared/domain';
import type { MetadataChange, MetadataTarget } from '../../../shared/metadata-change';
import { call } from '../api';
import { patchListedObject } from '../browse/listingCache';
import { accountKey, containerKey, objectKey } from '../queryKeys';

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
        patchListedObject(client, region, target.container, stored);
        return;
      }
      client.setQueryData<{ metadata: Metadata }>(queryKey, (old) => old && { ...old, metadata: after });
      void client.invalidateQueries({ queryKey, exact: true });
    },
    // A failed save changed nothing (one request), but what is shown may be stale: read it again.
    onError: () => client.invalidateQueries({ queryKey, exact: true }),
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

/**
 * Sets (Unix seconds) or clears (null) when Swift deletes the object. The
 * answer is the object as it now stands, metadata kept: it goes into the
 * cache and into the row that lists it, with no HEAD or listing after.
 */
export function useSetObjectExpiry(region: string, container: string, name: string) {
  const client = useQueryClient();
  const queryKey = objectKey(region, container, name);
  return useMutation({
    mutationFn: (deleteAt: number | null) => call('setObjectExpiry', { region, container, name, deleteAt }),
    onSuccess: (stored) => {
      client.setQueryData<ObjectInfo>(queryKey, stored);
      patchListedObject(client, region, container, stored);
    },
    onError: () => client.invalidateQueries({ queryKey, exact: true }),
  });
}

export type TempUrlScope = Request<'setTempUrlKey'>['scope'];
export type NewTempUrlKey = Request<'setTempUrlKey'>['key'];

/**
 * The answer to a key change is the keys as they now stand (masked): it goes
 * into the account's or the container's cache entry, and nothing is read again.
 */
function useStoreKeys(region: string, scope: TempUrlScope) {
  const client = useQueryClient();
  const queryKey = scope.kind === 'account' ? accountKey(region) : containerKey(region, scope.container);
  return (tempUrlKeys: TempUrlKeys) =>
    client.setQueryData<{ tempUrlKeys: TempUrlKeys }>(queryKey, (old) => old && { ...old, tempUrlKeys });
}

/** Puts a typed or generated key in one slot, or clears it (`{ kind: 'none' }`). */
export function useSetTempUrlKey(region: string, scope: TempUrlScope) {
  const store = useStoreKeys(region, scope);
  return useMutation({
    mutationFn: ({ slot, key }: { slot: 1 | 2; key: NewTempUrlKey }) =>
      call('setTempUrlKey', { region, scope, slot, key }),
    // The request may hold a typed key: keep the finished mutation out of the cache.
    gcTime: 0,
    onSuccess: store,
  });
}

/** A new generated key in the first slot; the first key moves to the second. */
export function useRotateTempUrlKeys(region: string, scope: TempUrlScope) {
  const store = useStoreKeys(region, scope);
  return useMutation({
    mutationFn: () => call('rotateTempUrlKeys', { region, scope }),
    onSuccess: store,
  });
}

/** Asks the main process to sign a link (it alone holds the keys). */
export function useMakeTempUrl() {
  return useMutation({
    mutationFn: (request: Request<'makeTempUrl'>) => call('makeTempUrl', request),
  });
}
