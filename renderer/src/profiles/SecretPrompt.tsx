import { useId, useState } from 'react';
import type { ProfileSummary } from '../../../shared/domain';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Dialog } from '../ui/Dialog';
import { DialogButtons } from '../ui/DialogButtons';
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

  function submit() {
    if (!value) return;
    const secret =
      profile.secretKind === 'applicationCredential'
        ? { kind: 'applicationCredential' as const, id: profile.applicationCredentialId ?? '', value }
        : { kind: profile.secretKind, value };
    connect.mutate({ profile, secret });
  }

  return (
    <Dialog
      title={`Connect to “${profile.name}”`}
      label={`Connect to ${profile.name}`}
      onSubmit={submit}
      onClose={onClose}
      busy={connect.isPending}
      actions={<DialogButtons action="Connect" running="Connecting…" onCancel={onClose} busy={connect.isPending} />}
    >
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
        data-autofocus
        autoComplete="off"
        value={value}
        disabled={connect.isPending}
        onChange={(e) => setValue(e.target.value)}
      />
      {connect.isError && <ErrorMessage error={connect.error} title={`Could not connect to “${profile.name}”.`} />}
    </Dialog>
  );
}
