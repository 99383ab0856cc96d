// "Verify" a local file against an object in Swift, without downloading it,
// against the real Swift harness: a plain object, an SLO Cirrus wrote and a DLO the swift client wrote.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  containerName,
  MiB,
  openSession,
  putContainer,
  REGION,
  removeContainer,
  tempDir,
  swiftCliUpload,
  writeRandomFile,
} from '../../../testing/electron/transfers-testkit';
import type { StorageSession } from '../session';
import { uploadFile } from '../upload';
import { verifyObjectAgainstFile } from './verify';

/** A copy of `from` with one byte changed at `at`. */
function damagedCopy(from: string, to: string, at: number): string {
  const bytes = fs.readFileSync(from);
  bytes[at] = (bytes[at]! + 1) % 256;
  fs.writeFileSync(to, bytes);
  return to;
}

describe('verifying a local file against an object in Swift', () => {
  let session: StorageSession;
  let dir: string;
  const container = containerName('verify');
  let big: string;
  let notes: string;
  const size = 3 * MiB + 17;

  beforeAll(async () => {
    session = await openSession();
    dir = tempDir('verify');
    await putContainer(container);
    big = path.join(dir, 'big.bin');
    notes = path.join(dir, 'notes.txt');
    await writeRandomFile(big, size, 'verify');
    fs.writeFileSync(notes, 'twelve bytes');
    await uploadFile(session, REGION, { container, name: 'notes.txt', filePath: notes });
    await uploadFile(session, REGION, { container, name: 'slo.bin', filePath: big, segmentSize: MiB });
    await swiftCliUpload(container, big, 'dlo.bin', false);
  });

  afterAll(async () => {
    await removeContainer(container);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const verify = (name: string, filePath: string) =>
    verifyObjectAgainstFile(session, REGION, { container, name, filePath });

  it('a plain object: the same file matches by its MD5; one changed byte or another size does not', async () => {
    expect(await verify('notes.txt', notes)).toEqual({ outcome: 'same', bytes: 12, parts: 1, unchecked: 0 });
    expect(await verify('notes.txt', damagedCopy(notes, path.join(dir, 'notes2.txt'), 4))).toEqual({
      outcome: 'differs',
      why: 'The file differs from "notes.txt" in bytes 0–11.',
    });
    expect(await verify('notes.txt', big)).toEqual({
      outcome: 'differs',
      why: `The file is ${size.toLocaleString('en-US')} bytes; "notes.txt" is 12 bytes.`,
    });
  });

  it("an SLO: each segment against its manifest's MD5, naming the first one that differs", async () => {
    const progress: number[] = [];
    const same = await verifyObjectAgainstFile(session, REGION, { container, name: 'slo.bin', filePath: big }, (p) =>
      progress.push(p.loaded),
    );
    expect(same).toEqual({ outcome: 'same', bytes: size, parts: 4, unchecked: 0 });
    expect(progress.at(-1)).toBe(size);
    const damaged = damagedCopy(big, path.join(dir, 'big-damaged.bin'), 2 * MiB + 100);
    expect(await verify('slo.bin', damaged)).toEqual({
      outcome: 'differs',
      why: 'The file differs from "slo.bin" in segment 3 of 4, bytes 2,097,152–3,145,727.',
    });
  });

  it("a DLO the swift client wrote: each segment against its listing's MD5", async () => {
    expect(await verify('dlo.bin', big)).toEqual({ outcome: 'same', bytes: size, parts: 4, unchecked: 0 });
    const damaged = damagedCopy(big, path.join(dir, 'big-damaged2.bin'), size - 1);
    expect(await verify('dlo.bin', damaged)).toEqual({
      outcome: 'differs',
      why: `The file differs from "dlo.bin" in segment 4 of 4, bytes 3,145,728–${(size - 1).toLocaleString('en-US')}.`,
    });
  });

  it('an object that is not there is not_found, and a missing file says so', async () => {
    await expect(verify('absent.bin', notes)).rejects.toMatchObject({ code: 'not_found' });
    await expect(verify('notes.txt', path.join(dir, 'absent.txt'))).rejects.toMatchObject({ code: 'not_found' });
  });
});
