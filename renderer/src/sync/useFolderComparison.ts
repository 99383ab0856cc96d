import { call } from '../api';
import { regionScope } from '../cache/queryKeys';
import { useStoppableOperation } from '../cache/useStoppableOperation';

export interface FolderTarget {
  region: string;
  container: string;
  /** A folder's prefix ("" for the whole container). */
  prefix: string;
}

export const folderComparisonKey = (t: FolderTarget, folder: string, excludes: readonly string[]) =>
  [...regionScope(t.region), 'compareFolder', t.container, t.prefix, folder, excludes] as const;

/**
 * A local folder compared with a container or folder, run in the main process,
 * followed and stoppable (useStoppableOperation). Nothing runs until a folder is chosen.
 */
export function useFolderComparison(target: FolderTarget, folder: string | null, excludes: readonly string[]) {
  return useStoppableOperation({
    queryKey: folderComparisonKey(target, folder ?? '', excludes),
    idPrefix: 'compare-folder',
    enabled: folder !== null,
    run: (operationId) =>
      call('compareFolder', {
        operationId,
        region: target.region,
        container: target.container,
        ...(target.prefix ? { prefix: target.prefix } : {}),
        folder: folder ?? '',
        excludes: [...excludes],
      }),
  });
}
