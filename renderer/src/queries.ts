/** Every piece of server state the renderer reads or changes, as React Query hooks. */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Request } from '../../shared/contract';
import type { SessionInfo } from '../../shared/domain';
import { call, isApiError } from './api';
import { forgetSession } from './queryClient';
import { accountKey, containersKey, sessionKey } from './queryKeys';

export const CONTAINER_PAGE_SIZE = 1000;

export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: () => call('getSession', {}),
    // The main process owns the session; it changes only through sign-in/out here.
    staleTime: Infinity,
  });
}

export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: Request<'signIn'>) => call('signIn', request),
    // The request holds the secret: keep the finished mutation out of the cache.
    gcTime: 0,
    onSuccess: (session: SessionInfo) => {
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
      client.setQueryData(sessionKey, session);
    },
  });
}

export function useSignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call('signOut', {}),
    onSuccess: () => forgetSession(client),
    // Already signed out in the main process: the same as success.
    onError: (error) => {
      if (isApiError(error, 'not_signed_in')) forgetSession(client);
    },
  });
}

export function useAccount(region: string) {
  return useQuery({
    queryKey: accountKey(region),
    queryFn: () => call('getAccount', { region }),
  });
}

export function useContainers(region: string, prefix: string) {
  return useInfiniteQuery({
    queryKey: containersKey(region, prefix),
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      call('listContainers', {
        region,
        limit: CONTAINER_PAGE_SIZE,
        ...(pageParam ? { marker: pageParam } : {}),
        ...(prefix ? { prefix } : {}),
      }),
    // Only an empty page ends the listing; its nextMarker is undefined.
    getNextPageParam: (lastPage) => lastPage.nextMarker,
  });
}

export type ContainersQuery = ReturnType<typeof useContainers>;
