import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TransferProgress } from '../../../shared/domain';
import { call, subscribe } from '../api';
import { regionScope } from '../cache/queryKeys';

export interface FolderTarget {
  region: string;
  container: string;
  /** A folder's prefix ("" for the whole container). */
  prefix: string;
}

let counter = 0;

export const folderComparisonKey = (t: FolderTarget, folder: string, excludes: readonly string[]) =>
  [...regionScope(t.region), 'compareFolder', t.container, t.prefix, folder, excludes] as const;

/**
 * A local folder compared with a container or folder, run in the main process
 * under an operation id of its own: its progress is followed while it runs and
 * `stop` cancels it there (as the regions' comparison). Nothing runs until a
 * folder is chosen.
 */
export function useFolderComparison(target: FolderTarget, folder: string | null, excludes: readonly string[]) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const [stopped, setStopped] = useState(false);
  const key = folderComparisonKey(target, folder ?? '', excludes);
  const query = useQuery({
    queryKey: key,
    enabled: folder !== null,
    queryFn: async ({ signal }) => {
      const operationId = `compare-folder-${Date.now().toString(36)}-${++counter}`;
      setProgress(null);
      const stopListening = subscribe('progress', (p) => {
        if (p.operationId === operationId) setProgress({ loaded: p.loaded, total: p.total });
      });
      const onAbort = () => void call('cancel', { operationId });
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        return await call('compareFolder', {
          operationId,
          region: target.region,
          container: target.container,
          ...(target.prefix ? { prefix: target.prefix } : {}),
          folder: folder ?? '',
          excludes: [...excludes],
        });
      } finally {
        signal.removeEventListener('abort', onAbort);
        stopListening();
      }
    },
    // Every opening compares afresh: either side may have changed since.
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
  });
  return {
    query,
    progress,
    stopped,
    stop: () => {
      setStopped(true);
      void client.cancelQueries({ queryKey: key });
    },
    again: () => {
      setStopped(false);
      void query.refetch();
    },
  };
}
