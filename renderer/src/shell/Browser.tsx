import { useEffect, useState, type CSSProperties } from 'react';
import type { SessionInfo } from '../../../shared/domain';
import { AccountSummary } from '../account/AccountSummary';
import { ContainersPane } from '../browse/ContainersPane';
import { ObjectsPane } from '../browse/ObjectsPane';
import type { TreeNode } from '../browse/treeRows';
import { useListingSync } from '../browse/useListingSync';
import { FileWorkDialogs } from '../transfers/FileWorkDialogs';
import { FileWorkProvider, useFileWork } from '../transfers/FileWorkProvider';
import { SyncProvider } from '../sync/SyncProvider';
import { DetailsPane, DETAILS_ID } from './DetailsPane';
import { DraftsProvider } from '../metadata/draftStore';
import { useSessionLinksReset } from '../temp-urls/SessionLinks';
import { selectionOfPlace, type Selection } from '../browse/selection';
import { Toolbar } from './Toolbar';
import { Splitter, usePaneWidth } from '../ui/Splitter';
import { useRegion } from './useRegion';

/** The signed-in window: toolbar over containers | objects | details. */
export function Browser({ session }: { session: SessionInfo }) {
  const [region, setRegion] = useRegion(session);
  useSessionLinksReset(session);
  // Signing in unmounts the form that held the focus, which would leave a keyboard user on <body>:
  // they arrive in the containers' filter, the first thing they may want to type into.
  useEffect(() => {
    if (document.activeElement && document.activeElement !== document.body) return;
    document.querySelector<HTMLElement>('input[aria-label="Filter containers by prefix"]')?.focus();
  }, [region]);

  return (
    // Unsaved metadata edits live as long as this signed-in browser does.
    <DraftsProvider>
      <div className="browser">
        <Toolbar session={session} region={region} onRegionChange={setRegion} />
        {region ? (
          // Keyed by region so a switch starts with a clean selection and filter.
          <FileWorkProvider key={region} region={region}>
            <SyncProvider region={region}>
              <Workspace region={region} />
            </SyncProvider>
          </FileWorkProvider>
        ) : (
          <div className="workspace-empty">
            <div role="alert" className="error">
              <p className="error-message">The service catalog lists no object-store region for this account.</p>
            </div>
          </div>
        )}
      </div>
    </DraftsProvider>
  );
}

/** The side panes' widths: dragged or set by keyboard, remembered (see layout.css for how a small window caps them). */
const TREE_WIDTH = { key: 'cirrus.treeWidth', initial: 300, min: 180, max: 720 };
const DETAILS_WIDTH = { key: 'cirrus.detailsWidth', initial: 280, min: 200, max: 720 };

function Workspace({ region }: { region: string }) {
  // What the objects pane shows (null: the account), and what the details pane describes.
  const [location, setLocation] = useState<TreeNode | null>(null);
  // Each visit to a place starts clean, even a second click on the place shown: no object stays picked.
  const [visit, setVisit] = useState(0);
  const [selection, setSelection] = useState<Selection>({ kind: 'account' });
  const files = useFileWork();
  useListingSync(region);

  function navigate(node: TreeNode | null) {
    setLocation(node);
    setVisit((n) => n + 1);
    setSelection(node ? selectionOfPlace(node) : { kind: 'account' });
  }

  const [treeWidth, setTreeWidth] = usePaneWidth(TREE_WIDTH);
  const [detailsWidth, setDetailsWidth] = usePaneWidth(DETAILS_WIDTH);

  return (
    <div
      className="workspace"
      style={{ '--tree-width': `${treeWidth}px`, '--details-width': `${detailsWidth}px` } as CSSProperties}
    >
      <ContainersPane
        region={region}
        location={location}
        onOpen={navigate}
        onDropFiles={files.drop}
        onUpload={(node) => void files.chooseAndUpload(node).catch(files.showError)}
        onDownload={(container, names, levelPrefix) =>
          void files.chooseAndDownload(container, names, levelPrefix).catch(files.showError)
        }
        onProperties={() => document.getElementById(DETAILS_ID)?.focus()}
        onContainerDeleted={(container) => location?.container === container && navigate(null)}
      />
      <Splitter
        label="Resize the containers pane"
        width={treeWidth}
        direction={1}
        onWidth={setTreeWidth}
        {...TREE_WIDTH}
      />
      <main className="pane pane-main">
        {location ? (
          <ObjectsPane
            // A new place starts with nothing selected.
            key={JSON.stringify([location.container, location.prefix, visit])}
            region={region}
            location={location}
            onNavigate={navigate}
            onSelect={setSelection}
          />
        ) : (
          <AccountSummary region={region} />
        )}
      </main>
      <Splitter
        label="Resize the details pane"
        width={detailsWidth}
        direction={-1}
        onWidth={setDetailsWidth}
        {...DETAILS_WIDTH}
      />
      <DetailsPane region={region} selection={selection} />
      <FileWorkDialogs />
    </div>
  );
}
