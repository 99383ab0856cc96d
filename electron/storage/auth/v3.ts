import { z } from 'zod';
import { errorFromResponse, send } from '../http';
import { parseExpiry, regionsFromEndpoints } from './catalog';
import { refused, unreadable } from './errors';
import type { AccessGrant, Credentials } from './types';

const tokenDocument = z.object({
  token: z.object({
    expires_at: z.string().optional(),
    project: z.object({ name: z.string().optional() }).optional(),
    catalog: z
      .array(
        z.object({
          type: z.string(),
          endpoints: z.array(
            z.object({
              interface: z.string().optional(),
              region: z.string().optional(),
              region_id: z.string().optional(),
              url: z.string().optional(),
            }),
          ),
        }),
      )
      .default([]),
  }),
});

function identity(c: Credentials): unknown {
  if (c.secret.kind === 'applicationCredential') {
    return { methods: ['application_credential'], application_credential: { id: c.secret.id, secret: c.secret.value } };
  }
  const user = { name: c.userName, domain: { name: c.userDomain || 'Default' }, password: c.secret.value };
  return { methods: ['password'], password: { user } };
}

function scope(c: Credentials): unknown {
  // An application credential carries its own project; a scope beside it is refused by Keystone.
  if (c.secret.kind === 'applicationCredential') return undefined;
  if (c.tenantId) return { project: { id: c.tenantId } };
  if (c.tenantName) return { project: { name: c.tenantName, domain: { name: c.projectDomain || 'Default' } } };
  return undefined;
}

/** Keystone v3: `POST {authUrl}/auth/tokens`; the token comes back in X-Subject-Token. */
export async function authenticateV3(c: Credentials, signal?: AbortSignal): Promise<AccessGrant> {
  const url = `${c.authUrl.replace(/\/+$/, '')}/auth/tokens`;
  const res = await send({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ auth: { identity: identity(c), scope: scope(c) } }),
    signal,
  });
  if (res.status === 401 || res.status === 403) throw refused(res.status);
  if (res.status < 200 || res.status > 299) throw errorFromResponse(res, 'Sign-in');
  const token = res.headers.get('x-subject-token');
  let parsed: z.infer<typeof tokenDocument>;
  try {
    parsed = tokenDocument.parse(JSON.parse(res.text));
    if (!token) throw new Error('no X-Subject-Token header');
  } catch (err) {
    throw unreadable(url, 'a Keystone v3 token', res.status, err);
  }
  const endpoints = parsed.token.catalog
    .filter((service) => service.type === 'object-store')
    .flatMap((service) => service.endpoints)
    .filter((e) => (e.interface ?? 'public') === 'public')
    .map((e) => ({ region: e.region_id ?? e.region, url: e.url }));
  return {
    token,
    expiresAt: parseExpiry(parsed.token.expires_at),
    tenantName: parsed.token.project?.name ?? c.tenantName,
    regions: regionsFromEndpoints(endpoints),
  };
}
