// Downloads against the real Swift harness; objects are put in place through Swift directly.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HARNESS } from '../../../testing/swift/config';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import type { TransferProgress } from '../../../shared/domain';
import { downloadObject } from './download';
import { uploadFile } from '../upload';
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
  writeRandomFile,
} from '../../../testing/electron/transfers-testkit';

const md5 = (data: Uint8Array | string): string => createHash('md5').update(data).digest('hex');

async function putObject(
  container: string,
  name: string,
  body: Uint8Array | string,
  headers: Record<string, string> = {},
) {
  const res = await swiftRequest(REGION, 'PUT', directPath(container, name), { body, headers });
  expect(res.status, `PUT ${name}`).toBe(201);
}

/** Every entry under `dir`, recursively, as relative paths. */
const tree = (dir: string): string[] => (fs.readdirSync(dir, { recursive: true }) as string[]).sort();

describe('downloadObject against real Swift', () => {
  let session: StorageSession;
  let work: string;
  let big: { file: string; md5: string };
  const container = containerName('down');
  const BIG = 20 * MiB + 7;

  beforeAll(async () => {
    session = await openSession();
    work = tempDir('download');
    await putContainer(container);
    const file = path.join(work, 'source.bin');
    big = { file, md5: await writeRandomFile(file, BIG, 'download') };
    await putObject(container, 'data/big.bin', fs.readFileSync(file));
    await putObject(container, 'hello.txt', 'hello\n');
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(work, { recursive: true, force: true });
  });

  /** A fresh, empty target folder inside a parent holding nothing else, so writes outside it can be seen. */
  function target(): { parent: string; dir: string } {
    const parent = fs.mkdtempSync(path.join(work, 'parent-'));
    const dir = path.join(parent, 'target');
    fs.mkdirSync(dir);
    return { parent, dir };
  }

  it('downloads an object byte for byte, with progress, leaving no temporary file', async () => {
    const { dir } = target();
    const events: TransferProgress[] = [];
    const result = await downloadObject(session, REGION, {
      container,
      name: 'data/big.bin',
      targetDir: dir,
      onProgress: (p) => events.push(p),
    });
    expect(result).toEqual({ filePath: path.join(fs.realpathSync(dir), 'big.bin'), bytes: BIG });
    expect(await md5File(result.filePath)).toBe(big.md5);
    expect(tree(dir)).toEqual(['big.bin']);
    expect(events.length).toBeGreaterThan(1);
    expect(events.at(-1)).toEqual({ loaded: BIG, total: BIG });
  });

  it('keeps pseudo-folders as sub-folders when given a relative file name', async () => {
    const { dir } = target();
    const result = await downloadObject(session, REGION, {
      container,
      name: 'data/big.bin',
      targetDir: dir,
      fileName: 'data/copy.bin',
    });
    expect(result.filePath).toBe(path.join(fs.realpathSync(dir), 'data', 'copy.bin'));
    expect(tree(dir)).toEqual(['data', path.join('data', 'copy.bin')]);
  });

  it('downloads a static large object (its ETag is no MD5 of the content, so only the length is checked)', async () => {
    const parts = [Buffer.alloc(MiB, 1), Buffer.alloc(MiB, 2), Buffer.from('tail')];
    const segContainer = `${container}_segments`;
    await putContainer(segContainer);
    for (const [i, part] of parts.entries()) await putObject(segContainer, `slo/${i}`, part);
    const manifest = parts.map((part, i) => ({
      path: `/${segContainer}/slo/${i}`,
      etag: md5(part),
      size_bytes: part.length,
    }));
    const res = await swiftRequest(REGION, 'PUT', `${directPath(container, 'large.bin')}?multipart-manifest=put`, {
      body: JSON.stringify(manifest),
    });
    expect(res.status).toBe(201);

    const { dir } = target();
    const result = await downloadObject(session, REGION, { container, name: 'large.bin', targetDir: dir });
    const all = Buffer.concat(parts);
    expect(result.bytes).toBe(all.length);
    expect(await md5File(result.filePath)).toBe(md5(all));
    expect(tree(dir)).toEqual(['large.bin']);
  });

  it('never writes outside the target folder, whatever the object is called', async () => {
    // Names Swift holds as they are (it refuses only NUL, with 412). They go up through
    // Cirrus's own upload, which sends paths unnormalised, so `..` stays part of the name.
    const hostile = [
      '/etc/passwd-x',
      '//double/slash',
      'C:\\evil\\x',
      'a\\..\\..\\win',
      'tab\there',
      '../../escape',
      'a/../../b',
    ];
    const source = path.join(work, 'hostile-source');
    for (const name of hostile) {
      fs.writeFileSync(source, `content of ${JSON.stringify(name)}`);
      await uploadFile(session, REGION, { container, name, filePath: source });
    }
    const stored = JSON.parse(
      (await swiftRequest(REGION, 'GET', `/v1/${HARNESS.users.admin.account}/${container}?format=json`)).text,
    ) as { name: string }[];
    expect(stored.map((o) => o.name)).toEqual(expect.arrayContaining(hostile));
    const { parent, dir } = target();
    const saved: string[] = [];
    for (const name of hostile) {
      const result = await downloadObject(session, REGION, { container, name, targetDir: dir });
      saved.push(path.relative(dir, result.filePath));
      expect(fs.readFileSync(result.filePath, 'utf8')).toBe(`content of ${JSON.stringify(name)}`);
    }
    expect(saved).toEqual(['passwd-x', 'slash', 'x', 'win', 'tab_here', 'escape', 'b']);
    for (const name of ['..', './..']) {
      await uploadFile(session, REGION, { container, name, filePath: source });
      await expect(downloadObject(session, REGION, { container, name, targetDir: dir })).rejects.toMatchObject({
        code: 'invalid_input',
      });
    }
    await expect(
      downloadObject(session, REGION, { container, name: 'hello.txt', targetDir: dir, fileName: '../outside.txt' }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    expect(fs.readdirSync(parent)).toEqual(['target']);
    expect(tree(dir)).toEqual(saved.sort());
  });

  it('does not follow a symlink in the target folder that leads outside it', async () => {
    const { parent, dir } = target();
    const outside = fs.mkdtempSync(path.join(work, 'outside-'));
    fs.symlinkSync(outside, path.join(dir, 'link'));
    await expect(
      downloadObject(session, REGION, { container, name: 'hello.txt', targetDir: dir, fileName: 'link/hello.txt' }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(
      downloadObject(session, REGION, { container, name: 'hello.txt', targetDir: dir, fileName: 'link/new/hello.txt' }),
    ).rejects.toMatchObject({ code: 'invalid_input' });
    expect(fs.readdirSync(outside)).toEqual([]);
    expect(fs.readdirSync(parent)).toEqual(['target']);
    // A symlink to a folder inside the target is fine.
    fs.mkdirSync(path.join(dir, 'real'));
    fs.symlinkSync(path.join(dir, 'real'), path.join(dir, 'inner'));
    const result = await downloadObject(session, REGION, {
      container,
      name: 'hello.txt',
      targetDir: dir,
      fileName: 'inner/h.txt',
    });
    expect(result.filePath).toBe(path.join(fs.realpathSync(dir), 'real', 'h.txt'));
  });

  it('refuses to replace an existing file unless told to, leaving it untouched', async () => {
    const { dir } = target();
    const existing = path.join(dir, 'hello.txt');
    fs.writeFileSync(existing, 'mine');
    await expect(
      downloadObject(session, REGION, { container, name: 'hello.txt', targetDir: dir }),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(fs.readFileSync(existing, 'utf8')).toBe('mine');
    expect(tree(dir)).toEqual(['hello.txt']);
    await downloadObject(session, REGION, { container, name: 'hello.txt', targetDir: dir, overwrite: true });
    expect(fs.readFileSync(existing, 'utf8')).toBe('hello\n');
    expect(tree(dir)).toEqual(['hello.txt']);
  });

  it('cancels mid-download: a cancelled error, no temporary file and no final file', async () => {
    const { dir } = target();
    const controller = new AbortController();
    const download = downloadObject(session, REGION, {
      container,
      name: 'data/big.bin',
      targetDir: dir,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.loaded > 0) controller.abort();
      },
    });
    await expect(download).rejects.toMatchObject({ code: 'cancelled' });
    expect(tree(dir)).toEqual([]);
  });

  it('downloads an empty object as an empty file', async () => {
    await putObject(container, 'empty', '');
    const { dir } = target();
    const result = await downloadObject(session, REGION, { container, name: 'empty', targetDir: dir });
    expect(result.bytes).toBe(0);
    expect(fs.statSync(result.filePath).size).toBe(0);
    expect(tree(dir)).toEqual(['empty']);
  });

  it('names a missing object or target folder clearly, leaving nothing behind', async () => {
    const { dir } = target();
    await expect(downloadObject(session, REGION, { container, name: 'missing', targetDir: dir })).rejects.toMatchObject(
      {
        code: 'not_found',
        status: 404,
      },
    );
    await expect(
      downloadObject(session, REGION, { container, name: 'hello.txt', targetDir: path.join(dir, 'nope') }),
    ).rejects.toMatchObject({ code: 'not_found' });
    expect(tree(dir)).toEqual([]);
  });

  it('saves an object stored with Content-Encoding: gzip byte for byte, as stored, with its checksum verified', async () => {
    const stored = gzipSync('squeezed '.repeat(1000));
    await putObject(container, 'page.html', stored, {
      'Content-Encoding': 'gzip',
      'Content-Type': 'text/html',
    });
    const { dir } = target();
    const result = await downloadObject(session, REGION, { container, name: 'page.html', targetDir: dir });
    expect(fs.readFileSync(result.filePath).equals(stored)).toBe(true);
  });
});
