// Against the real two-region Swift harness; every result is read back from Swift directly.
import {
  removeAccountMetadata,
  removeContainerMetadata,
  setAccountMetadata,
  setContainerMetadata,
} from '../../../testing/electron/metadata-shorthands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS } from '../../../testing/swift/config';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import { openHarnessSession, uniqueName } from '../../../testing/electron/harness-session';
import { getAccount } from '../account';
import { createContainer, deleteContainer, getContainer, setPublicRead } from './containers';
import type { StorageSession } from '../session';

const account = `/v1/${HARNESS.users.admin.account}`;
const direct = (method: string, path = '', headers: Record<string, string> = {}, body?: string) =>
  swiftRequest('RegionOne', method, `${account}${path}`, { headers, ...(body !== undefined ? { body } : {}) });
const created: string[] = [];

let session: StorageSession;
beforeAll(async () => {
  session = await openHarnessSession();
});
afterAll(async () => {
  for (const name of created) {
    for (const object of ['o1', 'o2']) await direct('DELETE', `/${encodeURIComponent(name)}/${object}`);
    await direct('DELETE', `/${encodeURIComponent(name)}`);
  }
});

async function newContainer(prefix = 'ct'): Promise<string> {
  const name = uniqueName(prefix);
  created.push(name);
  expect(await createContainer(session, 'RegionOne', name)).toBe(true);
  return name;
}

