// Container ACLs against the real Swift harness: both written in one POST, read back with a direct HEAD,
// and proven by what the other account may then do (tempauth's `test2:tester2`, an admin of its own account only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setContainerAcls } from './containers';
import type { StorageSession } from '../session';
import { HARNESS } from '../../../testing/swift/config';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import {
  containerName,
  directPath,
  openSession,
  putContainer,
  REGION,
  removeContainer,
} from '../../../testing/electron/transfers-testkit';

describe('container ACLs against real Swift', () => {
  let session: StorageSession;
  const container = containerName('acls');
  const other = HARNESS.users.other;
  // tempauth names a user by its own account name (test2:tester2); AUTH_test2 would be the whole account.
  const grantee = `${other.tenantName}:${other.user}`;
  const asOther = (method: string, name?: string, body?: string) =>
    swiftRequest(REGION, method, directPath(container, name), {
      who: 'other',
      ...(body === undefined ? {} : { body }),
    });

  beforeAll(async () => {
    session = await openSession();
    await putContainer(container);
    expect((await swiftRequest(REGION, 'PUT', directPath(container, 'shared.txt'), { body: 'hello' })).status).toBe(
      201,
    );
  });
  afterAll(() => removeContainer(container));

  it('grants another account read, listing and write, as Swift then honours', async () => {
    expect((await asOther('GET', 'shared.txt')).status).toBe(403);
    const updated = await setContainerAcls(session, REGION, container, {
      read: `.r:.example.com,.rlistings,${grantee}`,
      write: grantee,
    });
    expect([updated.read, updated.write]).toEqual([`.r:.example.com,.rlistings,${grantee}`, grantee]);
    const head = await swiftRequest(REGION, 'HEAD', directPath(container));
    expect([head.headers.get('x-container-read'), head.headers.get('x-container-write')]).toEqual([
      `.r:.example.com,.rlistings,${grantee}`,
      grantee,
    ]);
    expect((await asOther('GET', 'shared.txt')).text).toBe('hello');
    expect((await asOther('PUT', 'from-other.txt', 'hi')).status).toBe(201);
  });

  it('removes both with empty text, and the other account is refused again', async () => {
    const cleared = await setContainerAcls(session, REGION, container, { read: '', write: '' });
    expect([cleared.read, cleared.write, cleared.readAcl]).toEqual([
      '',
      '',
      { referrers: [], listings: false, accounts: [] },
    ]);
    const head = await swiftRequest(REGION, 'HEAD', directPath(container));
    expect([head.headers.get('x-container-read'), head.headers.get('x-container-write')]).toEqual([null, null]);
    expect((await asOther('GET', 'shared.txt')).status).toBe(403);
  });
});
