import { useMutationState, useQueryClient } from '@tanstack/react-query';
import type { SessionInfo } from '../../../shared/domain';
import { ActivityButton } from '../activity/ActivityProvider';
import { useActiveProfile } from '../auth/activeProfile';
import { useSignOut } from '../auth/queries';
import { useSignOutAsking } from '../auth/SignOutConfirm';
import { useEditingList } from '../editing/queries';
import { refreshEverything } from '../cache/listingCache';
import { rememberRegionKey } from '../cache/queryKeys';
import { useUnsavedDraftCount } from '../metadata/draftStore';
import { TransferSettingsButton } from '../settings/TransferSettingsProvider';
import { useTransferList } from '../transfers/TransfersProvider';
import { ErrorMessage } from '../ui/ErrorMessage';
import { useMenuCommand } from '../ui/useMenuCommand';
import { RegionPicker } from './RegionPicker';

interface Props {
  session: SessionInfo;
  region: string | undefined;
  onRegionChange: (region: string) => void;
}

export function Toolbar({ session, region, onRegionChange }: Props) {
  const signOut = useSignOut();
  const profile = useActiveProfile();
  const client = useQueryClient();
  const asking = useSignOutAsking(() => signOut.mutate(), {
    drafts: useUnsavedDraftCount(),
    running: useTransferList().filter((t) => t.state === 'running').length,
    unsavedEdits: useEditingList().filter((edit) => edit.unsaved).length,
  });
  useMenuCommand('signOut', asking.request);
  // File → Refresh (F5): everything on screen asks again; what is not shown refetches when it is.
  useMenuCommand('refresh', () => void refreshEverything(client));
  // The latest attempt to remember the region with the profile; only its failure is worth showing.
  const rememberError = useMutationState({
    filters: { mutationKey: rememberRegionKey },
    select: (mutation) => mutation.state.error,
  }).at(-1);
  return (
    <header className="toolbar">
      <span className="app-name">Cirrus</span>
      <span className="toolbar-separator" aria-hidden="true" />
      {profile && (
        <>
          <span className="identity-profile" title="Saved connection">
            {profile.name}
          </span>
          <span className="muted" aria-hidden="true">
            —
          </span>
        </>
      )}
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
      {rememberError && (
        <ErrorMessage
          error={rememberError}
          title="Could not remember the region for this connection."
          className="toolbar-error"
        />
      )}
      {region && session.regions.length > 0 && (
        <RegionPicker regions={session.regions} value={region} onChange={onRegionChange} />
      )}
      <ActivityButton />
      <TransferSettingsButton />
      <button type="button" title="Disconnect from this account" onClick={asking.request} disabled={signOut.isPending}>
        Sign out
      </button>
      {asking.dialog}
    </header>
  );
}