describe('containers against real Swift', () => {
  it('creates a container that Swift then holds, empty; creating it again reports it existed', async () => {
    const name = await newContainer();
    const head = await direct('HEAD', `/${name}`);
    expect(head.status).toBe(204);
    expect(await getContainer(session, 'RegionOne', name)).toMatchObject({
      name,
      objectCount: 0,
      bytesUsed: 0,
      anybodyRead: false,
    });
    expect(await createContainer(session, 'RegionOne', name)).toBe(false);
  });

  it('refuses a name with "/" or over the region limit before sending', async () => {
    await expect(createContainer(session, 'RegionOne', 'a/b')).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(createContainer(session, 'RegionOne', 'x'.repeat(257))).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: expect.stringContaining('at most 256'),
    });
    expect((await direct('HEAD', `/${'x'.repeat(257)}`)).status).not.toBe(204);
  });

  it('reads counters, lower-case metadata and the ACLs', async () => {
    const name = await newContainer();
    await direct('PUT', `/${name}/o1`, {}, 'hello');
    await direct('POST', `/${name}`, { 'X-Container-Meta-Owner': 'Ops Team', 'X-Container-Write': 'AUTH_test2' });
    const container = await getContainer(session, 'RegionOne', name);
    expect(container).toMatchObject({
      objectCount: 1,
      bytesUsed: 5,
      metadata: { owner: 'Ops Team' },
      write: 'AUTH_test2',
    });
  });

  it('derives anybodyRead from X-Container-Read as Swift means it', async () => {
    const name = await newContainer();
    const cases: [string, boolean, boolean][] = [
      ['.r:*,.rlistings', true, true],
      ['.r:*', true, false],
      ['AUTH_test2', false, false],
    ];
    for (const [header, anybodyRead, listings] of cases) {
      await direct('POST', `/${name}`, { 'X-Container-Read': header });
      const c = await getContainer(session, 'RegionOne', name);
      expect([c.anybodyRead, c.readAcl.listings, c.read], header).toEqual([anybodyRead, listings, header]);
    }
  });

  it('turns public read on and off, keeping other grants, and anonymous reads follow', async () => {
    const name = await newContainer();
    await direct('PUT', `/${name}/o1`, {}, 'public bytes');
    await direct('POST', `/${name}`, { 'X-Container-Read': 'AUTH_test2' });
    const anonymous = () => fetch(`${HARNESS.regions.RegionOne.proxy}${account}/${name}/o1`).then((r) => r.status);

    expect(await anonymous()).toBe(401);
    const on = await setPublicRead(session, 'RegionOne', name, true);
    expect(on).toMatchObject({ anybodyRead: true, read: 'AUTH_test2,.r:*,.rlistings' });
    expect(await anonymous()).toBe(200);

    const off = await setPublicRead(session, 'RegionOne', name, false);
    expect(off).toMatchObject({ anybodyRead: false, read: 'AUTH_test2' });
    expect(await anonymous()).toBe(401);
    expect((await direct('HEAD', `/${name}`)).headers.get('x-container-read')).toBe('AUTH_test2');
  });

  it('updates and deletes container metadata keys, leaving the others', async () => {
    const name = await newContainer();
    expect(await setContainerMetadata(session, 'RegionOne', name, { A: '1', b: '2', c: 'Zürich' })).toBeNull();
    expect(await removeContainerMetadata(session, 'RegionOne', name, ['b'])).toBeNull();
    const head = await direct('HEAD', `/${name}`);
    expect(head.headers.get('x-container-meta-a')).toBe('1');
    expect(head.headers.get('x-container-meta-b')).toBeNull();
    expect(Buffer.from(head.headers.get('x-container-meta-c')!, 'latin1').toString('utf8')).toBe('Zürich');
  });

  it('refuses metadata over the limits, naming the key and the limit, and changes nothing', async () => {
    const name = await newContainer();
    await setContainerMetadata(session, 'RegionOne', name, { keep: 'yes' });
    await expect(setContainerMetadata(session, 'RegionOne', name, { long: 'v'.repeat(257) })).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: expect.stringMatching(/"long".*257 bytes.*limit is 256/),
    });
    const many = Object.fromEntries(Array.from({ length: 91 }, (_, i) => [`k${i}`, 'v']));
    await expect(setContainerMetadata(session, 'RegionOne', name, many)).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: expect.stringContaining('at most 90'),
    });
    // 90 new keys fit on their own, but not beside the one already there: Swift counts the merged set.
    const ninety = Object.fromEntries(Array.from({ length: 90 }, (_, i) => [`k${i}`, 'v']));
    await expect(setContainerMetadata(session, 'RegionOne', name, ninety)).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: expect.stringContaining('max 90'),
    });
    await expect(setContainerMetadata(session, 'RegionOne', name, { 'has space': 'v' })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    const head = await direct('HEAD', `/${name}`);
    expect(head.headers.get('x-container-meta-keep')).toBe('yes');
    expect(head.headers.get('x-container-meta-long')).toBeNull();
    expect(head.headers.get('x-container-meta-k0')).toBeNull();
  });

  it('deletes an empty container; 404 and 409 are distinct errors', async () => {
    const name = await newContainer();
    await direct('PUT', `/${name}/o1`, {}, 'x');
    await direct('PUT', `/${name}/o2`, {}, 'y');
    await expect(deleteContainer(session, 'RegionOne', name)).rejects.toMatchObject({
      code: 'conflict',
      status: 409,
      message: `The container "${name}" is not empty (2 objects). Delete its objects first.`,
    });
    await direct('DELETE', `/${name}/o1`);
    await direct('DELETE', `/${name}/o2`);
    expect(await deleteContainer(session, 'RegionOne', name)).toBe(true);
    expect((await direct('HEAD', `/${name}`)).status).toBe(404);
    await expect(deleteContainer(session, 'RegionOne', name)).rejects.toMatchObject({ code: 'not_found', status: 404 });
  });

  it('a missing container is not_found when read', async () => {
    await expect(getContainer(session, 'RegionOne', uniqueName('missing'))).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});

describe('account metadata against real Swift', () => {
  it('updates keys and deletes only the named ones', async () => {
    const key = uniqueName('acct').replace(/[^a-z0-9-]/g, '');
    expect(await setAccountMetadata(session, 'RegionTwo', { [`${key}-a`]: 'one', [`${key}-b`]: 'two' })).toBeNull();
    expect(await removeAccountMetadata(session, 'RegionTwo', [`${key}-a`])).toBeNull();
    const head = await swiftRequest('RegionTwo', 'HEAD', account);
    expect(head.headers.get(`x-account-meta-${key}-a`)).toBeNull();
    expect(head.headers.get(`x-account-meta-${key}-b`)).toBe('two');
    expect((await getAccount(session, 'RegionTwo')).metadata[`${key}-b`]).toBe('two');
    await removeAccountMetadata(session, 'RegionTwo', [`${key}-b`]);
    // RegionOne is another cluster: nothing of this reached it.
    expect((await swiftRequest('RegionOne', 'HEAD', account)).headers.get(`x-account-meta-${key}-b`)).toBeNull();
  });
});
