import { call } from '../api';
import { comparisonKey } from '../cache/queryKeys';
import { useStoppableOperation } from '../cache/useStoppableOperation';

export interface ComparisonTarget {
  source: string;
  target: string;
  container: string;
  prefix: string;
}

/**
 * A comparison of one container between two regions, run in the main process,
 * followed and stoppable (useStoppableOperation).
 */
export function useComparison(what: ComparisonTarget) {
  return useStoppableOperation({
    queryKey: comparisonKey(what.source, what.target, what.container, what.prefix),
    idPrefix: 'compare',
    run: (operationId) =>
      call('compareRegions', {
        operationId,
        source: { region: what.source, container: what.container },
        target: { region: what.target, container: what.container },
        ...(what.prefix ? { prefix: what.prefix } : {}),
      }),
  });
}
