/** Saving metadata, an object's expiry: one request each, its answer put into the cache and the listing row. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Metadata, ObjectInfo } from '../../../shared/domain';
import type { MetadataChange, MetadataTarget } from '../../../shared/metadata-change';
import { call } from '../api';
import { patchListedObject } from '../cache/listingCache';
import { accountKey, containerKey, objectKey } from '../cache/queryKeys';

export type { MetadataTarget };

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
