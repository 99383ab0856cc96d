import { useId, useState, type FormEvent } from 'react';
import type { ProfileSummary, SecretStorage } from '../../../shared/domain';
import { ErrorMessage } from '../ui/ErrorMessage';
import { DialogButtons } from '../ui/DialogButtons';
import {
  AUTH_VERSIONS,
  SECRET_LABELS,
  draftFrom,
  editDraft,
  keepsSavedSecret,
  saveRequest,
  secretKindsFor,
  secretNoun,
  tenantLabel,
  type ProfileDraft,
  type SecretKind,
} from './profileForm';
import { useSaveProfile } from './queries';

const KIND_LABELS: Record<SecretKind, string> = {
  password: 'Password',
  apiKey: 'API key',
  applicationCredential: 'Application credential',
};

interface Props {
  /** The profile to edit; absent for a new one. */
  profile: ProfileSummary | undefined;
  storage: SecretStorage;
  onDone: () => void;
}

/** Creates or edits a saved connection. A typed secret stays in this form's state until it is sent. */
export function ProfileEditor({ profile, storage, onDone }: Props) {
  const ids = useId();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftFrom(profile, storage));
  const save = useSaveProfile();
  const edit = (change: Partial<ProfileDraft>) => setDraft((d) => editDraft(d, change));
  const v3 = draft.authVersion === '3';
  const appCredential = draft.secretKind === 'applicationCredential';
  const keeps = keepsSavedSecret(draft, profile);
  const noun = secretNoun(draft.secretKind);
  const canSave = storage !== 'unavailable';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    save.mutate(saveRequest(draft, profile), { onSuccess: onDone });
  }

  const field = (name: string) => `${ids}-${name}`;

  return (
    <form aria-label="Connection" className="signin-form connection-form" onSubmit={submit}>
      <div className="signin-heading">
        <h1>{profile ? 'Edit connection' : 'New connection'}</h1>
        <p className="muted">
          Kept in Cirrus's settings.
          {storage === 'os' ? ' A saved password is encrypted with the system keychain.' : ''}
        </p>
      </div>
      <fieldset disabled={save.isPending} className="signin-fields">
        <label htmlFor={field('name')}>Name</label>
        <input
          id={field('name')}
          required
          autoFocus
          maxLength={128}
          autoComplete="off"
          value={draft.name}
          onChange={(e) => edit({ name: e.target.value })}
        />

        <label htmlFor={field('url')}>Auth URL</label>
        <input
          id={field('url')}
          type="url"
          required
          spellCheck={false}
          autoComplete="off"
          placeholder="https://identity.example.com/v3"
          value={draft.authUrl}
          onChange={(e) => edit({ authUrl: e.target.value })}
        />

        <label htmlFor={field('version')}>Auth version</label>
        <select
          id={field('version')}
          value={draft.authVersion}
          onChange={(e) => edit({ authVersion: AUTH_VERSIONS.find((v) => v.value === e.target.value)?.value ?? '2' })}
        >
          {AUTH_VERSIONS.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </select>

        <label htmlFor={field('user')}>User name</label>
        <input
          id={field('user')}
          required={!appCredential}
          spellCheck={false}
          autoComplete="off"
          value={draft.userName}
          onChange={(e) => edit({ userName: e.target.value })}
        />

        <label htmlFor={field('tenant')}>{tenantLabel(draft.authVersion)}</label>
        <input
          id={field('tenant')}
          spellCheck={false}
          autoComplete="off"
          value={draft.tenantName}
          onChange={(e) => edit({ tenantName: e.target.value })}
        />

        {v3 && (
          <>
            <label htmlFor={field('user-domain')}>User domain</label>
            <input
              id={field('user-domain')}
              spellCheck={false}
              autoComplete="off"
              placeholder="Default"
              value={draft.userDomain}
              onChange={(e) => edit({ userDomain: e.target.value })}
            />
            <label htmlFor={field('project-domain')}>Project domain</label>
            <input
              id={field('project-domain')}
              spellCheck={false}
              autoComplete="off"
              placeholder="Default"
              value={draft.projectDomain}
              onChange={(e) => edit({ projectDomain: e.target.value })}
            />
          </>
        )}

        <label htmlFor={field('kind')}>Secret type</label>
        <select
          id={field('kind')}
          value={draft.secretKind}
          onChange={(e) =>
            edit({ secretKind: secretKindsFor(draft.authVersion).find((k) => k === e.target.value) ?? 'password' })
          }
        >
          {secretKindsFor(draft.authVersion).map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>

        {appCredential && (
          <>
            <label htmlFor={field('credential')}>Application credential ID</label>
            <input
              id={field('credential')}
              required
              spellCheck={false}
              autoComplete="off"
              value={draft.applicationCredentialId}
              onChange={(e) => edit({ applicationCredentialId: e.target.value })}
            />
          </>
        )}

        <span aria-hidden="true" />
        <label className="conn-checkbox">
          <input
            type="checkbox"
            checked={draft.saveSecret && canSave}
            disabled={!canSave}
            aria-describedby={storage === 'os' ? undefined : field('storage-note')}
            onChange={(e) => edit({ saveSecret: e.target.checked, allowPlainText: false })}
          />
          Save {noun}
        </label>

        <label htmlFor={field('secret')}>{SECRET_LABELS[draft.secretKind]}</label>
        <input
          id={field('secret')}
          type="password"
          autoComplete="off"
          required={draft.saveSecret && canSave && !keeps}
          disabled={!draft.saveSecret || !canSave}
          placeholder={keeps ? 'Saved — type to replace' : draft.saveSecret ? '' : 'Asked for when you connect'}
          value={draft.secret}
          onChange={(e) => edit({ secret: e.target.value })}
        />

        {storage === 'plain-text' && (
          <>
            <p id={field('storage-note')} className="field-hint storage-warning">
              This system has no keychain Cirrus can use: a saved {noun} would be stored unencrypted in Cirrus's
              settings file.
            </p>
            <span aria-hidden="true" />
            <label className="conn-checkbox">
              <input
                type="checkbox"
                checked={draft.allowPlainText}
                disabled={!draft.saveSecret}
                onChange={(e) => edit({ allowPlainText: e.target.checked })}
              />
              Store it unencrypted anyway
            </label>
          </>
        )}
        {storage === 'unavailable' && (
          <p id={field('storage-note')} className="field-hint muted">
            This system offers Cirrus no way to keep a {noun}; you type it each time you connect.
          </p>
        )}
      </fieldset>

      {save.isError && <ErrorMessage error={save.error} title="Could not save the connection." />}

      <div className="signin-actions">
        <DialogButtons action="Save" running="Saving…" onCancel={onDone} busy={save.isPending} />
      </div>
    </form>
  );
}
