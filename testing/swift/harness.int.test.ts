// Smoke test of the Swift harness itself. Writes only to AUTH_test2 (user `other`), in
// containers named smoke-*, and does not touch the identity front's /__stats or /__config,
// so it can run beside app tests.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS, storageUrl, type RegionName } from './config';
import { startHarness } from './harness';
import { createContainers, listAll, swiftRequest, swiftToken } from './swift-direct';

const RUN = `smoke-${process.pid}-${Date.now().toString(36)}`;
const REGIONS = Object.keys(HARNESS.regions) as RegionName[];
const other = HARNESS.users.other;
const admin = HARNESS.users.admin;

type Endpoint = Record<string, string>;
interface CatalogEntry {
  type: string;
  name: string;
  endpoints: Endpoint[];
}
interface Project {
  id: string;
  name: string;
}
/** Loose union of the bodies we read: v2 access, v3 token, Keystone error. */
interface Body {
  access: { token: { id: string; expires: string; tenant: Project }; serviceCatalog: CatalogEntry[] };
  token: { project: Project; catalog: CatalogEntry[] };
  error: { message: string; code: number; title: string };
}

async function post(url: string, body: unknown): Promise<{ status: number; headers: Headers; json: Body }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, json: (await res.json()) as Body };
}

function objectStore(catalog: CatalogEntry[]): Endpoint[] {
  const swift = catalog.find((s) => s.type === 'object-store');
  expect(swift?.name).toBe('swift');
  return swift!.endpoints;
}

async function expectTokenWorksEverywhere(token: string, account: string): Promise<void> {
  for (const r of REGIONS) {
    const res = await fetch(`${HARNESS.regions[r].proxy}/v1/${account}`, {
      method: 'HEAD',
      headers: { 'X-Auth-Token': token },
    });
    expect(res.status, r).toBeLessThan(300);
  }
}

beforeAll(async () => {
  await startHarness({ quiet: true });
}, 180_000);

afterAll(async () => {
  for (const r of REGIONS) {
    for (const c of await listAll(r, `/v1/${other.account}`, 'other', RUN)) {
      for (const o of await listAll(r, `/v1/${other.account}/${c}`, 'other')) {
        await swiftRequest(r, 'DELETE', `/v1/${other.account}/${c}/${encodeURIComponent(o)}`, { who: 'other' });
      }
      await swiftRequest(r, 'DELETE', `/v1/${other.account}/${c}`, { who: 'other' });
    }
  }
}, 60_000);

describe('identity front (Keystone v2.0)', () => {
  it('password auth with tenantName returns a token and both regions in the catalog', async () => {
    const { status, json } = await post(`${HARNESS.authUrlV2}/tokens`, {
      auth: { passwordCredentials: { username: admin.user, password: admin.password }, tenantName: admin.tenantName },
    });
    expect(status).toBe(200);
    expect(json.access.token.tenant).toMatchObject({ id: admin.tenantId, name: admin.tenantName });
    expect(Date.parse(json.access.token.expires)).toBeGreaterThan(Date.now());
    const eps = objectStore(json.access.serviceCatalog);
    expect(eps.map((e) => e.region).sort()).toEqual(['RegionOne', 'RegionTwo']);
    for (const r of REGIONS) {
      expect(eps.find((e) => e.region === r)).toMatchObject({
        publicURL: storageUrl(r),
        adminURL: HARNESS.regions[r].proxy,
        tenantId: admin.tenantId,
      });
    }
    await expectTokenWorksEverywhere(json.access.token.id, admin.account);
  });

  it('password auth with tenantId', async () => {
    const { status, json } = await post(`${HARNESS.authUrlV2}/tokens`, {
      auth: { passwordCredentials: { username: other.user, password: other.password }, tenantId: other.tenantId },
    });
    expect(status).toBe(200);
    expect(
      objectStore(json.access.serviceCatalog)
        .map((e) => e.publicURL)
        .sort(),
    ).toEqual(REGIONS.map((r) => storageUrl(r, 'other')));
  });

  it('API key auth (RAX-KSKEY)', async () => {
    const { status, json } = await post(`${HARNESS.authUrlV2}/tokens`, {
      auth: { 'RAX-KSKEY:apiKeyCredentials': { username: admin.user, apiKey: admin.apiKey } },
    });
    expect(status).toBe(200);
    expect(objectStore(json.access.serviceCatalog)).toHaveLength(2);
    await expectTokenWorksEverywhere(json.access.token.id, admin.account);
  });

  it('401 on a wrong password or tenant, 400 on a malformed body', async () => {
    const unauthorized = {
      error: { message: 'The request you have made requires authentication.', code: 401, title: 'Unauthorized' },
    };
    const wrong = await post(`${HARNESS.authUrlV2}/tokens`, {
      auth: { passwordCredentials: { username: admin.user, password: 'wrong' }, tenantName: admin.tenantName },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual(unauthorized);
    const tenant = await post(`${HARNESS.authUrlV2}/tokens`, {
      auth: { passwordCredentials: { username: admin.user, password: admin.password }, tenantName: other.tenantName },
    });
    expect(tenant.status).toBe(401);
    const bad = await post(`${HARNESS.authUrlV2}/tokens`, '{"auth":');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 400, title: 'Bad Request' });
  });
});

