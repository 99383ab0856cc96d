// The account's ACL against the real Swift harness (tempauth keeps account ACLs): a grant proven by
// what the grantee may then do with its own token (`test2:tester2`, the `other` harness user, an admin
// of its own account only), the header read back directly, and a non-owner told the list is not shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAccountAccess, setAccountAccess } from './access';
import type { StorageSession } from '../session';
import { openHarnessSession, uniqueName } from '../../../testing/electron/harness-session';
import { HARNESS, tempauthUser } from '../../../testing/swift/config';
import { swiftRequest } from '../../../testing/swift/swift-direct';

const REGION = 'RegionOne';
const ACCOUNT = `/v1/${HARNESS.users.admin.account}`;
const GRANTEE = tempauthUser('other'); // test2:tester2
const asOther = (method: string, path = '') => swiftRequest(REGION, method, `${ACCOUNT}${path}`, { who: 'other' });
const headerInSwift = async () => (await swiftRequest(REGION, 'HEAD', ACCOUNT)).headers.get('x-account-access-control');

describe('account ACLs against real Swift', () => {
  let session: StorageSession;
  const container = uniqueName('cirrus-account-acl');

  beforeAll(async () => {
    session = await openHarnessSession('admin');
  });

  afterAll(async () => {
    // Whatever failed, the account is shared: no grant may outlive the test.
    await swiftRequest(REGION, 'POST', ACCOUNT, { headers: { 'X-Account-Access-Control': '' } });
    await swiftRequest(REGION, 'DELETE', `${ACCOUNT}/${container}`);
  });

  it('shows the owner an empty list when nothing is granted, and the other user is refused', async () => {
    expect(await headerInSwift()).toBeNull();
    expect(await getAccountAccess(session, REGION)).toEqual({ kind: 'owner', grants: [] });
    expect((await asOther('GET', '?format=json')).status).toBe(403);
  });

  it('read-only lets the grantee list the containers, not create one', async () => {
    const access = await setAccountAccess(session, REGION, [{ who: GRANTEE, level: 'read-only' }]);
    expect(access).toEqual({ kind: 'owner', grants: [{ who: GRANTEE, level: 'read-only' }] });
    expect(await headerInSwift()).toBe(`{"read-only":["${GRANTEE}"]}`);
    const listing = await asOther('GET', '?format=json');
    expect(listing.status).toBe(200);
    expect(Array.isArray(JSON.parse(listing.text))).toBe(true);
    expect((await asOther('PUT', `/${container}`)).status).toBe(403);
  });

  it('read-write lets the grantee create a container', async () => {
    await setAccountAccess(session, REGION, [{ who: GRANTEE, level: 'read-write' }]);
    expect(await headerInSwift()).toBe(`{"read-write":["${GRANTEE}"]}`);
    expect((await asOther('PUT', `/${container}`)).status).toBe(201);
    expect((await asOther('DELETE', `/${container}`)).status).toBe(204);
  });

  it('no rows remove the header, and the grantee is refused again', async () => {
    expect(await setAccountAccess(session, REGION, [])).toEqual({ kind: 'owner', grants: [] });
    expect(await headerInSwift()).toBeNull();
    expect((await asOther('GET', '?format=json')).status).toBe(403);
    expect((await asOther('PUT', `/${container}`)).status).toBe(403);
  });

  it('tells a grantee who is not the owner that the list is not shown, and refuses its change', async () => {
    // tester3 signs in to AUTH_test without being its admin: only an account grant lets it in.
    const reader = tempauthUser('readonly');
    await setAccountAccess(session, REGION, [{ who: reader, level: 'read-write' }]);
    const notOwner = await openHarnessSession('readonly');
    expect(await getAccountAccess(notOwner, REGION)).toEqual({ kind: 'not-owner' });
    await expect(setAccountAccess(notOwner, REGION, [])).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only the account’s owner (or someone it made an admin) can change who has access to it.',
    });
    expect(await headerInSwift()).toBe(`{"read-write":["${reader}"]}`);
    await setAccountAccess(session, REGION, []);
    expect(await headerInSwift()).toBeNull();
  });

  it('refuses rows Swift could not match before sending anything', async () => {
    await expect(setAccountAccess(session, REGION, [{ who: 'a,b', level: 'admin' }])).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect(await headerInSwift()).toBeNull();
  });
});
