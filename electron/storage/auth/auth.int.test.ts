// Against the real harness's identity front and Swift's own tempauth.
import { harnessCredentials } from '../../../testing/electron/harness-session';
import { afterEach, describe, expect, it } from 'vitest';
import { HARNESS } from '../../../testing/swift/config';
import { getAccount } from '../account';
import { StorageSession } from '../session';
import { authenticate } from './index';

const admin = HARNESS.users.admin;
const identity = (path: string, body?: unknown) =>
  fetch(`${HARNESS.identityUrl}${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) }).then(
    (r) => r.json() as Promise<{ tokenRequests: number }>,
  );

afterEach(async () => {
  await identity('/__config', { tokenTtlSeconds: null });
});

describe('authentication against the real identity front and Swift', () => {
  it('v3 password with user and project domains: token from X-Subject-Token, public endpoints per region', async () => {
    const grant = await authenticate({
      authUrl: HARNESS.authUrlV3,
      userName: admin.user,
      secret: { kind: 'password', value: admin.password },
      tenantName: admin.tenantName,
      userDomain: 'Default',
      projectDomain: 'Default',
    });
    expect(grant.regions).toEqual([
      { name: 'RegionOne', endpoint: `${HARNESS.regions.RegionOne.proxy}/v1/${admin.account}` },
      { name: 'RegionTwo', endpoint: `${HARNESS.regions.RegionTwo.proxy}/v1/${admin.account}` },
    ]);
    expect(grant.tenantName).toBe(admin.tenantName);
    const res = await fetch(grant.regions[1]!.endpoint, { method: 'HEAD', headers: { 'x-auth-token': grant.token } });
    expect(res.status).toBeLessThan(300);
  });

  it('v3 application credential', async () => {
    const session = await StorageSession.open({
      authUrl: HARNESS.authUrlV3,
      userName: '',
      secret: {
        kind: 'applicationCredential',
        id: admin.applicationCredential.id,
        value: admin.applicationCredential.secret,
      },
    });
    expect((await getAccount(session, 'RegionOne')).containerCount).toBeGreaterThanOrEqual(0);
  });

  it('v3 wrong password is auth_failed', async () => {
    await expect(
      authenticate({
        authUrl: HARNESS.authUrlV3,
        userName: admin.user,
        secret: { kind: 'password', value: 'nope' },
        tenantName: admin.tenantName,
      }),
    ).rejects.toMatchObject({ code: 'auth_failed', status: 401 });
  });

  it('v1.0 tempauth: one storage URL as the region "default"', async () => {
    const session = await StorageSession.open({
      authUrl: `${HARNESS.regions.RegionTwo.proxy}/auth/v1.0`,
      userName: admin.user,
      tenantName: admin.tenantName,
      secret: { kind: 'password', value: admin.password },
    });
    expect(session.info().regions).toEqual([
      { name: 'default', endpoint: `${HARNESS.regions.RegionTwo.proxy}/v1/${admin.account}` },
    ]);
    expect(session.info().expiresAt).toBeDefined();
    expect((await getAccount(session, 'default')).containerCount).toBeGreaterThanOrEqual(0);
  });

  it('renews a short-lived token before it expires, without the caller noticing', async () => {
    // The identity front now mints tokens that Swift itself refuses after 8 s.
    await identity('/__config', { tokenTtlSeconds: 8 });
    const session = await StorageSession.open(harnessCredentials());
    const before = (await identity('/__stats')).tokenRequests;
    await getAccount(session, 'RegionOne'); // fresh token: no renewal
    expect((await identity('/__stats')).tokenRequests).toBe(before);
    await new Promise((resolve) => setTimeout(resolve, 6_500)); // inside the last quarter of its life
    await getAccount(session, 'RegionTwo');
    expect((await identity('/__stats')).tokenRequests).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // the first token has expired in Swift by now
    await getAccount(session, 'RegionOne');
    expect((await identity('/__stats')).tokenRequests).toBe(before + 1);
  }, 20_000);
});
