// Comparing a local folder with a container on the real Swift harness: every group and why, large objects
// checked segment by segment without a download, skipped names, and a second compare that reads no file.
import diagnostics from 'node:diagnostics_channel';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  containerName,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  swiftCli,
  swiftCliUpload,
  tempDir,
  writeRandomFile,
} from '../../../testing/electron/transfers-testkit';
import { observeRequests } from '../request-observer';
import type { StorageSession } from '../session';
import { uploadFile } from '../upload';
import { compareFolder } from './compare';
import { hashPieces, type PieceHasher } from './digest-cache';

describe('comparing a local folder with a container', () => {
  let session: StorageSession;
  let dir: string;
  let folder: string;
  const container = containerName('sync-compare');
  const put = (name: string, text: string) =>
    swiftCli(['upload', container, write(`up-${name.replaceAll('/', '_')}`, text), '--object-name', name]);
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    return file;
  };
  const local = (name: string, text: string) => write(path.join('folder', name), text);

  beforeAll(async () => {
    session = await openSession();
    dir = tempDir('sync-compare');
    folder = path.join(dir, 'folder');
    await putContainer(container);
    local('same.txt', 'same bytes');
    await put('docs/same.txt', 'same bytes');
    await put('docs/size.txt', 'shorter');
    local('size.txt', 'longer than that');
    await put('docs/content.txt', 'AAAA');
    local('content.txt', 'BBBB');
    // Saved again with the same bytes after its upload: only the time differs.
    await put('docs/time.txt', 'time bytes');
    await swiftCli(['post', '-m', 'Mtime:1000000000.000000', container, 'docs/time.txt']);
    local('time.txt', 'time bytes');
    // Uploaded after the file last changed, with its bytes: the same, whatever time the object records.
    local('kept.txt', 'kept bytes');
    await put('docs/kept.txt', 'kept bytes');
    await swiftCli(['post', '-m', 'Mtime:1000000000.000000', container, 'docs/kept.txt']);
    await put('docs/remote-only.txt', 'only there');
    local('sub/local-only.txt', 'only here');
    local('skip.tmp', 'excluded');
    fs.symlinkSync('/etc/hostname', path.join(folder, 'link'));
    await put('docs/x//y', 'a name no disk holds');
    await put('other/outside.txt', 'not under the prefix');
    const big = path.join(folder, 'slo.bin');
    await writeRandomFile(big, 2 * MiB + 5, 'sync-slo');
    await uploadFile(session, REGION, { container, name: 'docs/slo.bin', filePath: big, segmentSize: MiB });
    fs.copyFileSync(big, path.join(folder, 'dlo.bin'));
    await swiftCliUpload(container, path.join(folder, 'dlo.bin'), 'docs/dlo.bin', false);
    const changed = fs.readFileSync(big);
    changed[MiB + 3] = (changed[MiB + 3]! + 1) % 256;
    await writeRandomFile(path.join(dir, 'slo2.bin'), 2 * MiB + 5, 'sync-slo');
    await uploadFile(session, REGION, {
      container,
      name: 'docs/slo-changed.bin',
      filePath: path.join(dir, 'slo2.bin'),
      segmentSize: MiB,
    });
    fs.writeFileSync(path.join(folder, 'slo-changed.bin'), changed);
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const compare = (cacheDir: string, hasher: PieceHasher) =>
    compareFolder(session, REGION, { container, prefix: 'docs/', folder, excludes: ['*.tmp'], cacheDir, hasher });

  it('groups every name with its reason, large objects by their segments, and a second look reads nothing', async () => {
    const reads: string[] = [];
    const counting: PieceHasher = (file, sizes, signal) => {
      reads.push(path.basename(file));
      return hashPieces(file, sizes, signal);
    };
    const cacheDir = path.join(dir, 'data', 'digests');
    const heads: string[] = [];
    observeRequests(
      (r) => r.method === 'HEAD' && heads.push(decodeURIComponent(r.url.split('?')[0]!.split('/').at(-1)!)),
    );
    const result = await compare(cacheDir, counting).finally(() => observeRequests(undefined));
    const kinds = Object.fromEntries(result.entries.map((e) => [e.name, `${e.kind}${e.why ? `:${e.why}` : ''}`]));
    expect(kinds).toEqual({
      'content.txt': 'different:content',
      'remote-only.txt': 'onlyRemote',
      'size.txt': 'different:size',
      'slo-changed.bin': 'different:content',
      'sub/local-only.txt': 'onlyLocal',
      'time.txt': 'different:time',
    });
    expect(result.groups.same).toEqual({ count: 4, bytes: 20 + 2 * (2 * MiB + 5) });
    expect(result.groups.onlyLocal).toEqual({ count: 1, bytes: 9 });
    expect(result.groups.different.count).toBe(4);
    expect(result.skipped.map((s) => s.name).sort()).toEqual(['link', 'x//y']);
    expect(result.missing).toBe(false);
    expect(reads.sort()).toEqual([
      'content.txt',
      'dlo.bin',
      'kept.txt',
      'same.txt',
      'slo-changed.bin',
      'slo.bin',
      'time.txt',
    ]);
    // Asked of Swift only where the listing cannot tell: a size or MD5 that differs, a file changed after
    // its object was written, a large object (an SLO ETag, or an empty DLO manifest).
    expect(heads.sort()).toEqual(['content.txt', 'dlo.bin', 'size.txt', 'slo-changed.bin', 'slo.bin', 'time.txt']);

    reads.length = 0;
    const again = await compare(cacheDir, counting);
    expect(again.entries).toEqual(result.entries);
    expect(again.groups).toEqual(result.groups);
    expect(reads).toEqual([]);
  });

  it('a container that does not exist yet: every file is only on this computer', async () => {
    const result = await compareFolder(session, REGION, {
      container: `${container}-none`,
      prefix: '',
      folder,
      excludes: [],
      cacheDir: undefined,
    });
    expect(result.missing).toBe(true);
    expect(result.groups.onlyLocal.count).toBe(fs.readdirSync(folder).length - 2 + 1); // minus sub/ and link, plus sub's file
  });

  it('Stop: a cancelled compare ends with code cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      compareFolder(session, REGION, {
        container,
        prefix: '',
        folder,
        excludes: [],
        cacheDir: undefined,
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ code: 'cancelled' });
  });

  it("writes the listing's request before the walk reads the folder, on the connection that sat idle", async () => {
    // A connection used and left idle, as the app's is: undici writes to one only a turn after the call. (It is
    // free again a turn after its answer: asked at once, the compare would open a connection of its own.)
    await session.request(REGION, { method: 'HEAD', path: container });
    await new Promise((resolve) => setImmediate(resolve));
    const order: string[] = [];
    const onWrite = (message: unknown) => {
      const { request } = message as { request: { path: string } };
      if (request.path.includes('format=json')) order.push('listing written');
    };
    const readdir = fs.readdirSync.bind(fs);
    vi.spyOn(fs, 'readdirSync').mockImplementation(((...args: Parameters<typeof fs.readdirSync>) => {
      order.push('folder read');
      return readdir(...args);
    }) as typeof fs.readdirSync);
    diagnostics.subscribe('undici:client:sendHeaders', onWrite);
    try {
      await compareFolder(session, REGION, { container, prefix: 'docs/', folder, excludes: [], cacheDir: undefined });
    } finally {
      diagnostics.unsubscribe('undici:client:sendHeaders', onWrite);
      vi.restoreAllMocks();
    }
    expect(order[0]).toBe('listing written');
    expect(order).toContain('folder read');
  });
});
