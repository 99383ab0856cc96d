// A 1 GiB round trip through the real Swift harness, watching this process's
// resident memory: uploads and downloads must stream, never hold the file.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadObject } from './download';
import type { StorageSession } from './session';
import {
  containerName,
  head,
  md5File,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  memoryTempDir,
  tempDir,
  writeRandomFile,
} from '../../testing/electron/transfers-testkit';
import { uploadFile } from './upload';
import { measured } from '../../testing/electron/measure';

const SIZE = 1024 * MiB;
const RSS_BUDGET = 64 * MiB;

describe('streaming a 1 GiB object', () => {
  let session: StorageSession;
  let work: string;
  let sourceDir: string;
  let source: string;
  let sourceMd5: string;
  const container = containerName('stream');

  beforeAll(async () => {
    session = await openSession();
    work = tempDir('streaming');
    // The source is only read: it may live in memory. The download is saved on disk, as a person's is.
    sourceDir = memoryTempDir('streaming-source');
    source = path.join(sourceDir, 'one-gib.bin');
    const started = performance.now();
    sourceMd5 = await writeRandomFile(source, SIZE, 'streaming');
    console.log(`streaming: wrote the 1 GiB source in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await putContainer(container);
    // Warm-up: load the code paths and open connections, so the baseline is not the cold process.
    const small = path.join(work, 'warm.bin');
    await writeRandomFile(small, 4 * MiB, 'warm');
    await uploadFile(session, REGION, { container, name: 'warm.bin', filePath: small });
    await downloadObject(session, REGION, { container, name: 'warm.bin', targetDir: work, fileName: 'warm-back.bin' });
  }, 120_000);

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(sourceDir, { recursive: true, force: true });
  }, 120_000);

  it('uploads and downloads it with bounded memory and identical bytes', async () => {
    let uploaded: Awaited<ReturnType<typeof uploadFile>> | undefined;
    const up = await measured(async () => {
      uploaded = await uploadFile(session, REGION, { container, name: 'one-gib.bin', filePath: source });
    });
    console.log(`streaming: upload   ${JSON.stringify(up)}`);
    expect(uploaded).toEqual({ etag: sourceMd5, bytes: SIZE, segments: 0 });
    const stored = await head(container, 'one-gib.bin');
    expect(stored.headers.get('content-length')).toBe(String(SIZE));
    expect(stored.headers.get('etag')).toBe(sourceMd5);

    const target = fs.mkdtempSync(path.join(work, 'down-'));
    let saved = '';
    const down = await measured(async () => {
      saved = (await downloadObject(session, REGION, { container, name: 'one-gib.bin', targetDir: target })).filePath;
    });
    console.log(`streaming: download ${JSON.stringify(down)}`);
    expect(fs.statSync(saved).size).toBe(SIZE);
    expect(await md5File(saved)).toBe(sourceMd5);
    expect(fs.readdirSync(target)).toEqual(['one-gib.bin']);

    expect(up.growthMiB * MiB).toBeLessThan(RSS_BUDGET);
    expect(down.growthMiB * MiB).toBeLessThan(RSS_BUDGET);
  }, 300_000);
});
