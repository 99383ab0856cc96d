// Against the real Swift harness: object metadata is read back with direct HEADs, not through the code under test.
import { removeObjectMetadata, setObjectMetadata } from '../../../testing/electron/metadata-shorthands';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS } from '../../../testing/swift/config';
import { listAll, swiftRequest } from '../../../testing/swift/swift-direct';
import { headObject } from '../objects';
import { harnessCredentials } from '../../../testing/electron/harness-session';
import { StorageSession } from '../session';

const admin = HARNESS.users.admin;
const credentials = harnessCredentials();
const REGION = 'RegionOne';
const C = `obj-meta-${Date.now().toString(36)}`;

const containerUrl = `/v1/${admin.account}/${encodeURIComponent(C)}`;
const objectUrl = (o: string): string => `${containerUrl}/${o.split('/').map(encodeURIComponent).join('/')}`;
const asBytes = (s: string): string => Buffer.from(s, 'utf8').toString('latin1');

async function direct(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return swiftRequest(REGION, method, path, { headers, ...(body !== undefined ? { body } : {}) });
}

async function put(o: string, body: string, headers: Record<string, string> = {}): Promise<void> {
  expect((await direct('PUT', objectUrl(o), headers, body)).status, `PUT ${o}`).toBe(201);
}

/** The object's user metadata as Swift holds it (direct HEAD), values decoded from UTF-8. */
async function storedMetadata(o: string, query = ''): Promise<Record<string, string>> {
  const res = await direct('HEAD', objectUrl(o) + query);
  expect(res.status).toBe(200);
  const metadata: Record<string, string> = {};
  res.headers.forEach((value, key) => {
    if (key.startsWith('x-object-meta-')) metadata[key.slice(14)] = Buffer.from(value, 'latin1').toString('utf8');
  });
  return metadata;
}

/** Headers a POST replaces, as a plain object, for before/after comparisons. */
const KEPT = [
  'content-type',
  'content-disposition',
  'content-encoding',
  'cache-control',
  'content-language',
  'expires',
  'x-delete-at',
];
async function keptHeaders(o: string): Promise<Record<string, string | null>> {
  const res = await direct('HEAD', objectUrl(o));
  return Object.fromEntries(KEPT.map((h) => [h, res.headers.get(h)]));
}

