/** The app's transfer settings, as React Query hooks: read once, replaced in the cache by what a save answers. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TransferSettings } from '../../../shared/transfer-settings';
import { call } from '../api';
import { transferSettingsKey } from '../cache/queryKeys';

export function useTransferSettings() {
  return useQuery({
    queryKey: transferSettingsKey,
    queryFn: () => call('getTransferSettings', {}),
    // Only this window changes them, and it puts what it saved in the cache.
    staleTime: Infinity,
  });
}

export function useSaveTransferSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: TransferSettings) => call('saveTransferSettings', settings),
    onSuccess: (saved) => client.setQueryData(transferSettingsKey, saved),
  });
}
