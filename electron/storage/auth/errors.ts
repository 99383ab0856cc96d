import { StorageError } from '../errors';
import { looksLikeKeystoneId } from './keystone-ids';
import type { Credentials } from './types';

/**
 * Keystone's 401 never says which part was wrong (by design: it would tell
 * an attacker which user names exist), so the message lists every field the
 * attempt used, with the values that are not secret.
 */
export function refused(status: number, c?: Credentials): StorageError {
  if (!c) {
    return new StorageError('auth_failed', 'Sign-in failed: the user name, password or tenant was not accepted.', {
      status,
    });
  }
  const parts: string[] = [];
  if (c.secret.kind === 'applicationCredential') {
    parts.push(`application credential “${c.secret.id}”`);
    if (!looksLikeKeystoneId(c.secret.id))
      parts.push(`its user “${c.userName}” in domain “${c.userDomain || 'Default'}”`);
    parts.push('its secret');
  } else {
    parts.push(`user “${c.userName}”`, c.secret.kind === 'apiKey' ? 'the API key' : 'the password');
    if (c.authVersion === '3') parts.push(`the user's domain “${c.userDomain || 'Default'}”`);
    if (c.tenantId) parts.push(`project ID ${c.tenantId}`);
    else if (c.tenantName) {
      parts.push(
        c.authVersion === '3'
          ? `project “${c.tenantName}” in domain “${c.projectDomain || 'Default'}”`
          : `tenant “${c.tenantName}”`,
      );
    }
  }
  return new StorageError(
    'auth_failed',
    `Sign-in failed: the identity service did not accept these credentials, and it does not say which part was wrong. Check ${listed(parts)}.`,
    { status },
  );
}

const listed = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/** Nothing at the address: almost always a path that names no identity API (or the wrong version). */
export function nothingAt(url: string, status: number): StorageError {
  return new StorageError(
    'not_found',
    `Sign-in failed: there is no identity API at ${url} (${status}). Check the auth URL's path: Keystone v2.0 addresses usually end in /v2.0, v3 addresses in /v3.`,
    { status },
  );
}

export const unreadable = (url: string, expected: string, status: number, cause: unknown): StorageError =>
  new StorageError('server', `Sign-in failed: ${url} did not answer with ${expected}.`, { status, cause });
