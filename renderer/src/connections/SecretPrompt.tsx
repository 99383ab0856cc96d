import { useId, useState, type FormEvent } from 'react';
import type { ProfileSummary } from '../../../shared/domain';
import { ErrorMessage } from '../ErrorMessage';
import { Modal } from './Modal';
import { SECRET_LABELS, secretNoun } from './profileForm';
import { useConnectProfile } from './queries';

interface Props {
  profile: ProfileSummary;
  /** Why the prompt opened when it was not just "nothing saved" (e.g. the saved secret could not be read). */
  reason?: unknown;
  onClose: () => void;
}

/** Asks for the secret of a profile that keeps none; it is used for this connection only. */
export function SecretPrompt({ profile, reason, onClose }: Props) {
  const id = useId();
  const [value, setValue] = useState('');
  const connect = useConnectProfile();
  const label = `${SECRET_LABELS[profile.secretKind]} for ${profile.name}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (connect.isPending || !value) return;
    const secret =
      profile.secretKind === 'applicationCredential'
        ? { kind: 'applicationCredential' as const, id: profile.applicationCredentialId ?? '', value }
        : { kind: profile.secretKind, value };
    connect.mutate({ profile, secret });
  }

  return (
    <Modal label={`Connect to ${profile.name}`} onClose={onClose}>
      <form className="conn-modal-form" onSubmit={submit}>
        <div className="conn-modal-body">
          <h2 className="conn-modal-title">Connect to “{profile.name}”</h2>
          <p className="muted">
            {reason === undefined ? `This connection keeps no ${secretNoun(profile.secretKind)}. ` : ''}
            What you type is used for this connection only and not saved.
          </p>
          {reason !== undefined && !connect.isError && <ErrorMessage error={reason} />}
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            type="password"
            required
            autoFocus
            autoComplete="off"
            value={value}
            disabled={connect.isPending}
            onChange={(e) => setValue(e.target.value)}
          />
          {connect.isError && <ErrorMessage error={connect.error} title={`Could not connect to “${profile.name}”.`} />}
        </div>
        <div className="conn-modal-actions">
          <button type="button" onClick={onClose} disabled={connect.isPending}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={connect.isPending}>
            {connect.isPending ? 'Connecting…' : 'Connect'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
