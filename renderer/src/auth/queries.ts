/** Signing in and out, as React Query mutations; the session itself is read through cache/queries (useSession). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Request } from '../../../shared/contract';
import type { SessionInfo } from '../../../shared/domain';
import { call, isApiError } from '../api';
import { forgetSession } from '../cache/queryClient';
import { sessionKey } from '../cache/queryKeys';

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
