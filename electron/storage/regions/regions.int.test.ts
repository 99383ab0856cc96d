// Comparing and copying between the harness's two real Swift clusters (RegionOne, RegionTwo), and
// between two containers of one cluster, where Swift copies by itself. Every check of what landed
// is made through Swift directly.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROXY_TAG, cirrusRequests, settledLogSize } from '../../../e2e/fixtures/proxy-log';
import { HARNESS, type RegionName } from '../../../testing/swift/config';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import { readSwiftLog } from '../../../testing/swift/swift-log';
import { containerName, MiB, openSession, tempDir, writeRandomFile } from '../../../testing/electron/transfers-testkit';
import { StorageError } from '../errors';
import { objectPath } from '../paths';
import { compareRegions } from './compare';
import { copyBetweenRegions } from './copy';
import { streamPart } from './stream';
import type { StorageSession } from '../session';
import { uploadFile } from '../upload';

const ONE: RegionName = 'RegionOne';
const TWO: RegionName = 'RegionTwo';
const account = `/v1/${HARNESS.users.admin.account}`;
const at = (container: string, name?: string) =>
  `${account}/${encodeURIComponent(container)}${name === undefined ? '' : `/${name.split('/').map(encodeURIComponent).join('/')}`}`;
const put = async (region: RegionName, container: string, name: string, body: string, headers = {}) => {
  const res = await swiftRequest(region, 'PUT', at(container, name), { body, headers });
  expect(res.status).toBe(201);
};
const listing = async (region: RegionName, container: string) => {
  const res = await swiftRequest(region, 'GET', `${at(container)}?format=json`);
  if (res.status === 404) return [];
  return JSON.parse(res.text || '[]') as { name: string; hash: string; bytes: number; slo_etag?: string }[];
};
async function removeEverywhere(container: string) {
  for (const region of [ONE, TWO])
    for (const c of [container, `${container}_segments`]) {
      for (const row of await listing(region, c)) await swiftRequest(region, 'DELETE', at(c, row.name));
      await swiftRequest(region, 'DELETE', at(c));
    }
}

