// The listing rows written straight to the account and container servers (backend-rows.ts): what a
// journey then lists is what it would list had the names been made through the proxy, bodies aside.
// Writes only to user `other`'s account, in names carrying this run's id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addContainerRows, addObjectRows, dropContainerRows, textRow } from './backend-rows';
import { HARNESS } from './config';
import { startHarness } from './harness';
import { listAll, swiftRequest } from './swift-direct';

const RUN = `rows-${process.pid}-${Date.now().toString(36)}`;
const who = 'other' as const;
const account = `/v1/${HARNESS.users[who].account}`;
const CONTAINER_ROWS = [`${RUN}-x`, `${RUN}-y`];

beforeAll(async () => {
  await startHarness({ quiet: true });
}, 180_000);

// A listed-only object's DELETE answers 404 (no body), yet the object server still takes its row out. The
// container rows go whatever the tests got to (other files walk this account's containers).
afterAll(async () => {
  const container = `${account}/${RUN}`;
  for (const name of await listAll('RegionOne', container, who)) {
    await swiftRequest('RegionOne', 'DELETE', `${container}/${encodeURIComponent(name)}`, { who });
  }
  await swiftRequest('RegionOne', 'DELETE', container, { who });
  await dropContainerRows('RegionOne', who, CONTAINER_ROWS);
});

const listing = async (path: string, query: string) =>
  JSON.parse((await swiftRequest('RegionOne', 'GET', `${path}?format=json&${query}`, { who })).text) as {
    name: string;
    bytes?: number;
    hash?: string;
    content_type?: string;
    count?: number;
  }[];

describe('listing rows written to the backend servers', () => {
  it('lists object rows with their size, MD5 and type, counted in the container, with no body', async () => {
    const container = `${account}/${RUN}`;
    expect((await swiftRequest('RegionOne', 'PUT', container, { who })).status).toBe(201);
    await addObjectRows('RegionOne', who, RUN, [textRow('a/one.txt', 'one\n'), textRow('b two ü.txt', 'two!\n')]);

    const rows = await listing(container, '');
    expect(rows.map((r) => [r.name, r.bytes, r.hash, r.content_type])).toEqual([
      ['a/one.txt', 4, '5bbf5a52328e7439ae6e719dfe712200', 'text/plain'],
      ['b two ü.txt', 5, '81bc7fe4090bc5910386482263d182e6', 'text/plain'],
    ]);
    const head = await swiftRequest('RegionOne', 'HEAD', container, { who });
    expect(head.headers.get('x-container-object-count')).toBe('2');
    expect(head.headers.get('x-container-bytes-used')).toBe('9');
    // Listed, not stored: the object server has no body for it.
    expect((await swiftRequest('RegionOne', 'GET', `${container}/a/one.txt`, { who })).status).toBe(404);
  });

  it('lists container rows in the account until they are dropped', async () => {
    const names = CONTAINER_ROWS;
    await addContainerRows('RegionOne', who, names);
    const listed = async () => (await listing(account, `prefix=${RUN}-`)).map((r) => r.name);
    expect(await listed()).toEqual(names);
    // No database behind the row: the container itself is not found.
    expect((await swiftRequest('RegionOne', 'HEAD', `${account}/${names[0]}`, { who })).status).toBe(404);

    await dropContainerRows('RegionOne', who, names);
    expect(await listed()).toEqual([]);
  });
});
