/** Object versioning's server state: a container's mode, an object's versions, and the changes to them. */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Container, ObjectInfo } from '../../../shared/domain';
import type { VersioningChange } from '../../../shared/versions';
import { ApiError, call } from '../api';
import { patchListedObject, removeListedObjects } from '../cache/listingCache';
import { containerKey, objectKey, versionsKey } from '../cache/queryKeys';

export function useObjectVersions(region: string, container: string, name: string) {
  return useQuery({
    queryKey: versionsKey(region, container, name),
    queryFn: ({ signal }) => call('listObjectVersions', { region, container, name }, signal),
    // An overwrite elsewhere adds a version: one GET each time the object is shown is cheap.
    staleTime: 0,
  });
}

/** Switches the container's versioning; Swift's answer (the container as it now stands) goes into the cache. */
export function useSetVersioning(region: string, container: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: VersioningChange) => call('setContainerVersioning', { region, container, change }),
    onSuccess: (updated) => client.setQueryData<Container>(containerKey(region, container), updated),
  });
}

/**
 * After a version changed, the object as a plain GET now reads: its HEAD goes
 * into the cache and its listing row; a name that now reads as deleted (a
 * delete marker or nothing left on top) leaves the listing. One HEAD, no listing.
 */
async function showCurrent(client: QueryClient, region: string, container: string, name: string): Promise<void> {
  try {
    const info = await call('headObject', { region, container, name });
    client.setQueryData<ObjectInfo>(objectKey(region, container, name), info);
    patchListedObject(client, region, container, info);
  } catch (err) {
    if (!(err instanceof ApiError && err.code === 'not_found')) throw err;
    removeListedObjects(client, region, container, [name]);
  }
}

export interface VersionAction {
  action: 'restore' | 'delete';
  versionId: string;
}

/** Restores or deletes one version, then reads the versions and the object's current state again. */
export function useVersionAction(region: string, container: string, name: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, versionId }: VersionAction) =>
      call(action === 'restore' ? 'restoreObjectVersion' : 'deleteObjectVersion', {
        region,
        container,
        name,
        versionId,
      }),
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: versionsKey(region, container, name), exact: true });
      await showCurrent(client, region, container, name);
    },
  });
}
