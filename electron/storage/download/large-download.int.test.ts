// Large-object downloads against the real Swift harness: the manifest (SLO) or
// segment listing (DLO) a download reads to know the size and each segment's
// MD5 must agree with what Swift streams, for every kind of segment Swift 2.30
// stores. Objects are put in place through Swift directly.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import { downloadObject } from './download';
import { expectationFor } from './check';
import { objectPath } from '../paths';
import type { StorageSession } from '../session';
import {
  containerName,
  directPath,
  md5File,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  tempDir,
} from '../../../testing/electron/transfers-testkit';

const md5 = (data: Uint8Array | string): string => createHash('md5').update(data).digest('hex');

async function put(container: string, name: string, body: Uint8Array | string, headers: Record<string, string> = {}) {
  const res = await swiftRequest(REGION, 'PUT', directPath(container, name), { body, headers });
  expect(res.status, `PUT ${container}/${name}: ${res.text}`).toBe(201);
}

async function putManifest(container: string, name: string, manifest: unknown[]) {
  const res = await swiftRequest(REGION, 'PUT', `${directPath(container, name)}?multipart-manifest=put`, {
    body: JSON.stringify(manifest),
  });
  expect(res.status, `PUT manifest ${name}: ${res.text}`).toBe(201);
}

describe('downloading large objects from real Swift', () => {
  let session: StorageSession;
  let work: string;
  const container = containerName('large-down');
  const segments = `${container}_segments`;
  const parts = [Buffer.alloc(MiB, 1), Buffer.alloc(MiB, 2), Buffer.from('tail')];

  beforeAll(async () => {
    session = await openSession();
    work = tempDir('large-download');
    await putContainer(container);
    await putContainer(segments);
    for (const [i, part] of parts.entries()) await put(segments, `part/${i}`, part);
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(work, { recursive: true, force: true });
  });

  const target = (): string => fs.mkdtempSync(path.join(work, 'target-'));

  /** What a download of `name` checks against, learned exactly as downloadObject does. */
  async function expectationOf(name: string) {
    const res = await session.request(REGION, { method: 'GET', path: objectPath(container, name), stream: true });
    try {
      return await expectationFor(session, REGION, { container, name }, res, undefined);
    } finally {
      await res.body?.[Symbol.asyncIterator]().return?.();
    }
  }

  it('an SLO of plain, ranged, inline and nested segments arrives whole, each checkable part checked', async () => {
    // A nested SLO of two parts, used whole as one segment of the outer one.
    await putManifest(segments, 'inner', [
      { path: `/${segments}/part/1`, etag: md5(parts[1]!), size_bytes: MiB },
      { path: `/${segments}/part/2`, etag: md5(parts[2]!), size_bytes: 4 },
    ]);
    await putManifest(container, 'mixed.bin', [
      { path: `/${segments}/part/0`, etag: md5(parts[0]!), size_bytes: MiB },
      { path: `/${segments}/part/1`, etag: null, size_bytes: null, range: '100-' },
      { data: Buffer.from('inline bytes').toString('base64') },
      { path: `/${segments}/inner`, etag: null, size_bytes: null },
      { path: `/${segments}/part/0`, range: '-10' },
    ]);
    const expected = Buffer.concat([
      parts[0]!,
      parts[1]!.subarray(100),
      Buffer.from('inline bytes'),
      parts[1]!,
      parts[2]!,
      parts[0]!.subarray(MiB - 10),
    ]);

    const dir = target();
    const result = await downloadObject(session, REGION, { container, name: 'mixed.bin', targetDir: dir });
    expect(result.bytes).toBe(expected.length);
    expect(await md5File(result.filePath)).toBe(md5(expected));
    expect(fs.readdirSync(dir)).toEqual(['mixed.bin']);
    // The manifest was read and matched the one Swift streamed (its X-Manifest-Etag).
    expect(await expectationOf('mixed.bin')).toEqual({
      length: expected.length,
      md5: undefined,
      pieces: [
        { bytes: MiB, md5: md5(parts[0]!) },
        { bytes: MiB - 100, md5: undefined },
        { bytes: 12, md5: md5('inline bytes') },
        { bytes: MiB + 4, md5: undefined },
        { bytes: 10, md5: undefined },
      ],
    });
  });

  it('a DLO arrives whole, its segments checked against their listing', async () => {
    await put(container, 'dynamic.bin', '', { 'X-Object-Manifest': `${segments}/part/` });
    const dir = target();
    const result = await downloadObject(session, REGION, { container, name: 'dynamic.bin', targetDir: dir });
    const expected = Buffer.concat(parts);
    expect(result.bytes).toBe(expected.length);
    expect(await md5File(result.filePath)).toBe(md5(expected));
    expect(fs.readdirSync(dir)).toEqual(['dynamic.bin']);
    // The listing matched the one Swift streamed (its ETag is the MD5 of the segments' ETags).
    expect((await expectationOf('dynamic.bin')).pieces).toEqual(
      parts.map((part) => ({ bytes: part.length, md5: md5(part) })),
    );
  });

  it('a DLO whose prefix needs percent-encoding in its header is found all the same', async () => {
    await put(segments, 'with space/0', parts[0]!);
    await put(segments, 'with space/1', parts[2]!);
    await put(container, 'spaced.bin', '', {
      'X-Object-Manifest': `${encodeURIComponent(segments)}/${encodeURIComponent('with space/')}`,
    });
    const dir = target();
    const result = await downloadObject(session, REGION, { container, name: 'spaced.bin', targetDir: dir });
    expect(result.bytes).toBe(MiB + 4);
    expect(await md5File(result.filePath)).toBe(md5(Buffer.concat([parts[0]!, parts[2]!])));
    expect((await expectationOf('spaced.bin')).pieces).toHaveLength(2);
  });

  // A real fault Swift can produce: it checks each segment's ETag against the manifest
  // as it goes and, finding one changed, closes the connection mid-body (seen on 2.30:
  // "ended early (1045504 of 2097152 bytes): the connection was closed").
  it('an SLO whose segment was replaced after its manifest: Swift stops streaming; network error, nothing saved', async () => {
    await put(segments, 'fragile/0', parts[0]!);
    await put(segments, 'fragile/1', parts[1]!);
    await putManifest(container, 'fragile.bin', [
      { path: `/${segments}/fragile/0`, etag: md5(parts[0]!), size_bytes: MiB },
      { path: `/${segments}/fragile/1`, etag: md5(parts[1]!), size_bytes: MiB },
    ]);
    await put(segments, 'fragile/1', Buffer.alloc(MiB, 9)); // same size, other bytes, other ETag
    const dir = target();
    await expect(
      downloadObject(session, REGION, { container, name: 'fragile.bin', targetDir: dir }),
    ).rejects.toMatchObject({
      code: 'network',
      message: expect.stringMatching(new RegExp(`ended early \\(\\d+ of ${2 * MiB} bytes\\)`)),
    });
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
