import type { ProfileSummary } from '../../../shared/domain';
import { useRowVirtualizer } from '../ui/useRowVirtualizer';
import { AUTH_VERSIONS, secretNoun } from './profileForm';

const PROFILE_ROW_HEIGHT = 68;
const OVERSCAN = 6;

interface Props {
  profiles: readonly ProfileSummary[];
  /** The profile being connected, whose row shows it. */
  connectingId: string | undefined;
  /** The profile open in the editor, highlighted. */
  editingId: string | undefined;
  onConnect: (profile: ProfileSummary) => void;
  onEdit: (profile: ProfileSummary) => void;
  onDelete: (profile: ProfileSummary) => void;
}

function host(authUrl: string): string {
  try {
    return new URL(authUrl).host;
  } catch {
    return authUrl;
  }
}

const versionLabel = (profile: ProfileSummary) =>
  AUTH_VERSIONS.find((v) => v.value === profile.authVersion)?.label ?? `v${profile.authVersion}`;

/** The saved connections, virtualized like every list here; each row connects, edits or deletes. */
export function ConnectionList({ profiles, connectingId, editingId, onConnect, onEdit, onDelete }: Props) {
  const { scrollerRef, virtualizer, items } = useRowVirtualizer({
    rows: profiles,
    keyField: 'id',
    rowHeight: PROFILE_ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const busy = connectingId !== undefined;

  return (
    <div ref={scrollerRef} className="list-scroller connection-scroller">
      <div role="list" aria-label="Connections" className="list" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const profile = profiles[item.index];
          if (!profile) return null;
          const connecting = profile.id === connectingId;
          const who = [profile.userName, profile.tenantName].filter(Boolean).join(' · ');
          return (
            <div
              key={item.key}
              role="listitem"
              aria-label={profile.name}
              aria-busy={connecting || undefined}
              className={['connection-row', profile.id === editingId ? 'selected' : ''].filter(Boolean).join(' ')}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <div className="connection-text" title={`${profile.authUrl} (${versionLabel(profile)})`}>
                <span className="connection-name">{profile.name}</span>
                <span className="connection-detail muted">{who || '—'}</span>
                <span className="connection-detail muted">
                  {host(profile.authUrl)} · v{profile.authVersion === '2' ? '2.0' : profile.authVersion} ·{' '}
                  {profile.hasSecret
                    ? `${secretNoun(profile.secretKind)} saved`
                    : `asks for the ${secretNoun(profile.secretKind)}`}
                </span>
              </div>
              <div className="connection-actions">
                <button type="button" className="primary" disabled={busy} onClick={() => onConnect(profile)}>
                  {connecting ? 'Connecting…' : 'Connect'}
                </button>
                <div className="connection-secondary">
                  <button type="button" disabled={busy} onClick={() => onEdit(profile)}>
                    Edit
                  </button>
                  <button type="button" disabled={busy} onClick={() => onDelete(profile)}>
                    Delete
                  </button>
                </div>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
