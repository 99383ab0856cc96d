import type { SessionInfo } from '../../shared/domain';
import { ErrorMessage } from './ErrorMessage';
import { useSignOut } from './queries';
import { RegionPicker } from './RegionPicker';

interface Props {
  session: SessionInfo;
  region: string | undefined;
  onRegionChange: (region: string) => void;
}

export function Toolbar({ session, region, onRegionChange }: Props) {
  const signOut = useSignOut();
  return (
    <header className="toolbar">
      <span className="app-name">Cirrus</span>
      <span className="toolbar-separator" aria-hidden="true" />
      <span className="identity" title={session.authUrl}>
        <span className="identity-user">{session.userName}</span>
        {session.tenantName && (
          <>
            <span className="muted"> · </span>
            <span className="identity-tenant">{session.tenantName}</span>
          </>
        )}
      </span>
      <span className="toolbar-spacer" />
      {signOut.isError && <ErrorMessage error={signOut.error} title="Sign-out failed." className="toolbar-error" />}
      {region && session.regions.length > 0 && (
        <RegionPicker regions={session.regions} value={region} onChange={onRegionChange} />
      )}
      <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        Sign out
      </button>
    </header>
  );
}
