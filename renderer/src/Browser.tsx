import { useState } from 'react';
import type { ContainerSummary, SessionInfo } from '../../shared/domain';
import { AccountSummary } from './AccountSummary';
import { ContainersPane } from './ContainersPane';
import { DetailsPane } from './DetailsPane';
import { Toolbar } from './Toolbar';
import { useRegion } from './useRegion';

/** The signed-in window: toolbar over containers | account | details. */
export function Browser({ session }: { session: SessionInfo }) {
  const [region, setRegion] = useRegion(session);

  return (
    <div className="browser">
      <Toolbar session={session} region={region} onRegionChange={setRegion} />
      {region ? (
        // Keyed by region so a switch starts with a clean selection and filter.
        <Workspace key={region} region={region} />
      ) : (
        <div className="workspace-empty">
          <div role="alert" className="error">
            <p className="error-message">The service catalog lists no object-store region for this account.</p>
          </div>
        </div>
      )}
    </div>
  );
}

function Workspace({ region }: { region: string }) {
  const [selected, setSelected] = useState<ContainerSummary | null>(null);
  return (
    <div className="workspace">
      <ContainersPane region={region} selectedName={selected?.name} onSelect={setSelected} />
      <main className="pane pane-main">
        <AccountSummary region={region} />
      </main>
      <DetailsPane container={selected} />
    </div>
  );
}
