// Against the real Swift harness: what moved is checked with direct requests, not through the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS } from '../../../testing/swift/config';
import { listAll, swiftRequest } from '../../../testing/swift/swift-direct';
import { openHarnessSession, uniqueName } from '../../../testing/electron/harness-session';
import { createFolder, moveFolder, moveObject } from './move';
import { listObjects } from '.';
import type { StorageSession } from '../session';

const REGION = 'RegionOne';
const C = uniqueName('move');
const path = (o = '') =>
  `/v1/${HARNESS.users.admin.account}/${C}${o ? `/${o.split('/').map(encodeURIComponent).join('/')}` : ''}`;
const put = async (o: string, body: string) =>
  expect((await swiftRequest(REGION, 'PUT', path(o), { body, headers: { 'x-object-meta-kept': 'yes' } })).status).toBe(
    201,
  );
const bodyOf = async (o: string) => {
  const res = await swiftRequest(REGION, 'GET', path(o));
  return res.status === 200 ? res.text : res.status;
};

let session: StorageSession;
beforeAll(async () => {
  session = await openHarnessSession();
  expect((await swiftRequest(REGION, 'PUT', path())).status).toBe(201);
});
afterAll(async () => {
  for (const o of await listAll(REGION, path())) await swiftRequest(REGION, 'DELETE', path(o));
  await swiftRequest(REGION, 'DELETE', path());
});

describe('moving against Swift', () => {
  it('renames an object: the copy with its metadata, then the original gone', async () => {
    await put('old.txt', 'contents');
    const moved = await moveObject(
      session,
      REGION,
      { container: C, name: 'old.txt' },
      { container: C, name: 'docs/new.txt' },
    );
    expect(moved).toMatchObject({ name: 'docs/new.txt', bytes: 8, metadata: { kept: 'yes' } });
    expect(await bodyOf('docs/new.txt')).toBe('contents');
    expect(await bodyOf('old.txt')).toBe(404);
    await expect(
      moveObject(session, REGION, { container: C, name: 'docs/new.txt' }, { container: C, name: 'docs/new.txt' }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('moves a folder: every object under it, with progress, and says what did not move', async () => {
    for (const o of ['photos/a.jpg', 'photos/b.jpg', 'photos/2024/c.jpg']) await put(o, o);
    const progress: number[] = [];
    const result = await moveFolder(session, REGION, {
      container: C,
      from: 'photos/',
      to: 'pictures/',
      onProgress: ({ loaded }) => progress.push(loaded),
    });
    expect(result).toEqual({ moved: 3, failed: [] });
    expect(progress.at(-1)).toBe(3);
    expect((await listAll(REGION, path())).filter((n) => n.startsWith('p')).sort()).toEqual([
      'pictures/2024/c.jpg',
      'pictures/a.jpg',
      'pictures/b.jpg',
    ]);
    expect(await bodyOf('pictures/2024/c.jpg')).toBe('photos/2024/c.jpg');
    await expect(
      moveFolder(session, REGION, { container: C, from: 'pictures/', to: 'pictures/inner/' }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('makes an empty folder that a folded listing shows', async () => {
    await createFolder(session, REGION, C, 'empty/');
    const listing = await listObjects(session, REGION, C, { delimiter: '/' });
    expect(listing.entries).toContainEqual({ subdir: 'empty/' });
    const head = await swiftRequest(REGION, 'HEAD', path('empty/'));
    expect([head.status, head.headers.get('content-type')]).toEqual([200, 'application/directory']);
  });
});
