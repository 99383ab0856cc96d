/** The details panel's server state: what it reads, and the changes it saves. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Metadata } from '../../../shared/domain';
import { call } from '../api';
import { accountKey, containerKey, objectKey, objectsKey } from '../queryKeys';
import type { MetadataChange, MetadataTarget } from '../../../shared/metadata-change';

export type { MetadataTarget };

// The session, the limits and the account are the app's own hooks (../queries), one definition each.
export { useAccount, useLimits, useSession } from '../queries';

/** The container's figures and metadata: the same cache entry as the delete dialog's, one definition. */
export { useContainerFigures as useContainer } from '../queries';

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
 * target). Metadata changes no counter, so only the edited account, container
 * or object is read again.
 */
export function useSaveMetadata(region: string, target: MetadataTarget) {
  const client = useQueryClient();
  const queryKey = targetKey(region, target);
  return useMutation({
    mutationFn: ({ change }: SaveRequest) => call('changeMetadata', { region, target, ...change }),
    onSuccess: (_done, { after }) => {
      client.setQueryData<{ metadata: Metadata }>(queryKey, (old) => old && { ...old, metadata: after });
    },
    onSettled: async () => {
      await client.invalidateQueries({ queryKey, exact: true });
      // Swift gives an object a new last-modified time on every metadata POST, listing included.
      if (target.kind === 'object') {
        await client.invalidateQueries({ queryKey: listingLevelKey(region, target.container, target.name) });
      }
    },
  });
}

/**
 * The listings of the folder level that shows an object, whatever their
 * delimiter: `objectsKey` without its last element, so a prefix match.
 */
function listingLevelKey(region: string, container: string, name: string) {
  const parent = name.slice(0, name.lastIndexOf('/') + 1);
  return objectsKey(region, container, parent, '').slice(0, -1);
}

/** Turns public read on or off; the answer is the container as it now stands. */
export function useSetPublicRead(region: string, container: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => call('setPublicRead', { region, container, on }),
    onSuccess: (updated) => client.setQueryData(containerKey(region, container), updated),
  });
}
