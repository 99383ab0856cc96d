// Against the real two-region Swift harness (started by the integration project's global setup).
// Objects are made and checked through Swift directly (swift-direct), never through the code under test.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS } from '../../../testing/swift/config';
import { listAll, swiftRequest } from '../../../testing/swift/swift-direct';
import type { ListingEntry } from '../../../shared/domain';
import { copyObject, deleteObject, headObject, iterateObjects, listObjects } from '.';
import { harnessCredentials } from '../../../testing/electron/harness-session';
import { StorageSession } from '../session';

const admin = HARNESS.users.admin;
const credentials = harnessCredentials();
const REGION = 'RegionOne';
const run = Date.now().toString(36);
const C = `obj-${run}`; // listing fixtures
const W = `obj-${run}-work`; // head, copy and delete
const SEG = `obj-${run}-segs`;
const OTHER = `obj-${run}-other ü`;

const enc = (name: string): string => name.split('/').map(encodeURIComponent).join('/');
const containerUrl = (c: string): string => `/v1/${admin.account}/${encodeURIComponent(c)}`;
const objectUrl = (c: string, o: string): string => `${containerUrl(c)}/${enc(o)}`;
const md5 = (s: string): string => createHash('md5').update(s).digest('hex');

async function direct(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return swiftRequest(REGION, method, path, { headers, ...(body !== undefined ? { body } : {}) });
}

async function put(c: string, o: string, body: string, headers: Record<string, string> = {}): Promise<void> {
  const res = await direct('PUT', objectUrl(c, o), headers, body);
  expect(res.status, `PUT ${c}/${o}`).toBe(201);
}

/** A 2-segment SLO `name` in W over segments in SEG; its content is "aaa" + "bbb". */
async function putSlo(name: string): Promise<string[]> {
  const segments = [`${name}/1`, `${name}/2`];
  await put(SEG, segments[0]!, 'aaa');
  await put(SEG, segments[1]!, 'bbb');
  const manifest = JSON.stringify(segments.map((s) => ({ path: `/${SEG}/${s}` })));
  const res = await direct('PUT', `${objectUrl(W, name)}?multipart-manifest=put`, {}, manifest);
  expect(res.status).toBe(201);
  return segments;
}

async function emptyAndDelete(c: string): Promise<void> {
  for (const o of await listAll(REGION, containerUrl(c))) await direct('DELETE', objectUrl(c, o));
  await direct('DELETE', containerUrl(c));
}

const names = (entries: ListingEntry[]): string[] => entries.map((e) => ('subdir' in e ? e.subdir : e.name));