describe('two regions side by side, against real Swift', () => {
  let session: StorageSession;
  let work: string;
  const c = containerName('regions');
  const twin = containerName('regions-twin');
  const odd = ['a\u{E000}', 'a😀']; // UTF-16 order puts the emoji first; Swift lists it last
  const one = { region: ONE, container: c };
  const two = { region: TWO, container: c };

  beforeAll(async () => {
    session = await openSession();
    work = tempDir('regions');
    for (const region of [ONE, TWO]) expect((await swiftRequest(region, 'PUT', at(c))).status).toBe(201);
    await put(ONE, c, 'only-one.txt', 'here only', {
      'Content-Type': 'text/x-only',
      'X-Object-Meta-Colour': 'blue',
      'Content-Disposition': 'attachment',
    });
    await put(TWO, c, 'only-two.txt', 'there only');
    await put(ONE, c, 'diff.txt', 'version one');
    await put(TWO, c, 'diff.txt', 'version two!');
    for (const region of [ONE, TWO]) {
      await put(region, c, 'same.txt', 'the same');
      for (const name of odd) await put(region, c, name, name);
    }
    // A static large object of three 1 MiB segments, only in RegionOne.
    const file = path.join(work, 'big.bin');
    await writeRandomFile(file, 3 * MiB);
    await uploadFile(session, ONE, { container: c, name: 'big.bin', filePath: file, segmentSize: MiB });
  });

  afterAll(async () => {
    await removeEverywhere(c);
    await removeEverywhere(twin);
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('walks both listings as Swift orders them and answers only the differences', async () => {
    const seen: number[] = [];
    const result = await compareRegions(session, { source: one, target: two, onProgress: (p) => seen.push(p.loaded) });
    expect(result.counts).toEqual({ onlySource: 2, onlyTarget: 1, different: 1, same: 3 });
    expect(result.differences.map((d) => [d.name, d.kind])).toEqual([
      ['big.bin', 'onlySource'],
      ['diff.txt', 'different'],
      ['only-one.txt', 'onlySource'],
      ['only-two.txt', 'onlyTarget'],
    ]);
    expect(result.differences[0]!.source).toMatchObject({ bytes: 3 * MiB, largeObject: true });
    expect(result).toMatchObject({ truncated: false, missing: undefined, sameCluster: false });
    expect(seen.at(-1)).toBe(11); // 6 names in RegionOne, 5 in RegionTwo
    const names = (await listing(ONE, c)).map((r) => r.name);
    expect(names.slice(0, 2)).toEqual(odd); // Swift's own order, which compareNames follows
  });

  it('copies the chosen objects to the other region, verified, with type, metadata and a large object as one', async () => {
    const seen: number[] = [];
    const result = await copyBetweenRegions(session, {
      source: one,
      target: two,
      items: [
        { name: 'big.bin', bytes: 3 * MiB },
        { name: 'diff.txt', bytes: 11 },
        { name: 'only-one.txt', bytes: 9 },
      ],
      onProgress: (p) => seen.push(p.loaded),
    });
    expect(result).toEqual({
      copied: ['big.bin', 'diff.txt', 'only-one.txt'],
      skipped: [],
      failed: [],
      serverSide: false,
    });
    expect(seen.at(-1)).toBe(3 * MiB + 20);
    const h = (await swiftRequest(TWO, 'HEAD', at(c, 'only-one.txt'))).headers;
    expect(h.get('content-type')).toBe('text/x-only');
    expect(h.get('x-object-meta-colour')).toBe('blue');
    expect(h.get('content-disposition')).toBe('attachment');
    expect(h.get('etag')).toBe('d5fa63400afc040d59bc51205bf50e8f'); // md5('here only')
    const [rowsOne, rowsTwo] = [await listing(ONE, c), await listing(TWO, c)];
    const big = (rows: typeof rowsOne) => rows.find((r) => r.name === 'big.bin')!;
    expect(big(rowsTwo).slo_etag).toBe(big(rowsOne).slo_etag);
    expect(big(rowsTwo).hash).not.toBe(big(rowsOne).hash); // the manifests name other segment paths
    expect((await listing(TWO, `${c}_segments`)).length).toBe(3);
    expect(rowsTwo.find((r) => r.name === 'diff.txt')!.hash).toBe(rowsOne.find((r) => r.name === 'diff.txt')!.hash);
    const again = await compareRegions(session, { source: one, target: two });
    expect(again.counts).toEqual({ onlySource: 0, onlyTarget: 1, different: 0, same: 6 });
  });

  it('resumes: a second run skips what is already the same and copies only the rest', async () => {
    expect((await swiftRequest(TWO, 'DELETE', at(c, 'diff.txt'))).status).toBe(204);
    const items = ['big.bin', 'diff.txt', 'only-one.txt'].map((name) => ({ name, bytes: 1 }));
    const result = await copyBetweenRegions(session, { source: one, target: two, items });
    expect(result).toMatchObject({ copied: ['diff.txt'], skipped: ['big.bin', 'only-one.txt'], failed: [] });
  });

  it('reports an object gone from the source as failed and goes on with the others', async () => {
    const items = ['gone.txt', 'same.txt'].map((name) => ({ name, bytes: 1 }));
    const result = await copyBetweenRegions(session, { source: one, target: two, items });
    expect(result.skipped).toEqual(['same.txt']);
    expect(result.failed).toEqual([{ name: 'gone.txt', message: expect.stringContaining('does not exist') }]);
  });

  it('has Swift refuse (422) a streamed body that does not match the ETag sent, and keeps nothing', async () => {
    const err = await streamPart({ source: session, target: session }, {
      fromRegion: ONE,
      from: objectPath(c, 'same.txt'),
      toRegion: TWO,
      to: objectPath(c, 'tampered.txt'),
      headers: {},
      etag: '0'.repeat(32),
      what: '"same.txt"',
      signal: undefined,
      onBytes: () => undefined,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect((err as StorageError).message).toMatch(/checksum mismatch/);
    expect((err as StorageError).status).toBe(422);
    expect((await swiftRequest(TWO, 'HEAD', at(c, 'tampered.txt'))).status).toBe(404);
  });

  it('copies a symlink as a link and a dynamic large object as its manifest, beside their targets', async () => {
    const links = containerName('regions-links');
    await swiftRequest(ONE, 'PUT', at(links));
    try {
      await put(ONE, links, 'target.txt', 'pointed at');
      await put(ONE, links, 'link', '', { 'X-Symlink-Target': `${links}/target.txt` });
      for (const [i, part] of ['abc', 'def'].entries()) await put(ONE, links, `part-${i}`, part);
      await put(ONE, links, 'parts', '', { 'X-Object-Manifest': `${links}/part-` });
      const items = ['link', 'part-0', 'part-1', 'parts', 'target.txt'].map((name) => ({ name, bytes: 3 }));
      const side = (region: RegionName) => ({ region, container: links });
      const result = await copyBetweenRegions(session, { source: side(ONE), target: side(TWO), items });
      expect(result).toMatchObject({ copied: items.map((i) => i.name), failed: [] });
      const link = await swiftRequest(TWO, 'HEAD', `${at(links, 'link')}?symlink=get`);
      expect(link.headers.get('x-symlink-target')).toBe(`${links}/target.txt`);
      expect((await swiftRequest(TWO, 'GET', at(links, 'link'))).text).toBe('pointed at');
      expect((await swiftRequest(TWO, 'GET', at(links, 'parts'))).text).toBe('abcdef');
      const compared = await compareRegions(session, { source: side(ONE), target: side(TWO) });
      expect(compared.counts).toEqual({ onlySource: 0, onlyTarget: 0, different: 0, same: 5 });
    } finally {
      await removeEverywhere(links);
    }
  });

  it('copies inside one cluster by X-Copy-From: no object bytes pass through Cirrus', async () => {
    const since = await settledLogSize(ONE);
    const result = await copyBetweenRegions(session, {
      source: one,
      target: { region: ONE, container: twin },
      items: [
        { name: 'only-one.txt', bytes: 9 },
        { name: 'big.bin', bytes: 3 * MiB },
      ],
    });
    expect(result).toEqual({ copied: ['only-one.txt', 'big.bin'], skipped: [], failed: [], serverSide: true });
    const until = await settledLogSize(ONE);
    const sent = cirrusRequests(ONE, since).map((r) => `${r.method} ${r.path}${r.query.size ? `?${r.query}` : ''}`);
    expect(sent).toContain(`PUT ${at(twin, 'only-one.txt')}`);
    // The object's bytes were read only by Swift's copy middleware: its own GETs are logged with source SSC.
    const log = readSwiftLog(since, until).toString('utf8');
    const gets = log
      .split('\n')
      .filter((l) => l.includes(PROXY_TAG[ONE]) && l.includes(' GET ') && l.includes(` ${at(c)}`));
    const byCirrus = gets.filter((l) => !l.includes(' SSC ')).map((l) => / GET (\S+) /.exec(l)![1]);
    expect(byCirrus).toEqual([`${at(c, 'big.bin')}%3Fmultipart-manifest%3Dget`]); // the log encodes the query
    expect(gets.filter((l) => l.includes(' SSC ')).length).toBe(4); // only-one.txt and the three segments
    const h = (await swiftRequest(ONE, 'HEAD', at(twin, 'only-one.txt'))).headers;
    expect([h.get('etag'), h.get('x-object-meta-colour'), h.get('content-type')]).toEqual([
      'd5fa63400afc040d59bc51205bf50e8f',
      'blue',
      'text/x-only',
    ]);
    const compared = await compareRegions(session, { source: one, target: { region: ONE, container: twin } });
    expect(compared.sameCluster).toBe(true);
    expect(compared.differences.filter((d) => d.kind !== 'onlySource')).toEqual([]);
    expect(compared.counts.same).toBe(2);
  });
});
