import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import type { TransferProgress } from '../../../shared/domain';
import { call, subscribe } from '../api';

let counter = 0;

/**
 * Long read-only work run in the main process under an operation id of its own (a comparison of two
 * regions, or of a local folder with a container): its progress events are followed while it runs,
 * and `stop` cancels it there (React Query aborts the query's signal, which sends `cancel`). Every
 * opening runs afresh: either side may have changed since.
 */
export function useStoppableOperation<T>(options: {
  queryKey: QueryKey;
  /** Starts the operation ids, so a log tells one kind from another. */
  idPrefix: string;
  enabled?: boolean;
  /** `signal` aborts on Stop, for work the operation does after the main process has answered. */
  run: (operationId: string, signal: AbortSignal) => Promise<T>;
}) {
  const { queryKey, idPrefix, enabled = true, run } = options;
  const client = useQueryClient();
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const [stopped, setStopped] = useState(false);
  const query = useQuery({
    queryKey,
    enabled,
    queryFn: async ({ signal }) => {
      const operationId = `${idPrefix}-${Date.now().toString(36)}-${++counter}`;
      setProgress(null);
      const stopListening = subscribe('progress', (p) => {
        if (p.operationId === operationId) setProgress({ loaded: p.loaded, total: p.total });
      });
      const onAbort = () => void call('cancel', { operationId });
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        return await run(operationId, signal);
      } finally {
        signal.removeEventListener('abort', onAbort);
        stopListening();
      }
    },
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
      void client.cancelQueries({ queryKey });
    },
    again: () => {
      setStopped(false);
      void query.refetch();
    },
  };
}
