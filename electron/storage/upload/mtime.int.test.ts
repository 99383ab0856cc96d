// A file's modification time through Swift and back, against the real harness: Cirrus and the swift CLI
// write and read the same `X-Object-Meta-Mtime`, each checked through Swift directly or through the CLI.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { swiftMtime } from '../../../shared/mtime';
import {
  containerName,
  directPath,
  head,
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
import { swiftRequest } from '../../../testing/swift/swift-direct';
import { downloadObject } from '../download';
import { changeMetadata } from '../metadata';
import type { StorageSession } from '../session';
import { uploadFile } from './upload';
import type { UploadLayout } from '../segments';

const mtimeNs = (file: string): bigint => fs.statSync(file, { bigint: true }).mtimeNs;
/** What the swift CLI itself writes for this file: `"%f" % os.path.getmtime(path)`. */
const pythonMtime = (file: string): string =>
  execFileSync('python3', ['-c', 'import os,sys; print("%f" % os.path.getmtime(sys.argv[1]))', file]).toString().trim();

describe('X-Object-Meta-Mtime against real Swift and the swift CLI', () => {
  let session: StorageSession;
  let dir: string;
  const container = containerName('mtime');

  /** A file whose time is `seconds` (with whatever nanoseconds the double carries). */
  const fileAt = (name: string, seconds: number, content = `${name}\n`) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    fs.utimesSync(file, seconds, seconds);
    return file;
  };
  const download = (name: string, into: string) =>
    downloadObject(session, REGION, { container, name, targetDir: into });

  beforeAll(async () => {
    session = await openSession();
    dir = tempDir('mtime');
    await putContainer(container);
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a single object with the file’s time as the swift CLI writes it, and a download sets it back', async () => {
    const file = fileAt('report.txt', 1_600_000_000.123456);
    await uploadFile(session, REGION, { container, name: 'docs/report.txt', filePath: file });
    const sent = (await head(container, 'docs/report.txt')).headers.get('x-object-meta-mtime');
    expect(sent).toBe(pythonMtime(file));
    expect(sent).toBe('1600000000.123456');

    const into = fs.mkdtempSync(path.join(dir, 'down-'));
    const { filePath } = await download('docs/report.txt', into);
    expect(swiftMtime(mtimeNs(filePath))).toBe(sent);
    expect(fs.statSync(filePath).atimeMs).toBe(fs.statSync(filePath).mtimeMs); // both, as the CLI sets them
  });

  it('sets the time on a resumed download too (its partial file already whole)', async () => {
    const file = fileAt('resumed.txt', 1_620_000_000.5, 'all of it\n');
    await uploadFile(session, REGION, { container, name: 'resumed.txt', filePath: file });
    const into = fs.mkdtempSync(path.join(dir, 'down-'));
    const tempPath = path.join(into, '.resumed.txt.cirrus-part-0123456789ab');
    fs.writeFileSync(tempPath, 'all of it\n');
    const etag = (await head(container, 'resumed.txt')).headers.get('etag') ?? '';
    const { filePath } = await downloadObject(session, REGION, {
      container,
      name: 'resumed.txt',
      targetDir: into,
      resume: { tempPath, etag },
    });
    expect(fs.readdirSync(into)).toEqual(['resumed.txt']);
    expect(swiftMtime(mtimeNs(filePath))).toBe('1620000000.500000');
  });

  it('puts the time on a static large object’s manifest, and on a resumed upload the file’s time now', async () => {
    const file = path.join(dir, 'big.bin');
    await writeRandomFile(file, 2.5 * MiB, 'mtime');
    fs.utimesSync(file, 1_500_000_000.5, 1_500_000_000.5);
    let layout: UploadLayout | undefined;
    const resumable = { onLayout: (l: UploadLayout) => Promise.resolve(void (layout = l)) };
    const sloOpts = { container, name: 'big.bin', filePath: file, threshold: MiB, segmentSize: MiB, resumable };
    expect((await uploadFile(session, REGION, sloOpts)).segments).toBe(3);
    const manifest = await head(container, 'big.bin');
    expect(manifest.headers.get('x-static-large-object')).toBe('True');
    expect(manifest.headers.get('x-object-meta-mtime')).toBe('1500000000.500000');

    // The resume path: the same layout, its segments all in Swift, the manifest written again.
    await swiftRequest(REGION, 'DELETE', directPath(container, 'big.bin'));
    fs.utimesSync(file, 1_500_000_100.25, 1_500_000_100.25);
    await uploadFile(session, REGION, { ...sloOpts, resumable: { ...resumable, layout } });
    expect((await head(container, 'big.bin')).headers.get('x-object-meta-mtime')).toBe('1500000100.250000');

    const into = fs.mkdtempSync(path.join(dir, 'down-'));
    expect(swiftMtime(mtimeNs((await download('big.bin', into)).filePath))).toBe('1500000100.250000');
  });

  it('uses the file’s own time over an mtime carried in the metadata, and keeps the rest', async () => {
    const file = fileAt('edited.txt', 1_650_000_000);
    await uploadFile(session, REGION, {
      container,
      name: 'edited.txt',
      filePath: file,
      metadata: { Mtime: '1.000000', owner: 'ana' },
    });
    const headers = (await head(container, 'edited.txt')).headers;
    expect(headers.get('x-object-meta-mtime')).toBe('1650000000.000000');
    expect(headers.get('x-object-meta-owner')).toBe('ana');
  });

  it('keeps the time through a metadata edit of another key', async () => {
    const file = fileAt('kept.txt', 1_610_000_000.75);
    await uploadFile(session, REGION, { container, name: 'kept.txt', filePath: file });
    const target = { kind: 'object', container, name: 'kept.txt' } as const;
    const after = await changeMetadata(session, REGION, target, { set: { colour: 'blue' } });
    expect(after?.metadata).toMatchObject({ mtime: '1610000000.750000', colour: 'blue' });
    expect((await head(container, 'kept.txt')).headers.get('x-object-meta-mtime')).toBe('1610000000.750000');
  });

  it('downloads what `swift upload` sent with that file’s time', async () => {
    const file = fileAt('from-cli.txt', 1_400_000_000.654321);
    await swiftCliUpload(container, file, 'from-cli.txt', false);
    const into = fs.mkdtempSync(path.join(dir, 'down-'));
    const { filePath } = await download('from-cli.txt', into);
    expect(swiftMtime(mtimeNs(filePath))).toBe('1400000000.654321');
  });

  it('sends what `swift stat` shows and `swift download` sets, as the CLI would have sent it', async () => {
    const file = fileAt('to-cli.txt', 1_450_000_000.000123);
    await uploadFile(session, REGION, { container, name: 'to-cli.txt', filePath: file });
    const stat = await swiftCli(['stat', container, 'to-cli.txt']);
    expect(stat).toMatch(/^\s*Meta Mtime: 1450000000\.000123$/m);

    const out = path.join(dir, 'cli-out.txt');
    await swiftCli(['download', container, 'to-cli.txt', '-o', out]);
    expect(swiftMtime(mtimeNs(out))).toBe('1450000000.000123');
    expect(pythonMtime(out)).toBe('1450000000.000123');
  });

  it('leaves the time of writing where the object has no usable mtime, as the swift CLI does', async () => {
    const put = (name: string, headers: Record<string, string>) =>
      swiftRequest(REGION, 'PUT', directPath(container, name), { headers, body: 'x' });
    await put('no-mtime.txt', {});
    await put('bad-mtime.txt', { 'X-Object-Meta-Mtime': 'yesterday' });
    const into = fs.mkdtempSync(path.join(dir, 'down-'));
    const before = Date.now() - 2_000; // file systems round times; a margin for that
    for (const name of ['no-mtime.txt', 'bad-mtime.txt']) {
      const { filePath } = await download(name, into);
      expect(fs.statSync(filePath).mtimeMs).toBeGreaterThanOrEqual(before);
    }
  });
});