describe('identity front (Keystone v3)', () => {
  it('password auth scoped to a project: 201, X-Subject-Token, catalog with both regions', async () => {
    const { status, headers, json } = await post(`${HARNESS.authUrlV3}/auth/tokens`, {
      auth: {
        identity: {
          methods: ['password'],
          password: { user: { name: admin.user, domain: { name: 'Default' }, password: admin.password } },
        },
        scope: { project: { name: admin.tenantName, domain: { name: 'Default' } } },
      },
    });
    expect(status).toBe(201);
    const token = headers.get('x-subject-token');
    expect(token).toBeTruthy();
    expect(json.token.project).toMatchObject({ id: admin.tenantId, name: admin.tenantName });
    const pub = objectStore(json.token.catalog).filter((e) => e.interface === 'public');
    expect(pub.map((e) => [e.region_id, e.url]).sort()).toEqual(REGIONS.map((r) => [r, storageUrl(r)]));
    await expectTokenWorksEverywhere(token!, admin.account);
  });

  it('application credential', async () => {
    const { status, headers, json } = await post(`${HARNESS.authUrlV3}/auth/tokens`, {
      auth: {
        identity: {
          methods: ['application_credential'],
          application_credential: { id: admin.applicationCredential.id, secret: admin.applicationCredential.secret },
        },
      },
    });
    expect(status).toBe(201);
    expect(headers.get('x-subject-token')).toBeTruthy();
    expect(objectStore(json.token.catalog)).toHaveLength(6); // 2 regions x public/internal/admin
  });

  it('401 on a wrong password', async () => {
    const { status, json } = await post(`${HARNESS.authUrlV3}/auth/tokens`, {
      auth: {
        identity: {
          methods: ['password'],
          password: { user: { name: admin.user, domain: { id: 'default' }, password: 'wrong' } },
        },
        scope: { project: { id: admin.tenantId } },
      },
    });
    expect(status).toBe(401);
    expect(json.error).toMatchObject({ code: 401, title: 'Unauthorized' });
  });
});

describe('two independent Swift regions', () => {
  it('a token from RegionOne works in RegionTwo', async () => {
    const { token, storageUrl: url } = await swiftToken('RegionOne', 'other');
    expect(url).toBe(storageUrl('RegionOne', 'other'));
    await expectTokenWorksEverywhere(token, other.account);
  });

  it('a container created in RegionTwo is not visible in RegionOne', async () => {
    const name = `${RUN}-r2only`;
    await createContainers('RegionTwo', [name], 16, 'other');
    expect(await listAll('RegionTwo', `/v1/${other.account}`, 'other')).toContain(name);
    for (let i = 0; i < 3; i++) {
      // repeated: account/container info caches must not leak across regions
      expect(await listAll('RegionOne', `/v1/${other.account}`, 'other')).not.toContain(name);
      expect((await swiftRequest('RegionOne', 'HEAD', `/v1/${other.account}/${name}`, { who: 'other' })).status).toBe(
        404,
      );
    }
  });

  it('GET /info exposes max_file_size and bulk_upload', async () => {
    for (const r of REGIONS) {
      const info = (await (await fetch(`${HARNESS.regions[r].proxy}/info`)).json()) as {
        swift: { max_file_size: number };
        bulk_upload?: object;
      };
      expect(info.swift.max_file_size).toBeGreaterThan(0);
      expect(info.bulk_upload).toBeDefined();
    }
  });

  it('extract-archive of a tar.gz creates its files, and account stats follow', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swift-smoke-'));
    try {
      fs.mkdirSync(path.join(dir, 'src', 'sub'), { recursive: true });
      for (const f of ['a.txt', 'b.txt', 'sub/c.txt']) fs.writeFileSync(path.join(dir, 'src', f), `content of ${f}\n`);
      execFileSync('tar', ['-czf', path.join(dir, 'x.tar.gz'), '-C', path.join(dir, 'src'), '.']);
      const container = `${RUN}-xa`;
      const accountCount = async (): Promise<number> =>
        Number(
          (await swiftRequest('RegionOne', 'HEAD', `/v1/${other.account}`, { who: 'other' })).headers.get(
            'x-account-object-count',
          ),
        );
      const before = await accountCount();
      const res = await swiftRequest('RegionOne', 'PUT', `/v1/${other.account}/${container}?extract-archive=tar.gz`, {
        who: 'other',
        headers: { Accept: 'application/json' },
        body: fs.readFileSync(path.join(dir, 'x.tar.gz')),
      });
      expect(res.status).toBe(200);
      const out = JSON.parse(res.text) as { 'Number Files Created': number; Errors: unknown[] };
      expect(out['Number Files Created']).toBe(3);
      expect(out.Errors).toEqual([]);
      expect((await listAll('RegionOne', `/v1/${other.account}/${container}`, 'other')).sort()).toEqual([
        'a.txt',
        'b.txt',
        'sub/c.txt',
      ]);
      // Container stats are synchronous; the account's come from the container-updater loop.
      let count = before;
      for (let i = 0; i < 50 && count < before + 3; i++) {
        await new Promise((r) => setTimeout(r, 200));
        count = await accountCount();
      }
      expect(count).toBeGreaterThanOrEqual(before + 3);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
