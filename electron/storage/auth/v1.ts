import { errorFromResponse, send } from '../http';
import { refused, unreadable } from './errors';
import type { AccessGrant, Credentials } from './types';

/** Swift's own v1.0 auth (tempauth, swauth): one storage URL, no catalog, so one region named "default". */
export async function authenticateV1(c: Credentials, signal?: AbortSignal): Promise<AccessGrant> {
  const user = c.tenantName ? `${c.tenantName}:${c.userName}` : c.userName;
  const res = await send({
    method: 'GET',
    url: c.authUrl,
    headers: { 'x-auth-user': user, 'x-auth-key': c.secret.value },
    signal,
  });
  if (res.status === 401 || res.status === 403) throw refused(res.status);
  if (res.status < 200 || res.status > 299) throw errorFromResponse(res, 'Sign-in');
  const token = res.headers.get('x-auth-token') ?? res.headers.get('x-storage-token');
  const storageUrl = res.headers.get('x-storage-url');
  if (!token || !storageUrl)
    throw unreadable(c.authUrl, 'X-Auth-Token and X-Storage-Url headers', res.status, undefined);
  const seconds = Number(res.headers.get('x-auth-token-expires'));
  return {
    token,
    expiresAt: Number.isFinite(seconds) && seconds > 0 ? new Date(Date.now() + seconds * 1000) : undefined,
    tenantName: c.tenantName,
    regions: [{ name: 'default', endpoint: storageUrl.replace(/\/+$/, '') }],
  };
}
