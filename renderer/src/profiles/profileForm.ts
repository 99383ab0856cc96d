/**
 * The connection editor's state and the pure rules that turn it into a
 * saveProfile request. The secret lives only in this draft (component
 * state) until it is sent; nothing here persists it.
 */
import type { Request } from '../../../shared/contract';
import type { ProfileSummary, SecretStorage } from '../../../shared/domain';

export type AuthVersion = ProfileSummary['authVersion'];
export type SecretKind = ProfileSummary['secretKind'];

export const AUTH_VERSIONS: readonly { value: AuthVersion; label: string }[] = [
  { value: '1', label: 'v1 (tempauth)' },
  { value: '2', label: 'v2.0 (Keystone)' },
  { value: '3', label: 'v3 (Keystone)' },
];

export const SECRET_LABELS: Record<SecretKind, string> = {
  password: 'Password',
  apiKey: 'API key',
  applicationCredential: 'Secret',
};

/** "password", "API key", "secret": how a sentence names the secret. */
export const secretNoun = (kind: SecretKind): string =>
  kind === 'password' ? 'password' : kind === 'apiKey' ? 'API key' : 'secret';

export const tenantLabel = (version: AuthVersion): string => (version === '3' ? 'Project' : 'Tenant');

/** The secret kinds a version can use: application credentials exist only in Keystone v3. */
export const secretKindsFor = (version: AuthVersion): SecretKind[] =>
  version === '3' ? ['password', 'apiKey', 'applicationCredential'] : ['password', 'apiKey'];

/** The version an auth URL implies (same rule as the main process): …/v3 → 3, …/v1 or /v1.0 → 1, else 2. */
export function inferAuthVersion(authUrl: string): AuthVersion {
  let path: string;
  try {
    path = new URL(authUrl.trim()).pathname.replace(/\/+$/, '');
  } catch {
    return '2';
  }
  if (/\/v3$/.test(path)) return '3';
  if (/\/v1(\.0)?$/.test(path)) return '1';
  return '2';
}

export interface ProfileDraft {
  name: string;
  authUrl: string;
  authVersion: AuthVersion;
  /** Set once the person picks a version; until then it follows the URL. */
  versionChosen: boolean;
  userName: string;
  secretKind: SecretKind;
  applicationCredentialId: string;
  secret: string;
  tenantName: string;
  userDomain: string;
  projectDomain: string;
  saveSecret: boolean;
  allowPlainText: boolean;
}

export function draftFrom(profile: ProfileSummary | undefined, storage: SecretStorage): ProfileDraft {
  return {
    name: profile?.name ?? '',
    authUrl: profile?.authUrl ?? '',
    authVersion: profile?.authVersion ?? '2',
    versionChosen: profile !== undefined,
    userName: profile?.userName ?? '',
    secretKind: profile?.secretKind ?? 'password',
    applicationCredentialId: profile?.applicationCredentialId ?? '',
    secret: '',
    tenantName: profile?.tenantName ?? '',
    userDomain: profile?.userDomain ?? '',
    projectDomain: profile?.projectDomain ?? '',
    // Offer to save by default only where the OS can keep it encrypted.
    saveSecret: profile ? profile.hasSecret : storage === 'os',
    allowPlainText: false,
  };
}

/** Applies one edit and keeps the draft consistent (version follows the URL; v3-only kinds leave with v3). */
export function editDraft(draft: ProfileDraft, change: Partial<ProfileDraft>): ProfileDraft {
  const next = { ...draft, ...change };
  if (change.authVersion !== undefined) next.versionChosen = true;
  if (change.authUrl !== undefined && !next.versionChosen) next.authVersion = inferAuthVersion(change.authUrl);
  if (!secretKindsFor(next.authVersion).includes(next.secretKind)) next.secretKind = 'password';
  return next;
}

/** Whether the profile being edited already keeps a secret this draft would keep using. */
export const keepsSavedSecret = (draft: ProfileDraft, original: ProfileSummary | undefined): boolean =>
  original?.hasSecret === true && original.secretKind === draft.secretKind && draft.saveSecret;

const text = (value: string): string | undefined => value.trim() || undefined;

export function saveRequest(draft: ProfileDraft, original: ProfileSummary | undefined): Request<'saveProfile'> {
  const v3 = draft.authVersion === '3';
  const appCredential = draft.secretKind === 'applicationCredential';
  const credentialId = draft.applicationCredentialId.trim();
  const request: Request<'saveProfile'> = {
    name: draft.name.trim(),
    authUrl: draft.authUrl.trim(),
    authVersion: draft.authVersion,
    userName: draft.userName.trim(),
    secretKind: draft.secretKind,
  };
  if (original) request.id = original.id;
  const tenantName = text(draft.tenantName);
  if (tenantName) request.tenantName = tenantName;
  // Not editable here, but kept: a profile may name its tenant by id.
  if (original?.tenantId) request.tenantId = original.tenantId;
  const userDomain = v3 ? text(draft.userDomain) : undefined;
  if (userDomain) request.userDomain = userDomain;
  const projectDomain = v3 ? text(draft.projectDomain) : undefined;
  if (projectDomain) request.projectDomain = projectDomain;
  if (appCredential && credentialId) request.applicationCredentialId = credentialId;

  if (draft.saveSecret && draft.secret) {
    request.secret = appCredential
      ? { kind: 'applicationCredential', id: credentialId, value: draft.secret }
      : { kind: draft.secretKind === 'apiKey' ? 'apiKey' : 'password', value: draft.secret };
    if (draft.allowPlainText) request.allowPlainText = true;
  }
  if (original?.hasSecret && !draft.saveSecret) request.forgetSecret = true;
  return request;
}
