import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api';
import { regionScope } from '../cache/queryKeys';
import type { FolderTarget } from './useFolderComparison';

const lastSyncKey = (t: FolderTarget, folder: string) =>
  [...regionScope(t.region), 'lastSynced', t.container, t.prefix, folder] as const;

/**
 * When this folder and this place were last synchronized in full (seconds),
 * kept by the main process: both ways calls a name changed on both sides since
 * then a conflict. `known` is false until it has been read (a plan made before
 * would miss those conflicts, so nothing runs until then); `at` undefined: never.
 */
export function useLastSync(target: FolderTarget, folder: string) {
  const client = useQueryClient();
  const place = {
    region: target.region,
    container: target.container,
    ...(target.prefix ? { prefix: target.prefix } : {}),
    folder,
  };
  const query = useQuery({
    queryKey: lastSyncKey(target, folder),
    queryFn: () => call('lastSynced', place),
    staleTime: Infinity,
  });
  const record = useMutation({
    mutationFn: (at: number) => call('recordSynced', { ...place, at }),
    onSuccess: (_done, at) => client.setQueryData(lastSyncKey(target, folder), at),
  });
  return { known: query.isSuccess, at: query.data ?? undefined, error: query.error, record: record.mutateAsync };
}
