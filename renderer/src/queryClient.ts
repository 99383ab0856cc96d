/**
 * The one QueryClient. Failures that retrying cannot fix are not retried; a
 * lost session (not_signed_in) anywhere sends the person back to sign-in.
 */
import { QueryCache, QueryClient } from '@tanstack/react-query';
import type { ErrorCode } from '../../shared/errors';
import { isApiError } from './api';
import { sessionKey } from './queryKeys';

/** Errors that would fail the same way again. */
const FINAL_CODES: ErrorCode[] = [
  'auth_failed',
  'not_signed_in',
  'forbidden',
  'not_found',
  'invalid_input',
  'limit_exceeded',
  'cancelled',
  'conflict',
];

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error, ...FINAL_CODES)) return false;
  return failureCount < 1;
}

/** Drops every cached server answer and marks the session as signed out. */
export function forgetSession(client: QueryClient): void {
  void client.cancelQueries();
  client.setQueryData(sessionKey, null);
  client.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey[0] });
  client.getMutationCache().clear();
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isApiError(error, 'not_signed_in')) forgetSession(client);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
