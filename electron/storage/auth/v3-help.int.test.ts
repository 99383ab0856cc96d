// Keystone v3 sign-in as people from real clouds type it, against the harness's identity front (which
// answers version discovery and v3 tokens as Keystone does) and Swift's tempauth.
import { describe, expect, it } from 'vitest';
import { HARNESS } from '../../../testing/swift/config';
import { authenticate } from './index';

const admin = HARNESS.users.admin;
const password = { kind: 'password', value: admin.password } as const;
const v3 = { authUrl: HARNESS.authUrlV3, authVersion: '3' as const, userName: admin.user, secret: password };

describe('Keystone v3 sign-in, helped', () => {
  it('completes an auth URL without /v3 by version discovery, and still reaches Swift', async () => {
    for (const authUrl of [HARNESS.identityUrl, `${HARNESS.identityUrl}/`]) {
      const grant = await authenticate({ ...v3, authUrl, tenantName: admin.tenantName });
      expect(grant.regions.map((r) => r.name)).toEqual(['RegionOne', 'RegionTwo']);
      const res = await fetch(grant.regions[0]!.endpoint, { method: 'HEAD', headers: { 'x-auth-token': grant.token } });
      expect(res.status).toBeLessThan(300);
    }
  });

  it('takes domains by ID as openrc files give them (OS_PROJECT_DOMAIN_ID=default)', async () => {
    const grant = await authenticate({
      ...v3,
      tenantName: admin.tenantName,
      userDomain: 'default',
      projectDomain: 'default',
    });
    expect(grant.tenantName).toBe(admin.tenantName);
  });

  it('signs in with an application credential by name, user and domain', async () => {
    const grant = await authenticate({
      ...v3,
      secret: {
        kind: 'applicationCredential',
        id: admin.applicationCredential.name,
        value: admin.applicationCredential.secret,
      },
      userDomain: 'Default',
    });
    expect(grant.regions).toHaveLength(2);
  });

  it('catches an empty user name before sending, and says a token without a project has no catalog', async () => {
    await expect(authenticate({ ...v3, userName: '', tenantName: admin.tenantName })).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'Enter a user name.',
    });
    await expect(authenticate(v3)).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringContaining('Enter the project (tenant) name or ID'),
    });
  });

  it('names every field a refused sign-in used, since Keystone does not say which was wrong', async () => {
    await expect(
      authenticate({
        ...v3,
        secret: { kind: 'password', value: 'nope' },
        tenantName: admin.tenantName,
        projectDomain: 'default',
      }),
    ).rejects.toMatchObject({
      code: 'auth_failed',
      message: `Sign-in failed: the identity service did not accept these credentials, and it does not say which part was wrong. Check user “${admin.user}”, the password, the user's domain “Default” and project “${admin.tenantName}” in domain “default”.`,
    });
  });

  it('answers a path with no identity API behind it with the path to check, not a JSON body', async () => {
    await expect(
      authenticate({ ...v3, authUrl: `${HARNESS.identityUrl}/identity/v4`, tenantName: admin.tenantName }),
    ).rejects.toMatchObject({
      code: 'not_found',
      message: expect.stringMatching(
        /^Sign-in failed: there is no identity API at .*\/identity\/v4\/auth\/tokens \(404\)\. Check the auth URL's path/,
      ),
    });
  });
});
