import type { Selection } from '../browse/selection';
import { AccountDetails } from '../account/AccountDetails';
import { ContainerDetails } from '../containers/ContainerDetails';
import { ObjectDetails } from '../objects/ObjectDetails';
import { TempLinkButton } from '../temp-urls/TempLinkButton';
// The sections' own stylesheets come after the panel's, so where a rule of each matches, the section's wins.
import './details.css';
import '../temp-urls/temp-urls.css';
import '../versions/versions.css';
import '../access/access.css';
import '../quotas/quotas.css';

/**
 * What the details pane shows for the selection: the account, a container, a
 * folder or an object. Each view (AccountDetails, ContainerDetails,
 * ObjectDetails, in the room of what it shows) lists its own facts and
 * sections, taken from the feature rooms; a folder has no metadata, only a
 * temporary link. Each view is keyed by what it shows, so unsaved edits never
 * carry over to another selection.
 */
export function DetailsPanel({ region, selection }: { region: string; selection: Selection }) {
  return (
    <div className="details-panel">
      <DetailsFor key={selectionKey(region, selection)} region={region} selection={selection} />
    </div>
  );
}

function DetailsFor({ region, selection }: { region: string; selection: Selection }) {
  switch (selection.kind) {
    case 'account':
      return <AccountDetails region={region} />;
    case 'container':
      return <ContainerDetails region={region} container={selection.container} />;
    case 'object':
      return <ObjectDetails region={region} container={selection.container} name={selection.name} />;
    case 'folder':
      return (
        <>
          <p className="details-kind">Folder in {selection.container}</p>
          <h3 className="details-title" title={selection.prefix}>
            {selection.prefix}
          </h3>
          <p className="muted details-note">
            A folder is a shared name prefix, not an object: it has no metadata of its own. Select an object to see and
            edit its metadata.
          </p>
          <TempLinkButton
            region={region}
            container={selection.container}
            target={{ kind: 'prefix', prefix: selection.prefix }}
          />
        </>
      );
  }
}

/** JSON keeps names apart whatever characters they hold. */
function selectionKey(region: string, selection: Selection): string {
  return JSON.stringify([region, selection]);
}