describe('objects against real Swift', () => {
  let session: StorageSession;
  const listed = ['a/1', 'a/2', 'b', 'c/1', 'c/2', 'd', 'e/x/y'];

  beforeAll(async () => {
    session = await StorageSession.open(credentials);
    for (const c of [C, W, SEG, OTHER]) expect((await direct('PUT', containerUrl(c))).status).toBeLessThan(300);
    await direct('POST', containerUrl(C), { 'X-Container-Meta-Color': 'blue' });
    await Promise.all(listed.map((o) => put(C, o, `body of ${o}`, { 'Content-Type': 'text/x-test' })));
  });

  afterAll(async () => {
    for (const c of [C, W, SEG, OTHER]) await emptyAndDelete(c);
  });

  describe('listObjects', () => {
    it('lists objects with Swift fields and the container data from the same response', async () => {
      const page = await listObjects(session, REGION, C);
      expect(names(page.entries)).toEqual(await listAll(REGION, containerUrl(C)));
      expect(page.entries[2]).toEqual({
        name: 'b',
        hash: md5('body of b'),
        bytes: 'body of b'.length,
        content_type: 'text/x-test',
        last_modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
      });
      const head = await direct('HEAD', containerUrl(C));
      expect(page.container).toMatchObject({
        name: C,
        objectCount: Number(head.headers.get('x-container-object-count')),
        bytesUsed: Number(head.headers.get('x-container-bytes-used')),
        metadata: { color: 'blue' },
      });
      expect(page.container.objectCount).toBe(listed.length);
      expect(page.nextMarker).toBe('e/x/y');
    });

    it('narrows by prefix, folds by delimiter, stops at end_marker and reverses', async () => {
      const ask = async (opts: Parameters<typeof listObjects>[3]) =>
        names((await listObjects(session, REGION, C, opts)).entries);
      expect(await ask({ prefix: 'c/' })).toEqual(['c/1', 'c/2']);
      expect(await ask({ delimiter: '/' })).toEqual(['a/', 'b', 'c/', 'd', 'e/']);
      expect(await ask({ prefix: 'e/', delimiter: '/' })).toEqual(['e/x/']);
      expect(await ask({ endMarker: 'c' })).toEqual(['a/1', 'a/2', 'b']);
      expect(await ask({ marker: 'b', endMarker: 'd' })).toEqual(['c/1', 'c/2']);
      expect(await ask({ reverse: true })).toEqual([...listed].reverse());
      expect(await ask({ reverse: true, delimiter: '/', marker: 'c/' })).toEqual(['b', 'a/']);
    });

    it('pages through pseudo-folders two at a time; a trailing subdir is the next marker', async () => {
      const first = await listObjects(session, REGION, C, { delimiter: '/', limit: 2 });
      expect(names(first.entries)).toEqual(['a/', 'b']);
      expect(first.nextMarker).toBe('b');
      const second = await listObjects(session, REGION, C, { delimiter: '/', limit: 2, marker: 'a/' });
      expect(names(second.entries)).toEqual(['b', 'c/']);
      expect(second.nextMarker).toBe('c/');

      const pages: string[][] = [];
      for await (const page of iterateObjects(session, REGION, C, { delimiter: '/', limit: 2 }))
        pages.push(names(page));
      expect(pages).toEqual([['a/', 'b'], ['c/', 'd'], ['e/']]);

      const reversed: string[] = [];
      for await (const page of iterateObjects(session, REGION, C, { reverse: true, limit: 3 }))
        reversed.push(...names(page));
      expect(reversed).toEqual([...listed].reverse());
    });

    it('ends with an empty page that has no next marker', async () => {
      const end = await listObjects(session, REGION, C, { marker: 'e/x/y' });
      expect(end).toMatchObject({ entries: [], nextMarker: undefined });
      expect(end.container.objectCount).toBe(listed.length);
    });

    it('names a missing container in a not_found error', async () => {
      await expect(listObjects(session, REGION, `${C}-missing`)).rejects.toMatchObject({
        code: 'not_found',
        status: 404,
        message: `The container "${C}-missing" does not exist.`,
      });
    });
  });

  describe('names Swift allows but URLs do not', () => {
    const odd = ['with space.txt', 'ünï☁ 東京.txt', 'what?.txt', 'hash#tag', '100%', 'dir/sub dir/%41?#', '/leading'];

    it('lists, heads, copies and deletes each of them', async () => {
      const prefix = `odd-${run}/`;
      for (const o of odd) await put(W, prefix + o, `content of ${o}`);
      const page = await listObjects(session, REGION, W, { prefix });
      expect(names(page.entries).sort()).toEqual(odd.map((o) => prefix + o).sort());

      for (const o of odd) {
        const name = prefix + o;
        const info = await headObject(session, REGION, W, name);
        expect(info).toMatchObject({ name, bytes: Buffer.byteLength(`content of ${o}`), etag: md5(`content of ${o}`) });

        await copyObject(session, REGION, { from: { container: W, name }, to: { container: OTHER, name: o } });
        const copied = await direct('GET', objectUrl(OTHER, o));
        expect(copied.text, o).toBe(`content of ${o}`);

        await expect(deleteObject(session, REGION, W, name)).resolves.toBe(true);
        expect((await direct('HEAD', objectUrl(W, name))).status, o).toBe(404);
      }
      expect(await listAll(REGION, containerUrl(W), 'admin', prefix)).toEqual([]);
      expect((await listAll(REGION, containerUrl(OTHER))).sort()).toEqual([...odd].sort());
    });
  });

  describe('headObject', () => {
    it('reads a plain object: size, etag, type, time and UTF-8 metadata with lower-case keys', async () => {
      await put(W, 'plain.txt', 'hello', {
        'Content-Type': 'text/plain',
        'X-Object-Meta-Color': 'Blue',
        'X-Object-Meta-City': Buffer.from('Zürich ☁', 'utf8').toString('latin1'),
      });
      const info = await headObject(session, REGION, W, 'plain.txt');
      const head = await direct('HEAD', objectUrl(W, 'plain.txt'));
      expect(info).toEqual({
        container: W,
        name: 'plain.txt',
        bytes: 5,
        etag: md5('hello'),
        contentType: 'text/plain',
        lastModified: new Date(head.headers.get('last-modified')!).toISOString(),
        metadata: { color: 'Blue', city: 'Zürich ☁' },
        manifest: 'plain',
      });
    });

    it('tells SLO, DLO and symlink apart, and heads the symlink itself', async () => {
      await putSlo('big.slo');
      await put(W, 'big.dlo', '', { 'X-Object-Manifest': `${SEG}/big.slo/` });
      await put(W, 'link', '', { 'X-Symlink-Target': `${W}/big.slo` });

      const slo = await headObject(session, REGION, W, 'big.slo');
      const sloHead = await direct('HEAD', objectUrl(W, 'big.slo'));
      expect(sloHead.headers.get('etag')).toMatch(/^".*"$/); // Swift quotes large-object etags
      expect(slo).toMatchObject({ manifest: 'slo', bytes: 6, etag: sloHead.headers.get('etag')!.slice(1, -1) });

      expect(await headObject(session, REGION, W, 'big.dlo')).toMatchObject({ manifest: 'dlo', bytes: 6 });

      const link = await headObject(session, REGION, W, 'link');
      expect(link).toMatchObject({ manifest: 'symlink', bytes: 0, etag: md5('') });
      const followed = await direct('HEAD', objectUrl(W, 'link'));
      expect(followed.headers.get('content-length')).toBe('6'); // what a plain HEAD would have shown
    });

    it('names a missing object in a not_found error', async () => {
      await expect(headObject(session, REGION, W, 'nope')).rejects.toMatchObject({
        code: 'not_found',
        status: 404,
        message: `The object "nope" does not exist in container "${W}".`,
      });
    });
  });

  describe('copyObject', () => {
    it('copies content, content type and metadata, to another container too', async () => {
      await put(W, 'src.txt', 'copy me', { 'Content-Type': 'text/x-src', 'X-Object-Meta-Owner': 'ana' });
      await expect(
        copyObject(session, REGION, {
          from: { container: W, name: 'src.txt' },
          to: { container: OTHER, name: 'dst.txt' },
        }),
      ).resolves.toBe(true);
      const got = await direct('GET', objectUrl(OTHER, 'dst.txt'));
      expect(got.text).toBe('copy me');
      expect(got.headers.get('content-type')).toBe('text/x-src');
      expect(got.headers.get('x-object-meta-owner')).toBe('ana');
      expect((await direct('HEAD', objectUrl(W, 'src.txt'))).status).toBe(200); // the source stays
    });

    it('copies an SLO by content into a plain object, and a symlink as a link', async () => {
      await putSlo('copy.slo');
      await copyObject(session, REGION, {
        from: { container: W, name: 'copy.slo' },
        to: { container: W, name: 'copy.plain' },
      });
      const copy = await direct('GET', objectUrl(W, 'copy.plain'));
      expect(copy.text).toBe('aaabbb');
      expect(copy.headers.get('x-static-large-object')).toBeNull();

      await put(W, 'copy.link', '', { 'X-Symlink-Target': `${W}/copy.slo` });
      await copyObject(session, REGION, {
        from: { container: W, name: 'copy.link' },
        to: { container: W, name: 'copy.link2' },
      });
      const link = await direct('HEAD', `${objectUrl(W, 'copy.link2')}?symlink=get`);
      expect(link.headers.get('x-symlink-target')).toBe(`${W}/copy.slo`);
    });

    it('says which side is missing: the source object or the destination container', async () => {
      await expect(
        copyObject(session, REGION, { from: { container: W, name: 'absent' }, to: { container: W, name: 'x' } }),
      ).rejects.toMatchObject({
        code: 'not_found',
        message: `The object "absent" does not exist in container "${W}".`,
      });
      await put(W, 'here.txt', 'x');
      await expect(
        copyObject(session, REGION, {
          from: { container: W, name: 'here.txt' },
          to: { container: `${W}-none`, name: 'x' },
        }),
      ).rejects.toMatchObject({ code: 'not_found', message: `The container "${W}-none" does not exist.` });
      expect(await listAll(REGION, containerUrl(W), 'admin', 'x')).toEqual([]);
    });

    it('refuses a destination name the region would reject, before sending', async () => {
      await put(W, 'short.txt', 'x');
      const tooLong = 'n'.repeat(1025);
      await expect(
        copyObject(session, REGION, { from: { container: W, name: 'short.txt' }, to: { container: W, name: tooLong } }),
      ).rejects.toMatchObject({ code: 'limit_exceeded', message: expect.stringContaining('at most 1024') });
      expect(await listAll(REGION, containerUrl(W), 'admin', 'nnnn')).toEqual([]);
    });
  });

  describe('deleteObject', () => {
    it('deletes, then reports the second delete as not_found with status 404', async () => {
      await put(W, 'doomed.txt', 'bye');
      await expect(deleteObject(session, REGION, W, 'doomed.txt')).resolves.toBe(true);
      expect((await direct('HEAD', objectUrl(W, 'doomed.txt'))).status).toBe(404);
      await expect(deleteObject(session, REGION, W, 'doomed.txt')).rejects.toMatchObject({
        code: 'not_found',
        status: 404,
        message: `The object "doomed.txt" does not exist in container "${W}".`,
      });
    });

    it('deletes an SLO with its segments', async () => {
      const segments = await putSlo('gone.slo');
      await deleteObject(session, REGION, W, 'gone.slo');
      expect((await direct('HEAD', objectUrl(W, 'gone.slo'))).status).toBe(404);
      for (const s of segments) expect((await direct('HEAD', objectUrl(SEG, s))).status, s).toBe(404);
    });

    it('deletes a symlink to an SLO without touching the SLO or its segments', async () => {
      const segments = await putSlo('kept.slo');
      await put(W, 'kept.link', '', { 'X-Symlink-Target': `${W}/kept.slo` });
      await deleteObject(session, REGION, W, 'kept.link');
      expect((await direct('HEAD', `${objectUrl(W, 'kept.link')}?symlink=get`)).status).toBe(404);
      expect((await direct('GET', objectUrl(W, 'kept.slo'))).text).toBe('aaabbb');
      for (const s of segments) expect((await direct('HEAD', objectUrl(SEG, s))).status, s).toBe(200);
    });

    it('deletes a DLO manifest and leaves its segments', async () => {
      await put(SEG, 'dlo/1', 'xx');
      await put(W, 'gone.dlo', '', { 'X-Object-Manifest': `${SEG}/dlo/` });
      await deleteObject(session, REGION, W, 'gone.dlo');
      expect((await direct('HEAD', objectUrl(W, 'gone.dlo'))).status).toBe(404);
      expect((await direct('HEAD', objectUrl(SEG, 'dlo/1'))).status).toBe(200);
    });
  });
});
