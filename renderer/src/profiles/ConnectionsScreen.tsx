import { useMemo, useState, type ReactNode } from 'react';
import type { ProfileSummary } from '../../../shared/domain';
import { isApiError } from '../api';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ConfirmDelete } from './ConfirmDelete';
import { ConnectionList } from './ConnectionList';
import { ProfileEditor } from './ProfileEditor';
import { useConnectProfile, useProfiles } from './queries';
import { SecretPrompt } from './SecretPrompt';
import { SignInForm } from '../auth/SignIn';
import './connections.css';

/** What the right-hand side shows: the quick sign-in, or the editor of a new or saved connection. */
type Panel = { kind: 'signIn' } | { kind: 'edit'; profile: ProfileSummary | undefined };

/**
 * The signed-out window: saved connections on the left, quick sign-in or the editor on the right.
 * `titleBar`: what the app puts at the title bar's end (the transfer settings, which are the app's, not a profile's).
 */
export function ConnectionsScreen({ titleBar }: { titleBar?: ReactNode }) {
  const profiles = useProfiles();
  const connect = useConnectProfile();
  const [panel, setPanel] = useState<Panel>({ kind: 'signIn' });
  const [prompt, setPrompt] = useState<{ profile: ProfileSummary; reason?: unknown } | null>(null);
  const [deleting, setDeleting] = useState<ProfileSummary | null>(null);
  const sorted = useMemo(
    () => [...(profiles.data?.profiles ?? [])].sort((a, b) => a.name.localeCompare(b.name)),
    [profiles.data],
  );
  // Until the main process says otherwise, assume no secret can be kept (it refuses anyway).
  const storage = profiles.data?.secretStorage ?? 'unavailable';
  const editingId = panel.kind === 'edit' ? panel.profile?.id : undefined;
  const connecting = connect.isPending ? connect.variables.profile : undefined;
  const failed = connect.isError ? connect.variables.profile : undefined;

  /** Switches the right-hand side; an old connection failure no longer applies. */
  function show(next: Panel) {
    connect.reset();
    setPanel(next);
  }

  function connectTo(profile: ProfileSummary) {
    if (!profile.hasSecret) {
      setPrompt({ profile });
      return;
    }
    connect.mutate(
      { profile },
      {
        onError: (error) => {
          // The saved secret could not be read (e.g. the keychain changed): ask for it instead.
          if (isApiError(error, 'insecure_storage')) setPrompt({ profile, reason: error });
        },
      },
    );
  }

  return (
    <div className="signin-window">
      <header className="titlebar">
        <span className="app-name">Cirrus</span>
        <span className="toolbar-spacer" />
        {titleBar}
      </header>
      <div className="connections-window">
        <section className="pane connections-pane" aria-labelledby="connections-title">
          <div className="pane-header">
            <h2 id="connections-title">Saved connections</h2>
            {profiles.data && <span className="count muted">{sorted.length}</span>}
          </div>
          {profiles.isPending ? (
            <p className="list-status" role="status">
              Loading…
            </p>
          ) : profiles.isError ? (
            <ErrorMessage
              error={profiles.error}
              title="Could not read the saved connections."
              onRetry={() => void profiles.refetch()}
              retrying={profiles.isFetching}
              className="connections-error"
            />
          ) : sorted.length === 0 ? (
            <p className="list-empty connections-empty">
              No saved connections yet. Save one to connect in one click next time.
            </p>
          ) : (
            <ConnectionList
              profiles={sorted}
              connectingId={connecting?.id}
              editingId={editingId}
              onConnect={connectTo}
              onEdit={(profile) => show({ kind: 'edit', profile })}
              onDelete={setDeleting}
            />
          )}
          {/* Below the list, so the rows do not move when it appears. */}
          {failed && !prompt && (
            <ErrorMessage
              error={connect.error}
              title={`Could not connect to “${failed.name}”.`}
              className="connections-error"
            />
          )}
          <div className="connections-footer">
            <button type="button" onClick={() => show({ kind: 'edit', profile: undefined })} disabled={!profiles.data}>
              New connection
            </button>
            <button type="button" onClick={() => show({ kind: 'signIn' })} aria-pressed={panel.kind === 'signIn'}>
              Connect without saving
            </button>
          </div>
        </section>
        <main className="signin-main">
          {panel.kind === 'signIn' ? (
            <SignInForm />
          ) : (
            <ProfileEditor
              key={panel.profile?.id ?? 'new'}
              profile={panel.profile}
              storage={storage}
              onDone={() => setPanel({ kind: 'signIn' })}
            />
          )}
        </main>
      </div>
      {prompt && <SecretPrompt profile={prompt.profile} reason={prompt.reason} onClose={() => setPrompt(null)} />}
      {deleting && (
        <ConfirmDelete
          profile={deleting}
          onClose={(deleted) => {
            if (deleted && editingId === deleting.id) setPanel({ kind: 'signIn' });
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
