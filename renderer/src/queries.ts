/** The app-wide server state, as React Query hooks: the session, and each region's limits and account. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Request } from '../../shared/contract';
import type { SessionInfo } from '../../shared/domain';
import { call, isApiError } from './api';
import { forgetSession } from './queryClient';
import { accountKey, limitsKey, sessionKey } from './queryKeys';

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

/** `fresh`: read it again whenever the caller is shown, even if the cached answer is recent. */
export function useAccount(region: string, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: accountKey(region),
    queryFn: ({ signal }) => call('getAccount', { region }, signal),
    ...(fresh ? { refetchOnMount: 'always' as const } : {}),
  });
}

export const limitsQuery = (region: string) =>
  queryOptions({
    queryKey: limitsKey(region),
    queryFn: ({ signal }) => call('getLimits', { region }, signal),
    // A region's limits change only when its operator reconfigures it.
    staleTime: Infinity,
  });

export function useLimits(region: string) {
  return useQuery(limitsQuery(region));
}
