/** One object's HEAD, and the changes made to objects: delete, copy. The listings' rows are edited in place. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkDeleteResult } from '../../../shared/domain';
import { ApiError, call } from '../api';
import { invalidateContainerFigures, showWrittenObject } from '../cache/invalidate';
import { removeListedObjects } from '../cache/listingCache';
import { objectKey } from '../cache/queryKeys';

export function useObject(region: string, container: string, name: string) {
  return useQuery({
    queryKey: objectKey(region, container, name),
    queryFn: ({ signal }) => call('headObject', { region, container, name }, signal),
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
