/** Making and deleting containers; the tree lists them (browse/queries), the cache edits its rows after. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../api';
import { putListedContainer } from '../cache/containerListCache';
import { forgetDeletedContainer } from '../cache/invalidate';
import { accountKey, containerListsScope } from '../cache/queryKeys';

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

/** Deletes an empty container (a container with objects is emptied first, as a transfer). */
export function useDeleteContainer(region: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (container: string) => call('deleteContainer', { region, container }),
    onSuccess: (_done, container) => forgetDeletedContainer(client, region, container),
  });
}
