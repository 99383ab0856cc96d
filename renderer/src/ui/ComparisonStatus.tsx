import type { TransferProgress } from '../../../shared/domain';
import { ErrorMessage } from './ErrorMessage';
import { formatCount } from './format';
import './grouped-list.css';

/** What cache/useStoppableOperation answers, as far as this shows it. */
interface StoppableWork {
  query: { isFetching: boolean; isError: boolean; error: unknown; data: unknown };
  progress: TransferProgress | null;
  stopped: boolean;
  stop: () => void;
  again: () => void;
}

/**
 * A comparison's state under its controls, for both of the app's comparisons (two regions; a local folder
 * and a container): while comparing, how far, with Stop; stopped, Compare again; failed, why, with Retry.
 * `bar`: a progress bar too, for a comparison that can know its total (a local folder's walk cannot).
 */
export function ComparisonStatus({ comparison, bar = false }: { comparison: StoppableWork; bar?: boolean }) {
  const { query, progress, stopped } = comparison;
  if (query.isFetching) {
    const total = progress?.total;
    const read = progress ? formatCount(progress.loaded) : '0';
    const percent = total ? Math.min(100, Math.floor(((progress?.loaded ?? 0) / total) * 100)) : undefined;
    return (
      <div className="work-controls">
        <span role="status">
          {total ? `Comparing… ${read} of ${formatCount(total)} names` : `Comparing… ${read} names`}
        </span>
        {bar ? (
          <div role="progressbar" aria-label="Comparison progress" aria-valuenow={percent} className="work-progress">
            <div className="work-progress-fill" style={{ width: `${percent ?? 0}%` }} />
          </div>
        ) : null}
        <button type="button" onClick={comparison.stop}>
          Stop
        </button>
      </div>
    );
  }
  if (stopped && !query.data) {
    return (
      <div className="work-controls">
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
