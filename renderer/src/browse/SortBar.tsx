/**
 * Said above a grid sorted by another column than the name while the listing
 * has more names than are loaded: Swift lists by name only, so the order is
 * of what is loaded. "Load all" lists the rest (progress, Stop) so the sort
 * covers the whole folder.
 */
import { useEffect, useState } from 'react';
import { formatCount } from '../ui/format';
import type { SortOrder } from './sortedRows';

const COLUMN_NAMES = { name: 'name', size: 'size', type: 'type', modified: 'last modified' } as const;

interface Props {
  sort: SortOrder;
  loaded: number;
  /** More names exist beyond the loaded ones (either way). */
  more: boolean;
  fetching: boolean;
  failed: boolean;
  /** Lists one more page (forwards or backwards, whichever is missing). */
  loadOne: () => void;
}

export function SortBar({ sort, loaded, more, fetching, failed, loadOne }: Props) {
  const [loadingAll, setLoadingAll] = useState(false);
  // One page after another while asked to, until nothing more exists, a page fails or Stop.
  useEffect(() => {
    if (loadingAll && more && !fetching && !failed) loadOne();
  }, [loadingAll, more, fetching, failed, loadOne]);

  const running = loadingAll && more && !failed;
  if (!more && !running) return null;
  return (
    <div className="sort-bar" role="status">
      <span>
        Sorted by {COLUMN_NAMES[sort.column]}: the {formatCount(loaded)} names loaded
        {running ? ' so far — listing the rest…' : '; the folder has more.'}
      </span>
      {running ? (
        <button type="button" onClick={() => setLoadingAll(false)}>
          Stop
        </button>
      ) : (
        <button type="button" onClick={() => setLoadingAll(true)}>
          Load all and sort
        </button>
      )}
    </div>
  );
}
