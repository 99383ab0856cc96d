import { DetailsPanel } from './DetailsPanel';
import type { Selection } from '../browse/selection';

/** The details pane's element id: "Properties" in a menu moves the focus there. */
export const DETAILS_ID = 'details-pane';

/** The right-hand pane: details of the selection (the account when nothing else is selected). */
export function DetailsPane({ region, selection }: { region: string; selection: Selection }) {
  return (
    <aside id={DETAILS_ID} tabIndex={-1} className="pane pane-details" aria-label="Details">
      <div className="pane-header">
        <h2>Details</h2>
      </div>
      <DetailsPanel region={region} selection={selection} />
    </aside>
  );
}
