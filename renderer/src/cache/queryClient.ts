/**
 * The one QueryClient. Failures that retrying cannot fix are not retried; a
 * lost session (not_signed_in) anywhere sends the person back to sign-in.
 */
import { QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import type { ErrorCode } from '../../../shared/errors';
import { isApiError } from '../api';
import { profilesKey, sessionKey, transferSettingsKey } from './queryKeys';

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

/**
 * Drops every cached answer of the session and marks it signed out. The saved
 * connections and the transfer settings are the device's, not the session's:
 * they are neither cancelled nor removed. (A listing that failed with not_signed_in just after Sign out
 * called this a second time, while the connections screen was loading them:
 * the cancelled fetch fell back to "pending" with nothing left to fetch it,
 * and the screen stayed on "Loading…" — the journey's 1-in-7 flake.)
 */
export function forgetSession(client: QueryClient): void {
  const appWide = new Set<unknown>([sessionKey[0], profilesKey[0], transferSettingsKey[0]]);
  const ofTheSession = (query: Query) => !appWide.has(query.queryKey[0]);
  void client.cancelQueries({ predicate: ofTheSession });
  client.setQueryData(sessionKey, null);
  client.removeQueries({ predicate: ofTheSession });
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
