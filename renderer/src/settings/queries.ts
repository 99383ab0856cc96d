/** Saving the app's transfer settings: what a save answers replaces them in the cache (read in cache/queries.ts). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TransferSettings } from '../../../shared/transfer-settings';
import { call } from '../api';
import { transferSettingsKey } from '../cache/queryKeys';

export function useSaveTransferSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: TransferSettings) => call('saveTransferSettings', settings),
    onSuccess: (saved) => client.setQueryData(transferSettingsKey, saved),
  });
}
