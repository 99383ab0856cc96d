import { ErrorMessage } from '../ui/ErrorMessage';
import { formatCount } from '../ui/format';
import type { useFolderComparison } from './useFolderComparison';

/** While comparing: how far, with Stop; stopped: Compare again; failed: why, with Retry. */
export function ComparisonStatus({ comparison }: { comparison: ReturnType<typeof useFolderComparison> }) {
  const { query, progress, stopped } = comparison;
  if (query.isFetching) {
    return (
      <div className="sync-controls">
        <span role="status">{`Comparing… ${formatCount(progress?.loaded ?? 0)} names`}</span>
        <button type="button" onClick={comparison.stop}>
          Stop
        </button>
      </div>
    );
  }
  if (stopped && !query.data) {
    return (
      <div className="sync-controls">
        <span role="status">Comparison stopped.</span>
        <button type="button" onClick={comparison.again}>
          Compare again
        </button>
      </div>
    );
  }
  if (query.isError) {
    return <ErrorMessage title="Could not compare." error={query.error} onRetry={comparison.again} retrying={false} />;
  }
  return null;
}