describe('object metadata against real Swift', () => {
  let session: StorageSession;

  beforeAll(async () => {
    session = await StorageSession.open(credentials);
    expect((await direct('PUT', containerUrl)).status).toBeLessThan(300);
  });

  afterAll(async () => {
    for (const o of await listAll(REGION, containerUrl)) await direct('DELETE', objectUrl(o));
    await direct('DELETE', containerUrl);
  });

  it('sets a, b, c; deleting b keeps a and c; updating a keeps c (and what the PUT set)', async () => {
    await put('abc.txt', 'x', { 'X-Object-Meta-Orig': 'from-put' });
    await expect(setObjectMetadata(session, REGION, C, 'abc.txt', { a: '1', b: '2', c: '3' })).resolves.toMatchObject({
      metadata: { orig: 'from-put', a: '1', b: '2', c: '3' },
    });
    expect(await storedMetadata('abc.txt')).toEqual({ orig: 'from-put', a: '1', b: '2', c: '3' });

    await expect(removeObjectMetadata(session, REGION, C, 'abc.txt', ['B'])).resolves.toMatchObject({
      metadata: { orig: 'from-put', a: '1', c: '3' },
    });
    expect(await storedMetadata('abc.txt')).toEqual({ orig: 'from-put', a: '1', c: '3' });

    await setObjectMetadata(session, REGION, C, 'abc.txt', { A: 'one' });
    expect(await storedMetadata('abc.txt')).toEqual({ orig: 'from-put', a: 'one', c: '3' });
    expect((await direct('GET', objectUrl('abc.txt'))).text).toBe('x');
  });

  it('round-trips non-ASCII values', async () => {
    await put('utf8.txt', 'x');
    const value = 'Zürich ☁ 東京 — naïve 🎉';
    await setObjectMetadata(session, REGION, C, 'utf8.txt', { city: value });
    expect(await storedMetadata('utf8.txt')).toEqual({ city: value });
    expect((await headObject(session, REGION, C, 'utf8.txt')).metadata).toEqual({ city: value });
  });

  it('keeps the headers a bare POST would drop (Swift 2.30 drops them, as the control shows)', async () => {
    const headers = {
      'Content-Type': 'text/x-kept',
      'Content-Disposition': asBytes("attachment; filename*=UTF-8''Zürich.txt"),
      'Content-Encoding': 'gzip',
      'Cache-Control': 'no-cache',
      'Content-Language': 'de',
      Expires: 'Wed, 21 Oct 2037 07:28:00 GMT',
      'X-Delete-At': String(Math.floor(Date.now() / 1000) + 30 * 86400),
    };
    await put('kept.txt', 'x', headers);
    await put('control.txt', 'x', headers);
    const before = await keptHeaders('kept.txt');
    expect(Object.values(before).every((v) => v !== null)).toBe(true);

    await setObjectMetadata(session, REGION, C, 'kept.txt', { k: 'v' });
    expect(await keptHeaders('kept.txt')).toEqual(before);
    expect(await storedMetadata('kept.txt')).toEqual({ k: 'v' });

    // The control: the same change as a bare POST loses all but Content-Type.
    expect((await direct('POST', objectUrl('control.txt'), { 'X-Object-Meta-K': 'v' })).status).toBe(202);
    const control = await keptHeaders('control.txt');
    expect(control['content-type']).toBe('text/x-kept');
    expect(Object.entries(control).filter(([, v]) => v !== null)).toEqual([['content-type', 'text/x-kept']]);
  });

  it('keeps a DLO a DLO, an SLO an SLO and a symlink a symlink', async () => {
    await put('segs/1', 'aaa');
    await put('segs/2', 'bbb');
    await put('dlo', '', { 'X-Object-Manifest': `${C}/segs/` });
    const manifest = JSON.stringify([{ path: `/${C}/segs/1` }, { path: `/${C}/segs/2` }]);
    expect((await direct('PUT', `${objectUrl('slo')}?multipart-manifest=put`, {}, manifest)).status).toBe(201);
    await put('link', '', { 'X-Symlink-Target': `${C}/segs/1` });

    for (const o of ['dlo', 'slo']) {
      await setObjectMetadata(session, REGION, C, o, { m: o });
      const got = await direct('GET', objectUrl(o));
      expect(got.text, o).toBe('aaabbb');
      expect(got.headers.get('x-object-meta-m')).toBe(o);
    }
    expect((await direct('HEAD', objectUrl('dlo'))).headers.get('x-object-manifest')).toBe(`${C}/segs/`);
    expect((await direct('HEAD', objectUrl('slo'))).headers.get('x-static-large-object')).toBe('True');

    // Swift answers a POST to a symlink with 307 but applies it to the link itself.
    await expect(setObjectMetadata(session, REGION, C, 'link', { m: 'link' })).resolves.toMatchObject({
      manifest: 'symlink',
    });
    const link = await direct('HEAD', `${objectUrl('link')}?symlink=get`);
    expect(link.headers.get('x-symlink-target')).toBe(`${C}/segs/1`);
    expect(await storedMetadata('link', '?symlink=get')).toEqual({ m: 'link' });
    expect(await storedMetadata('segs/1')).toEqual({}); // the target is untouched
  });

  it('refuses an over-long key or value, or too many keys, before sending, naming the key and the limit', async () => {
    await put('limits.txt', 'x', { 'X-Object-Meta-Old': 'kept' });
    const longKey = 'k'.repeat(129);
    await expect(setObjectMetadata(session, REGION, C, 'limits.txt', { [longKey]: 'v' })).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: expect.stringMatching(new RegExp(`"${longKey}" is 129 bytes long; the limit is 128`)),
    });
    await expect(setObjectMetadata(session, REGION, C, 'limits.txt', { note: 'é'.repeat(129) })).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: expect.stringContaining('The value of "note" is 258 bytes long; the limit is 256'),
    });
    // 90 new keys are within the limit on their own; with the one already stored the set would hold 91.
    const many = Object.fromEntries(Array.from({ length: 90 }, (_, i) => [`k${i}`, 'v']));
    await expect(setObjectMetadata(session, REGION, C, 'limits.txt', many)).rejects.toMatchObject({
      code: 'limit_exceeded',
      message: expect.stringContaining('91 metadata entries; this region allows at most 90'),
    });
    expect(await storedMetadata('limits.txt')).toEqual({ old: 'kept' });
  });

  it('names a missing object in a not_found error', async () => {
    await expect(setObjectMetadata(session, REGION, C, 'absent', { a: '1' })).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
      message: `The object "absent" does not exist in container "${C}".`,
    });
    await expect(removeObjectMetadata(session, REGION, C, 'absent', ['a'])).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
