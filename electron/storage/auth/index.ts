import { hasUrlCredentials, URL_CREDENTIALS_MESSAGE } from '../../../shared/auth-url';
import { StorageError } from '../errors';
import { looksLikeKeystoneId } from './keystone-ids';
import type { AccessGrant, AuthVersion, Credentials } from './types';
import { authenticateV1 } from './v1';
import { authenticateV2 } from './v2';
import { authenticateV3 } from './v3';

export type { AccessGrant, AuthVersion, Credentials, Secret } from './types';

/** True when the URL names a user or password, by the shared rule or by the URL parser itself. */
export function urlHasCredentials(authUrl: string): boolean {
  if (hasUrlCredentials(authUrl)) return true;
  try {
    const url = new URL(authUrl.trim());
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

/** The version a URL implies when the person did not choose one. */
export function inferAuthVersion(authUrl: string): AuthVersion {
  const path = new URL(authUrl).pathname.replace(/\/+$/, '');
  if (/\/v3$/.test(path)) return '3';
  if (/\/v1(\.0)?$/.test(path)) return '1';
  return '2';
}

/** Authenticates with the identity service the credentials name; the only place a secret is sent. */
export async function authenticate(c: Credentials, signal?: AbortSignal): Promise<AccessGrant> {
  // Before anything else: the URL would otherwise be sent, and echoed in errors and the session info.
  if (urlHasCredentials(c.authUrl)) throw new StorageError('invalid_input', URL_CREDENTIALS_MESSAGE);
  const version = c.authVersion ?? inferAuthVersion(c.authUrl);
  // Caught here, before anything is sent: Keystone would answer an empty name with a raw 400.
  const byCredentialId = c.secret.kind === 'applicationCredential' && looksLikeKeystoneId(c.secret.id);
  if (!byCredentialId && !c.userName.trim()) {
    throw new StorageError(
      'invalid_input',
      c.secret.kind === 'applicationCredential'
        ? 'Enter the user name that owns the application credential (or give its ID instead of its name).'
        : 'Enter a user name.',
    );
  }
  const grant = await (version === '1' ? authenticateV1 : version === '3' ? authenticateV3 : authenticateV2)(c, signal);
  if (grant.regions.length === 0) {
    throw new StorageError('not_found', 'Signed in, but the service catalog lists no object-store endpoint.');
  }
  return grant;
}
