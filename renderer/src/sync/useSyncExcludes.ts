import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_EXCLUDES } from '../../../shared/sync';
import { call } from '../api';
import { useActiveProfile } from '../auth/activeProfile';

const excludesKey = (profileId: string | undefined) => ['syncExcludes', profileId ?? ''] as const;

/**
 * The exclusion patterns saved for the connection profile this session came
 * from (a quick sign-in has its own), kept by the main process in the app's
 * data folder: `patterns` is null until they are known (the defaults if they
 * cannot be read), and `save` keeps new ones for the next compare.
 */
export function useSyncExcludes() {
  const profileId = useActiveProfile()?.id;
  const client = useQueryClient();
  const query = useQuery({
    queryKey: excludesKey(profileId),
    queryFn: () => call('getSyncExcludes', profileId ? { profileId } : {}),
    staleTime: Infinity,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (patterns: readonly string[]) =>
      call('saveSyncExcludes', { ...(profileId ? { profileId } : {}), patterns: [...patterns] }),
    onSuccess: (_done, patterns) => client.setQueryData(excludesKey(profileId), [...patterns]),
  });
  const patterns: readonly string[] | null = query.isError ? DEFAULT_EXCLUDES : (query.data ?? null);
  return { patterns, save: save.mutateAsync, saveError: save.error };
}
