import { z } from 'zod';
import { StorageError } from '../errors';
import { errorFromResponse, send } from '../http';
import { parseExpiry, regionsFromEndpoints } from './catalog';
import { nothingAt, refused, unreadable } from './errors';
import type { AccessGrant, Credentials } from './types';

/** The parts of a Keystone v2.0 access document Cirrus relies on; the rest is ignored. */
const accessDocument = z.object({
  access: z.object({
    token: z.object({
      id: z.string().min(1),
      expires: z.string().optional(),
      tenant: z.object({ id: z.string().optional(), name: z.string().optional() }).optional(),
    }),
    serviceCatalog: z
      .array(
        z.object({
          type: z.string(),
          endpoints: z.array(z.object({ region: z.string().optional(), publicURL: z.string().optional() })),
        }),
      )
      .default([]),
  }),
});

type Catalog = z.infer<typeof accessDocument>['access']['serviceCatalog'];

export function regionsFromCatalog(catalog: Catalog) {
  return regionsFromEndpoints(
    catalog
      .filter((service) => service.type === 'object-store')
      .flatMap((service) => service.endpoints.map((e) => ({ region: e.region, url: e.publicURL }))),
  );
}

function v2Body(c: Credentials): unknown {
  const auth: Record<string, unknown> =
    c.secret.kind === 'apiKey'
      ? { 'RAX-KSKEY:apiKeyCredentials': { username: c.userName, apiKey: c.secret.value } }
      : { passwordCredentials: { username: c.userName, password: c.secret.value } };
  if (c.tenantId) auth.tenantId = c.tenantId;
  else if (c.tenantName) auth.tenantName = c.tenantName;
  return { auth };
}

/** Keystone v2.0: `POST {authUrl}/tokens` with a password or a Rackspace API key. */
export async function authenticateV2(c: Credentials, signal?: AbortSignal): Promise<AccessGrant> {
  if (c.secret.kind === 'applicationCredential') {
    throw new StorageError('invalid_input', 'Application credentials need Keystone v3; choose auth version 3.');
  }
  const url = `${c.authUrl.replace(/\/+$/, '')}/tokens`;
  const res = await send({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    repeatable: true,
    body: JSON.stringify(v2Body(c)),
    signal,
  });
  if (res.status === 401 || res.status === 403) throw refused(res.status, { ...c, authVersion: '2' });
  if (res.status === 404) throw nothingAt(url, res.status);
  if (res.status < 200 || res.status > 299) throw errorFromResponse(res, 'Sign-in');
  let parsed: z.infer<typeof accessDocument>;
  try {
    parsed = accessDocument.parse(JSON.parse(res.text));
  } catch (err) {
    throw unreadable(url, 'a Keystone v2.0 access document', res.status, err);
  }
  const { token } = parsed.access;
  return {
    token: token.id,
    expiresAt: parseExpiry(token.expires),
    tenantName: token.tenant?.name ?? c.tenantName,
    regions: regionsFromCatalog(parsed.access.serviceCatalog),
  };
}
