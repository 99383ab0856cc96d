// Against the real Swift harness: what is left is read with direct listings, not through the code under test.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HARNESS } from '../../../testing/swift/config';
import { listAll, swiftRequest } from '../../../testing/swift/swift-direct';
import { bulkDelete } from '.';
import { deleteIndividually } from './bulk-delete';
import { harnessCredentials } from '../../../testing/electron/harness-session';
import { StorageSession, type StorageRequest } from '../session';

const admin = HARNESS.users.admin;
const credentials = harnessCredentials();
const REGION = 'RegionTwo';
const run = Date.now().toString(36);
const created: string[] = [];

const containerUrl = (c: string): string => `/v1/${admin.account}/${encodeURIComponent(c)}`;
const objectUrl = (c: string, o: string): string =>
  `${containerUrl(c)}/${o.split('/').map(encodeURIComponent).join('/')}`;

async function makeContainer(suffix: string, objects: string[]): Promise<string> {
  const c = `obj-bulk-${run}-${suffix}`;
  created.push(c);
  expect((await swiftRequest(REGION, 'PUT', containerUrl(c))).status).toBeLessThan(300);
  await Promise.all(
    objects.map(async (o) => {
      expect((await swiftRequest(REGION, 'PUT', objectUrl(c, o), { body: o })).status, o).toBe(201);
    }),
  );
  return c;
}

const containerExists = async (c: string): Promise<boolean> =>
  (await swiftRequest(REGION, 'HEAD', containerUrl(c))).status === 204;

describe('bulk delete against real Swift', () => {
  let session: StorageSession;
  beforeAll(async () => {
    session = await StorageSession.open(credentials);
  });

  afterAll(async () => {
    for (const c of created) {
      for (const o of await listAll(REGION, containerUrl(c))) await swiftRequest(REGION, 'DELETE', objectUrl(c, o));
      await swiftRequest(REGION, 'DELETE', containerUrl(c));
    }
  });

  it('deletes 25 objects in requests of at most 4, counting the missing ones', async () => {
    const objects = Array.from({ length: 25 }, (_, i) => `o${String(i).padStart(2, '0')}`);
    const c = await makeContainer('25', objects);
    const spy = vi.spyOn(session, 'request');
    const result = await bulkDelete(
      session,
      REGION,
      [...objects, 'never-was'].map((name) => ({ container: c, name })),
      undefined,
      { perRequest: 4 },
    );
    const bulkRequests = spy.mock.calls.filter(
      ([, req]: [string, StorageRequest]) => req.query?.['bulk-delete'] !== undefined,
    );
    spy.mockRestore();
    expect(result).toEqual({ deleted: 25, notFound: 1, errors: [] });
    expect(bulkRequests).toHaveLength(7); // 26 lines, 4 per request
    for (const [, req] of bulkRequests) expect(String(req.body).split('\n').length).toBeLessThanOrEqual(4);
    expect(await listAll(REGION, containerUrl(c))).toEqual([]);
  });

  it('deletes odd names and a container listed with its objects, even when it comes first', async () => {
    const odd = ['with space', 'ünï☁ 東京', 'what?', 'hash#tag', '100%', 'dir/sub dir/x', '/leading'];
    const c = await makeContainer('odd ü', odd);
    const result = await bulkDelete(
      session,
      REGION,
      [{ container: c }, ...odd.map((name) => ({ container: c, name }))],
      undefined,
      {
        perRequest: 3,
      },
    );
    expect(result).toEqual({ deleted: odd.length + 1, notFound: 0, errors: [] });
    expect(await containerExists(c)).toBe(false);
  });

  it('reports a container that is not empty as an error with a readable path, deleting the rest', async () => {
    const full = await makeContainer('full ü', ['stays']);
    const other = await makeContainer('other', ['a', 'b']);
    const result = await bulkDelete(session, REGION, [
      { container: full },
      { container: other, name: 'a' },
      { container: other, name: 'b' },
    ]);
    expect(result).toEqual({ deleted: 2, notFound: 0, errors: [{ path: `/${full}`, status: '409 Conflict' }] });
    expect(await listAll(REGION, containerUrl(full))).toEqual(['stays']);
    expect(await listAll(REGION, containerUrl(other))).toEqual([]);
  });

  it('falls back to single DELETEs with the same accounting (used when a region has no bulk delete)', async () => {
    const objects = Array.from({ length: 9 }, (_, i) => `f/${i} ü?`);
    const c = await makeContainer('fallback', objects);
    const full = await makeContainer('fallback-full', ['stays']);
    const result = await deleteIndividually(session, REGION, [
      { container: c },
      { container: full },
      ...objects.map((name) => ({ container: c, name })),
      { container: c, name: 'never-was' },
    ]);
    expect(result).toEqual({ deleted: 10, notFound: 1, errors: [{ path: `/${full}`, status: '409 Conflict' }] });
    expect(await containerExists(c)).toBe(false);
    expect(await listAll(REGION, containerUrl(full))).toEqual(['stays']);
  });
});
