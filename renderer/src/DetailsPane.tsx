import type { ContainerSummary } from '../../shared/domain';
import { formatBytes, formatCount, formatDateTime, formatExactBytes } from './format';

/** The right-hand pane: facts about the selected container, from its listing row. */
export function DetailsPane({ container }: { container: ContainerSummary | null }) {
  return (
    <aside className="pane pane-details" aria-label="Details">
      <div className="pane-header">
        <h2>Details</h2>
      </div>
      {container ? (
        <div className="pane-body">
          <p className="details-name" title={container.name}>
            {container.name}
          </p>
          <dl className="facts">
            <dt>Objects</dt>
            <dd>{formatCount(container.objectCount)}</dd>
            <dt>Size</dt>
            <dd title={formatExactBytes(container.bytesUsed)}>{formatBytes(container.bytesUsed)}</dd>
            <dt>Last modified</dt>
            <dd>{formatDateTime(container.lastModified)}</dd>
          </dl>
        </div>
      ) : (
        <p className="placeholder">Select a container</p>
      )}
    </aside>
  );
}
