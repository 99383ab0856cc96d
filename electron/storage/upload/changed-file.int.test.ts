// A file another program writes while Cirrus uploads it, against real Swift: the upload fails naming the
// file, and Swift holds nothing new under its name. The write happens at the first read the upload's
// pace is asked for (storage/bandwidth.ts), i.e. after the file was opened (and, when small, hashed).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  containerName,
  directPath,
  head,
  listObjects,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  tempDir,
  writeRandomFile,
} from '../../../testing/electron/transfers-testkit';
import { swiftRequest } from '../../../testing/swift/swift-direct';
import type { Pace } from '../bandwidth';
import type { StorageSession } from '../session';
import { uploadFile } from './upload';

/** A pace that lets every byte through, and runs `write` once, before the first read. */
function writeDuringUpload(write: () => void): Pace {
  let written = false;
  return (want) => {
    if (!written) {
      written = true;
      write();
    }
    return want;
  };
}

/** Gives the file an old time, so the write below changes it whatever the clock's granularity. */
const aged = (file: string) => fs.utimesSync(file, 1_600_000_000, 1_600_000_000);

describe('a file that changes while it is uploaded', () => {
  let session: StorageSession;
  let dir: string;
  const container = containerName('changed');

  beforeAll(async () => {
    session = await openSession();
    dir = tempDir('changed');
    await putContainer(container);
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('fails, naming the file, when its content changes under the same size; the object before it stays', async () => {
    const old = await swiftRequest(REGION, 'PUT', directPath(container, 'notes.txt'), { body: 'the old notes\n' });
    expect(old.status).toBe(201);
    const file = path.join(dir, 'notes.txt');
    fs.writeFileSync(file, 'first version of it\n');
    aged(file);
    const pace = writeDuringUpload(() => fs.writeFileSync(file, 'SECOND version of it'.padEnd(20) + '\n'));
    await expect(
      uploadFile(session, REGION, { container, name: 'notes.txt', filePath: file, pace }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message:
        '"notes.txt" changed while it was being uploaded; nothing was kept as "notes.txt". ' +
        'Upload it again once nothing is writing to it.',
    });
    // Swift refused the body (its MD5 was sent first): the object is the one from before.
    expect((await swiftRequest(REGION, 'GET', directPath(container, 'notes.txt'))).text).toBe('the old notes\n');
  });

  it('fails, naming the file, when it gets shorter', async () => {
    const file = path.join(dir, 'shrinks.bin');
    fs.writeFileSync(file, Buffer.alloc(300 * 1024, 7));
    const pace = writeDuringUpload(() => fs.truncateSync(file, 1000));
    await expect(
      uploadFile(session, REGION, { container, name: 'shrinks.bin', filePath: file, pace }),
    ).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('"shrinks.bin" changed while it was being uploaded') as string,
    });
    expect((await head(container, 'shrinks.bin')).status).toBe(404);
  });

  it('writes no manifest for a large object whose file changed between its segments, and deletes them', async () => {
    const file = path.join(dir, 'big.bin');
    await writeRandomFile(file, 2.5 * MiB, 'changed');
    aged(file);
    // The same size, other bytes in its last segment: each segment still matches what was read of it.
    const pace = writeDuringUpload(() => {
      const fd = fs.openSync(file, 'r+');
      fs.writeSync(fd, Buffer.alloc(1000, 1), 0, 1000, 2 * MiB + 10);
      fs.closeSync(fd);
    });
    const opts = { container, name: 'big.bin', filePath: file, threshold: MiB, segmentSize: MiB, pace };
    await expect(uploadFile(session, REGION, opts)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('"big.bin" changed while it was being uploaded') as string,
    });
    expect((await head(container, 'big.bin')).status).toBe(404);
    expect(await listObjects(`${container}_segments`)).toEqual([]);
  });
});
