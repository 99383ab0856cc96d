import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SegmentCheck, type ExpectedPiece } from '../transfer-stream';

const md5 = (data: Uint8Array): string => createHash('md5').update(data).digest('hex');
const parts = [Buffer.alloc(5, 1), Buffer.alloc(0), Buffer.alloc(7, 2), Buffer.alloc(3, 3)];
const pieces: ExpectedPiece[] = parts.map((p) => ({ bytes: p.length, md5: md5(p) }));

/** Passes `bytes` in chunks of `size` through a check, as a download's sink does; resolves with what passed. */
async function run(bytes: Buffer, size: number, expected: ExpectedPiece[]): Promise<Buffer> {
  const check = new SegmentCheck(expected, (index) => new Error(`part ${index}`));
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) {
    const chunk = bytes.subarray(at, at + size);
    const error = check.check(chunk);
    if (error) throw error;
    out.push(chunk);
  }
  return Buffer.concat(out);
}

describe('checking a large object segment by segment', () => {
  it('passes intact bytes through unchanged, whatever the chunking', async () => {
    const whole = Buffer.concat(parts);
    for (const size of [1, 2, 4, 5, 6, 15, 100]) expect((await run(whole, size, pieces)).equals(whole)).toBe(true);
  });

  it('stops at the first damaged part, naming it', async () => {
    const damaged = Buffer.concat([parts[0]!, Buffer.alloc(7, 9), parts[3]!]);
    await expect(run(damaged, 4, pieces)).rejects.toThrow('part 2');
  });

  it('skips parts without an MD5 and leaves a short or long total to the length check', async () => {
    const noMd5 = pieces.map((p, i) => (i === 2 ? { ...p, md5: undefined } : p));
    const mixed = Buffer.concat([parts[0]!, Buffer.alloc(7, 9), parts[3]!]);
    expect((await run(mixed, 3, noMd5)).length).toBe(15);
    expect((await run(Buffer.concat(parts).subarray(0, 9), 3, pieces)).length).toBe(9);
    expect((await run(Buffer.concat([...parts, Buffer.from('extra')]), 3, pieces)).length).toBe(20);
  });
});
