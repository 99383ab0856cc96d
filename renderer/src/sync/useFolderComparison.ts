import type { FolderComparison, SyncEntry } from '../../../shared/sync';
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
    run: (operationId, signal) => compare(operationId, signal, target, folder ?? '', excludes),
  });
}

/**
 * The comparison's answer holds its first page of differences; the rest are
 * read a page at a time, as a listing is, so neither process ever sends or
 * holds them all in one message. The plan is made from all of them.
 */
async function compare(
  operationId: string,
  signal: AbortSignal,
  target: FolderTarget,
  folder: string,
  excludes: readonly string[],
): Promise<FolderComparison> {
  const {
    entries: first,
    next,
    ...figures
  } = await call('compareFolder', {
    operationId,
    region: target.region,
    container: target.container,
    ...(target.prefix ? { prefix: target.prefix } : {}),
    folder,
    excludes: [...excludes],
  });
  const pages: SyncEntry[][] = [first];
  let cursor = next;
  try {
    while (cursor !== null) {
      signal.throwIfAborted();
      const page = await call('differencesPage', cursor);
      pages.push(page.entries);
      cursor = page.next;
    }
  } finally {
    // Stopped (or failed) before the last page: the main process lets go of the rest at once.
    if (cursor !== null) void call('discardDifferences', { comparison: cursor.comparison }).catch(() => undefined);
  }
  return { ...figures, entries: pages.flat() };
}
