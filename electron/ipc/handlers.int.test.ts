// Against the real two-region Swift harness: what crosses IPC never holds a secret.
import { harnessCredentials } from '../../testing/electron/harness-session';
import { describe, expect, it } from 'vitest';
import { HARNESS } from '../../testing/swift/config';
import { swiftToken } from '../../testing/swift/swift-direct';
import { createHandlers } from './handlers';

const admin = HARNESS.users.admin;

describe('IPC handlers against real Swift', () => {
  it('sign in, read and list in both regions, and never return the password or the token', async () => {
    const handlers = createHandlers();
    const crossings: unknown[] = [];
    const call = async (op: keyof typeof handlers, request: unknown) => {
      const result = await handlers[op](request);
      crossings.push(result);
      return result;
    };
    const signIn = await call('signIn', harnessCredentials());
    expect(signIn).toMatchObject({ ok: true, value: { userName: admin.user, tenantName: admin.tenantName } });
    for (const region of ['RegionOne', 'RegionTwo']) {
      expect(await call('getAccount', { region })).toMatchObject({ ok: true });
      expect(await call('listContainers', { region, limit: 3 })).toMatchObject({ ok: true });
    }
    expect(await call('getSession', {})).toMatchObject({ ok: true, value: { authUrl: HARNESS.authUrlV2 } });
    expect(await call('getAccount', { region: 'Nowhere' })).toMatchObject({ ok: false, error: { code: 'not_found' } });

    // tempauth hands the same live token to the same user, so this is the token the session holds.
    const { token } = await swiftToken('RegionOne');
    const wire = JSON.stringify(crossings);
    expect(token.length).toBeGreaterThan(10);
    expect(wire).not.toContain(token);
    expect(wire).not.toContain(admin.password);

    expect(await call('signOut', {})).toEqual({ ok: true, value: true });
    expect(await call('listContainers', { region: 'RegionOne' })).toMatchObject({
      ok: false,
      error: { code: 'not_signed_in' },
    });
  });

  it('answers a wrong password with auth_failed and a message a person can act on', async () => {
    const result = await createHandlers().signIn({
      authUrl: HARNESS.authUrlV2,
      userName: admin.user,
      secret: { kind: 'password', value: 'not-the-password' },
      tenantName: admin.tenantName,
    });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'auth_failed',
        status: 401,
        message: `Sign-in failed: the identity service did not accept these credentials, and it does not say which part was wrong. Check user “${admin.user}”, the password and tenant “${admin.tenantName}”.`,
      },
    });
  });
});
