import { z } from 'zod';
import { StorageError } from '../errors';
import { errorFromResponse, send, type HttpResponse } from '../http';
import { parseExpiry, regionsFromEndpoints } from './catalog';
import { discoverV3 } from './discovery';
import { nothingAt, refused, unreadable } from './errors';
import { domainRef, looksLikeKeystoneId } from './keystone-ids';
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
    // By ID alone, or by name, which Keystone looks up among the named user's credentials.
    const credential = looksLikeKeystoneId(c.secret.id)
      ? { id: c.secret.id, secret: c.secret.value }
      : { name: c.secret.id, secret: c.secret.value, user: { name: c.userName, domain: domainRef(c.userDomain) } };
    return { methods: ['application_credential'], application_credential: credential };
  }
  const user = { name: c.userName, domain: domainRef(c.userDomain), password: c.secret.value };
  return { methods: ['password'], password: { user } };
}

function scope(c: Credentials): unknown {
  // An application credential carries its own project; a scope beside it is refused by Keystone.
  if (c.secret.kind === 'applicationCredential') return undefined;
  if (c.tenantId) return { project: { id: c.tenantId } };
  if (c.tenantName) return { project: { name: c.tenantName, domain: domainRef(c.projectDomain) } };
  return undefined;
}

const tokensUrl = (base: string) => `${base.replace(/\/+$/, '')}/auth/tokens`;

function post(url: string, c: Credentials, signal?: AbortSignal): Promise<HttpResponse> {
  return send({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    repeatable: true,
    body: JSON.stringify({ auth: { identity: identity(c), scope: scope(c) } }),
    signal,
  });
}

/** Keystone v3: `POST {authUrl}/auth/tokens`; the token comes back in X-Subject-Token. */
export async function authenticateV3(c: Credentials, signal?: AbortSignal): Promise<AccessGrant> {
  let url = tokensUrl(c.authUrl);
  let res = await post(url, c, signal);
  // An address without "/v3" (the service's root, as some clouds publish it): ask it where v3 is, once.
  if (res.status === 404 && !/\/v3\/?$/.test(c.authUrl)) {
    const found = await discoverV3(c.authUrl, signal);
    if (found) {
      url = tokensUrl(found);
      res = await post(url, c, signal);
    }
  }
  if (res.status === 401 || res.status === 403) throw refused(res.status, { ...c, authVersion: '3' });
  if (res.status === 404) throw nothingAt(url, res.status);
  if (res.status < 200 || res.status > 299) throw errorFromResponse(res, 'Sign-in');
  const token = res.headers.get('x-subject-token');
  let parsed: z.infer<typeof tokenDocument>;
  try {
    parsed = tokenDocument.parse(JSON.parse(res.text));
    if (!token) throw new Error('no X-Subject-Token header');
  } catch (err) {
    throw unreadable(url, 'a Keystone v3 token', res.status, err);
  }
  // Without a project, Keystone issues an unscoped token: it proves who you are but carries no catalog.
  if (!parsed.token.project && parsed.token.catalog.length === 0) {
    throw new StorageError(
      'invalid_input',
      'Signed in, but without a project Keystone gives no service catalog. Enter the project (tenant) name or ID to use.',
    );
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
