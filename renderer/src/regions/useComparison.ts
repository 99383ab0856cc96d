import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TransferProgress } from '../../../shared/domain';
import { call, subscribe } from '../api';
import { comparisonKey } from '../cache/queryKeys';

export interface ComparisonTarget {
  source: string;
  target: string;
  container: string;
  prefix: string;
}

let counter = 0;

/**
 * A comparison of one container between two regions, run in the main process
 * under an operation id of its own: its progress events are followed while it
 * runs, and `stop` cancels it there (React Query aborts the query's signal).
 */
export function useComparison(what: ComparisonTarget) {
  const client = useQueryClient();
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  const [stopped, setStopped] = useState(false);
  const key = comparisonKey(what.source, what.target, what.container, what.prefix);
  const query = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => {
      const operationId = `compare-${Date.now().toString(36)}-${++counter}`;
      setProgress(null);
      const stopListening = subscribe('progress', (p) => {
        if (p.operationId === operationId) setProgress({ loaded: p.loaded, total: p.total });
      });
      const onAbort = () => void call('cancel', { operationId });
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        return await call('compareRegions', {
          operationId,
          source: { region: what.source, container: what.container },
          target: { region: what.target, container: what.container },
          ...(what.prefix ? { prefix: what.prefix } : {}),
        });
      } finally {
        signal.removeEventListener('abort', onAbort);
        stopListening();
      }
    },
    // Every opening compares afresh: the regions may have changed since.
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
