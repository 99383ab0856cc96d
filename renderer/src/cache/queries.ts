/**
 * The reads many rooms share, as React Query hooks: the session, each region's limits and account, a
 * container's figures and the app's transfer settings. One definition each, so every room reads and writes
 * the same cache entry.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../api';
import { accountKey, containerKey, limitsKey, sessionKey, transferSettingsKey } from './queryKeys';

export function useSession() {
  return useQuery({
    queryKey: sessionKey,
    queryFn: () => call('getSession', {}),
    // The main process owns the session; it changes only through sign-in/out here.
    staleTime: Infinity,
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

/** A container's own figures and metadata: one HEAD. */
export const containerFiguresQuery = (region: string, container: string) =>
  queryOptions({
    queryKey: containerKey(region, container),
    queryFn: ({ signal }) => call('getContainer', { region, container }, signal),
  });

/** `fresh` asks again on every mount: a confirmation must not quote a stale count. */
export function useContainerFigures(region: string, container: string, opts: { fresh?: boolean } = {}) {
  return useQuery({ ...containerFiguresQuery(region, container), ...(opts.fresh ? { staleTime: 0 } : {}) });
}

/** The transfer settings: the settings dialog edits them, the transfers panel shows the bandwidth limit in force. */
export function useTransferSettings() {
  return useQuery({
    queryKey: transferSettingsKey,
    queryFn: () => call('getTransferSettings', {}),
    // Only this window changes them, and it puts what it saved in the cache.
    staleTime: Infinity,
  });
}
