// Against the real two-region Swift harness (started by the integration project's global setup).
import { beforeAll, describe, expect, it } from 'vitest';
import { HARNESS } from '../../../testing/swift/config';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import { getAccount, listContainers } from './account';
import { harnessCredentials } from '../../../testing/electron/harness-session';
import { StorageSession } from '../session';
import { flushSharedTokenCache } from '../../../testing/electron/flush-tokens';

const admin = HARNESS.users.admin;
const credentials = harnessCredentials();
const run = Date.now().toString(36);

async function identityTokenRequests(): Promise<number> {
  const res = await fetch(`${HARNESS.identityUrl}/__stats`);
  return ((await res.json()) as { tokenRequests: number }).tokenRequests;
}

async function putContainer(region: 'RegionOne' | 'RegionTwo', name: string): Promise<void> {
  const res = await swiftRequest(region, 'PUT', `/v1/${admin.account}/${encodeURIComponent(name)}`);
  expect(res.status, `PUT ${name}`).toBeLessThan(300);
}

describe('storage session against real Swift', () => {
  let session: StorageSession;
  beforeAll(async () => {
    session = await StorageSession.open(credentials);
  });

  it('lists both regions of the catalog', () => {
    expect(
      session
        .info()
        .regions.map((r) => r.name)
        .sort(),
    ).toEqual(['RegionOne', 'RegionTwo']);
    expect(session.info().regions.find((r) => r.name === 'RegionTwo')?.endpoint).toBe(
      `${HARNESS.regions.RegionTwo.proxy}/v1/${admin.account}`,
    );
  });

  it('authenticates once and reuses the token for every later call, in both regions', async () => {
    const before = await identityTokenRequests();
    const fresh = await StorageSession.open(credentials);
    for (const region of ['RegionOne', 'RegionTwo', 'RegionOne', 'RegionTwo']) {
      await getAccount(fresh, region);
      await listContainers(fresh, region, { limit: 5 });
    }
    expect((await identityTokenRequests()) - before).toBe(1);
  });

  it('reads account counters and metadata, keys in lower case whatever case they were set with', async () => {
    const res = await swiftRequest('RegionOne', 'POST', `/v1/${admin.account}`, {
      headers: { 'X-Account-Meta-Cirrus-Test-Case': `Mixed-${run}`, 'X-Account-Meta-UPPER': 'yes' },
    });
    expect(res.status).toBe(204);
    const container = `acct-${run}`;
    await putContainer('RegionOne', container);
    const account = await getAccount(session, 'RegionOne');
    expect(account.metadata['cirrus-test-case']).toBe(`Mixed-${run}`);
    expect(account.metadata.upper).toBe('yes');
    const head = await swiftRequest('RegionOne', 'HEAD', `/v1/${admin.account}`);
    expect(account.containerCount).toBe(Number(head.headers.get('x-account-container-count')));
    expect(account.containerCount).toBeGreaterThanOrEqual(1);
    expect(account.objectCount).toBeGreaterThanOrEqual(0);
    expect(account.bytesUsed).toBeGreaterThanOrEqual(0);
  });

  it('lists containers from a marker in byte order; a marker just before a name yields that name first', async () => {
    const names = ['b', 'a', 'c', 'B', 'é'].map((s) => `mk-${run}-${s}`);
    await Promise.all(names.map((n) => putContainer('RegionOne', n)));
    const prefix = `mk-${run}-`;
    const all = await listContainers(session, 'RegionOne', { prefix });
    expect(all.containers.map((c) => c.name)).toEqual(['B', 'a', 'b', 'c', 'é'].map((s) => prefix + s));
    expect(all.containers[0]).toMatchObject({ objectCount: 0, bytesUsed: 0 });

    const afterA = await listContainers(session, 'RegionOne', { prefix, marker: `${prefix}a` });
    expect(afterA.containers[0]?.name).toBe(`${prefix}b`);
    const justBeforeC = await listContainers(session, 'RegionOne', { prefix, marker: `${prefix}bz` });
    expect(justBeforeC.containers[0]?.name).toBe(`${prefix}c`);
  });

  it('pages by marker until an empty page', async () => {
    const prefix = `pg-${run}-`;
    await Promise.all([0, 1, 2, 3, 4].map((i) => putContainer('RegionTwo', `${prefix}${i}`)));
    const seen: string[] = [];
    let marker: string | undefined = '';
    let pages = 0;
    while (marker !== undefined) {
      const page = await listContainers(session, 'RegionTwo', { prefix, marker, limit: 2 });
      seen.push(...page.containers.map((c) => c.name));
      marker = page.nextMarker;
      pages++;
    }
    expect(seen).toEqual([0, 1, 2, 3, 4].map((i) => `${prefix}${i}`));
    expect(pages).toBe(4); // 2 + 2 + 1, then the empty page that ends it
  });

  it('keeps the regions apart: a container made in RegionTwo is not listed in RegionOne', async () => {
    const name = `only-two-${run}`;
    await putContainer('RegionTwo', name);
    const one = await listContainers(session, 'RegionOne', { prefix: name });
    const two = await listContainers(session, 'RegionTwo', { prefix: name });
    expect(one.containers).toEqual([]);
    expect(two.containers.map((c) => c.name)).toEqual([name]);
  });

  it('refuses a wrong password with auth_failed and status 401', async () => {
    await expect(
      StorageSession.open({ ...credentials, secret: { kind: 'password', value: 'wrong' } }),
    ).rejects.toMatchObject({ code: 'auth_failed', status: 401 });
  });

  it('signs in with a Rackspace API key and with a tenant id', async () => {
    const byKey = await StorageSession.open({ ...credentials, secret: { kind: 'apiKey', value: admin.apiKey } });
    expect((await getAccount(byKey, 'RegionTwo')).containerCount).toBeGreaterThanOrEqual(0);
    const byId = await StorageSession.open({ ...credentials, tenantName: undefined, tenantId: admin.tenantId });
    expect(byId.info().tenantName).toBe(admin.tenantName);
  });

  it('renews a token the service no longer knows, once, without the caller noticing', async () => {
    const fresh = await StorageSession.open(credentials);
    await getAccount(fresh, 'RegionOne');
    // Swift forgets every token when its token cache is flushed, as after a memcached restart.
    await flushSharedTokenCache();
    const before = await identityTokenRequests();
    const account = await getAccount(fresh, 'RegionOne');
    expect(account.containerCount).toBeGreaterThanOrEqual(1);
    expect((await identityTokenRequests()) - before).toBe(1);
  });
});
