/** Temporary URL keys (set, cleared, rotated) and the links signed with them. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Request } from '../../../shared/contract';
import type { TempUrlKeys } from '../../../shared/domain';
import { call } from '../api';
import { accountKey, containerKey } from '../cache/queryKeys';

export type TempUrlScope = Request<'setTempUrlKey'>['scope'];
export type NewTempUrlKey = Request<'setTempUrlKey'>['key'];

/**
 * The answer to a key change is the keys as they now stand (masked): it goes
 * into the account's or the container's cache entry, and nothing is read again.
 */
function useStoreKeys(region: string, scope: TempUrlScope) {
  const client = useQueryClient();
  const queryKey = scope.kind === 'account' ? accountKey(region) : containerKey(region, scope.container);
  return (tempUrlKeys: TempUrlKeys) =>
    client.setQueryData<{ tempUrlKeys: TempUrlKeys }>(queryKey, (old) => old && { ...old, tempUrlKeys });
}

/** Puts a typed or generated key in one slot, or clears it (`{ kind: 'none' }`). */
export function useSetTempUrlKey(region: string, scope: TempUrlScope) {
  const store = useStoreKeys(region, scope);
  return useMutation({
    mutationFn: ({ slot, key }: { slot: 1 | 2; key: NewTempUrlKey }) =>
      call('setTempUrlKey', { region, scope, slot, key }),
    // The request may hold a typed key: keep the finished mutation out of the cache.
    gcTime: 0,
    onSuccess: store,
  });
}

/** A new generated key in the first slot; the first key moves to the second. */
export function useRotateTempUrlKeys(region: string, scope: TempUrlScope) {
  const store = useStoreKeys(region, scope);
  return useMutation({
    mutationFn: () => call('rotateTempUrlKeys', { region, scope }),
    onSuccess: store,
  });
}

/** Asks the main process to sign a link (it alone holds the keys). */
export function useMakeTempUrl() {
  return useMutation({
    mutationFn: (request: Request<'makeTempUrl'>) => call('makeTempUrl', request),
  });
}
