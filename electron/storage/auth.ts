import { z } from 'zod';
import type { Region } from '../../shared/domain';
import { StorageError } from './errors';
import { errorFromResponse, send } from './http';

export interface Credentials {
  authUrl: string;
  userName: string;
  secret: { kind: 'password' | 'apiKey'; value: string };
  tenantName?: string | undefined;
  tenantId?: string | undefined;
}

export interface AccessGrant {
  token: string;
  expiresAt: Date | undefined;
  tenantName: string | undefined;
  regions: Region[];
}

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

function v2Body(c: Credentials): unknown {
  const auth: Record<string, unknown> =
    c.secret.kind === 'apiKey'
      ? { 'RAX-KSKEY:apiKeyCredentials': { username: c.userName, apiKey: c.secret.value } }
      : { passwordCredentials: { username: c.userName, password: c.secret.value } };
  if (c.tenantId) auth.tenantId = c.tenantId;
  else if (c.tenantName) auth.tenantName = c.tenantName;
  return { auth };
}

export function regionsFromCatalog(catalog: z.infer<typeof accessDocument>['access']['serviceCatalog']): Region[] {
  const regions: Region[] = [];
  for (const service of catalog) {
    if (service.type !== 'object-store') continue;
    for (const endpoint of service.endpoints) {
      if (!endpoint.publicURL) continue;
      const name = endpoint.region ?? 'default';
      if (!regions.some((r) => r.name === name))
        regions.push({ name, endpoint: endpoint.publicURL.replace(/\/+$/, '') });
    }
  }
  return regions;
}

/** Keystone v2.0: `POST {authUrl}/tokens`. */
export async function authenticateV2(c: Credentials, signal?: AbortSignal): Promise<AccessGrant> {
  const url = `${c.authUrl.replace(/\/+$/, '')}/tokens`;
  const res = await send({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(v2Body(c)),
    signal,
  });
  if (res.status === 401 || res.status === 403) {
    throw new StorageError('auth_failed', 'Sign-in failed: the user name, password or tenant was not accepted.', {
      status: res.status,
    });
  }
  if (res.status < 200 || res.status > 299) throw errorFromResponse(res, 'Sign-in');
  let parsed: z.infer<typeof accessDocument>;
  try {
    parsed = accessDocument.parse(JSON.parse(res.text));
  } catch (err) {
    throw new StorageError('server', `Sign-in failed: ${url} did not answer with a Keystone v2.0 access document.`, {
      status: res.status,
      cause: err,
    });
  }
  const regions = regionsFromCatalog(parsed.access.serviceCatalog);
  if (regions.length === 0) {
    throw new StorageError('not_found', 'Signed in, but the service catalog lists no object-store endpoint.');
  }
  const { token } = parsed.access;
  const expires = token.expires ? new Date(token.expires) : undefined;
  return {
    token: token.id,
    expiresAt: expires && !Number.isNaN(expires.getTime()) ? expires : undefined,
    tenantName: token.tenant?.name ?? c.tenantName,
    regions,
  };
}
