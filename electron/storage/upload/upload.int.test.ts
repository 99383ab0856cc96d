// Uploads against the real Swift harness; every result is checked through Swift directly.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferProgress } from '../../../shared/domain';
import type { StorageSession } from '../session';
import {
  containerName,
  head,
  listObjects,
  md5File,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  swiftMd5,
  tempDir,
  writeRandomFile,
} from '../../../testing/electron/transfers-testkit';
import { uploadFile } from './upload';

describe('uploadFile against real Swift', () => {
  let session: StorageSession;
  let dir: string;
  const container = containerName('up');

  beforeAll(async () => {
    session = await openSession();
    dir = tempDir('upload');
    await putContainer(container);
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a small file with its content type and metadata, as Swift then holds them', async () => {
    const file = path.join(dir, 'notes.txt');
    fs.writeFileSync(file, 'Hello, Swift! Ünïcødé too.\n');
    const result = await uploadFile(session, REGION, {
      container,
      name: 'docs/notes.txt',
      filePath: file,
      metadata: { Owner: 'Zoë', 'Project-Id': '42' },
    });
    const md5 = await md5File(file);
    expect(result).toEqual({ etag: md5, bytes: fs.statSync(file).size, segments: 0 });

    const res = await head(container, 'docs/notes.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(md5);
    // Swift normalises "text/plain; charset=utf-8" by dropping the space.
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; ?charset=utf-8$/);
    expect(Buffer.from(res.headers.get('x-object-meta-owner') ?? '', 'latin1').toString('utf8')).toBe('Zoë');
    expect(res.headers.get('x-object-meta-project-id')).toBe('42');
    expect(res.headers.get('x-static-large-object')).toBeNull();
    expect(await swiftMd5(container, 'docs/notes.txt')).toEqual({ md5, bytes: fs.statSync(file).size });
  });

  it('uses an explicit content type, and application/octet-stream for an unknown extension', async () => {
    const file = path.join(dir, 'blob.weird');
    fs.writeFileSync(file, 'x');
    await uploadFile(session, REGION, {
      container,
      name: 'typed',
      filePath: file,
      contentType: 'application/x-cirrus',
    });
    await uploadFile(session, REGION, { container, name: 'untyped.weird', filePath: file });
    expect((await head(container, 'typed')).headers.get('content-type')).toBe('application/x-cirrus');
    expect((await head(container, 'untyped.weird')).headers.get('content-type')).toBe('application/octet-stream');
  });

  it('uploads an empty file', async () => {
    const file = path.join(dir, 'empty');
    fs.writeFileSync(file, '');
    expect(await uploadFile(session, REGION, { container, name: 'empty', filePath: file })).toEqual({
      etag: 'd41d8cd98f00b204e9800998ecf8427e',
      bytes: 0,
      segments: 0,
    });
    expect((await head(container, 'empty')).headers.get('content-length')).toBe('0');
  });

  it('reports progress up to the total, never backwards, sending the file once (above the pre-hash size too)', async () => {
    const file = path.join(dir, 'progress.bin');
    const size = 70 * MiB; // above PREHASH_LIMIT: hashed on the way, checked against Swift's ETag
    const md5 = await writeRandomFile(file, size, 'progress');
    const events: TransferProgress[] = [];
    const result = await uploadFile(session, REGION, {
      container,
      name: 'progress.bin',
      filePath: file,
      onProgress: (p) => events.push(p),
    });
    expect(result.etag).toBe(md5);
    expect(events.length).toBeGreaterThan(1);
    expect(events.at(-1)).toEqual({ loaded: size, total: size });
    for (let i = 1; i < events.length; i++) expect(events[i]!.loaded).toBeGreaterThanOrEqual(events[i - 1]!.loaded);
    expect(await swiftMd5(container, 'progress.bin')).toEqual({ md5, bytes: size });
  });

  it('cancels mid-upload: a cancelled error and no object in Swift', async () => {
    const file = path.join(dir, 'cancel.bin');
    await writeRandomFile(file, 64 * MiB, 'cancel');
    const controller = new AbortController();
    let abortedAt = -1;
    const upload = uploadFile(session, REGION, {
      container,
      name: 'cancelled.bin',
      filePath: file,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.loaded > 0 && abortedAt < 0) {
          abortedAt = p.loaded;
          controller.abort();
        }
      },
    });
    await expect(upload).rejects.toMatchObject({ code: 'cancelled' });
    expect(abortedAt).toBeGreaterThan(0);
    expect(abortedAt).toBeLessThan(64 * MiB);
    await new Promise((resolve) => setTimeout(resolve, 500)); // give a stray PUT time to land, if one could
    expect((await head(container, 'cancelled.bin')).status).toBe(404);
    expect(await listObjects(container, 'cancelled')).toEqual([]);
  });

  it('uploads a static large object in 5 segments when asked for small segments', async () => {
    const file = path.join(dir, 'large.bin');
    const segmentSize = MiB;
    const size = 4 * segmentSize + 12_345;
    const md5 = await writeRandomFile(file, size, 'large');
    const events: TransferProgress[] = [];
    const result = await uploadFile(session, REGION, {
      container,
      name: 'big/large.bin',
      filePath: file,
      segmentSize,
      concurrency: 3,
      metadata: { kind: 'slo' },
      onProgress: (p) => events.push(p),
    });
    expect(result.segments).toBe(5);
    expect(result.bytes).toBe(size);
    expect(events.at(-1)).toEqual({ loaded: size, total: size });

    const res = await head(container, 'big/large.bin');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-static-large-object')).toBe('True');
    expect(res.headers.get('content-length')).toBe(String(size));
    expect(res.headers.get('etag')).toBe(`"${result.etag}"`);
    expect(res.headers.get('x-object-meta-kind')).toBe('slo');
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(await swiftMd5(container, 'big/large.bin')).toEqual({ md5, bytes: size });

    const segments = await listObjects(`${container}_segments`);
    expect(segments).toHaveLength(5);
    for (const [i, name] of segments.entries()) {
      expect(name).toMatch(
        new RegExp(`^big/large\\.bin/slo/\\d+\\.\\d{6}/${size}/${segmentSize}/${String(i).padStart(8, '0')}$`),
      );
    }
  });

  it('cancels a segmented upload: no manifest, and the segments already sent are removed', async () => {
    const file = path.join(dir, 'large-cancel.bin');
    const size = 24 * MiB;
    await writeRandomFile(file, size, 'large-cancel');
    const controller = new AbortController();
    const upload = uploadFile(session, REGION, {
      container,
      name: 'big/cancelled.bin',
      filePath: file,
      segmentSize: 2 * MiB,
      concurrency: 2,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.loaded >= 9 * MiB) controller.abort(); // some segments done, some under way
      },
    });
    await expect(upload).rejects.toMatchObject({ code: 'cancelled' });
    expect((await head(container, 'big/cancelled.bin')).status).toBe(404);
    expect(await listObjects(`${container}_segments`, 'big/cancelled.bin/')).toEqual([]);
  });

  it('refuses names and metadata the region would reject, before sending anything', async () => {
    const file = path.join(dir, 'small');
    fs.writeFileSync(file, 'x');
    await expect(
      uploadFile(session, REGION, { container, name: 'x'.repeat(1025), filePath: file }),
    ).rejects.toMatchObject({
      code: 'limit_exceeded',
    });
    await expect(uploadFile(session, REGION, { container, name: 'a\0b', filePath: file })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    await expect(
      uploadFile(session, REGION, { container, name: 'ok', filePath: file, metadata: { 'bad key': 'v' } }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    expect(await listObjects(container, 'ok')).toEqual([]);
  });

  it('uploads a name with "." and ".." segments under exactly that name, not somewhere else', async () => {
    const file = path.join(dir, 'dots');
    fs.writeFileSync(file, 'dots');
    for (const name of ['../escaped', 'a/./b', 'a/../../c']) {
      await uploadFile(session, REGION, { container, name, filePath: file });
    }
    expect(await listObjects(container, '')).toEqual(expect.arrayContaining(['../escaped', 'a/./b', 'a/../../c']));
  });

  it('names a missing container or file clearly', async () => {
    const file = path.join(dir, 'small2');
    fs.writeFileSync(file, 'x');
    await expect(
      uploadFile(session, REGION, { container: `${container}-missing`, name: 'x', filePath: file }),
    ).rejects.toMatchObject({ code: 'not_found', message: expect.stringMatching(/container/) });
    await expect(
      uploadFile(session, REGION, { container, name: 'x', filePath: path.join(dir, 'nope') }),
    ).rejects.toMatchObject({ code: 'not_found', message: expect.stringMatching(/file/) });
  });
});
