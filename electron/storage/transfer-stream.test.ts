import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it, vi } from 'vitest';
import type { TransferProgress } from '../../shared/domain';
import { MeteringStream, ProgressThrottle } from './transfer-stream';

describe('ProgressThrottle', () => {
  it('reports the first update at once, then at most every interval, and always the final figure', () => {
    vi.useFakeTimers();
    try {
      const seen: TransferProgress[] = [];
      const throttle = new ProgressThrottle((p) => seen.push(p), 1_000, 100);
      throttle.update(1);
      throttle.update(2);
      vi.advanceTimersByTime(50);
      throttle.update(3);
      vi.advanceTimersByTime(60);
      throttle.update(4);
      throttle.finish(1_000);
      throttle.finish(1_000);
      expect(seen).toEqual([
        { loaded: 1, total: 1_000 },
        { loaded: 4, total: 1_000 },
        { loaded: 1_000, total: 1_000 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('survives a listener that throws', () => {
    const throttle = new ProgressThrottle(() => {
      throw new Error('window closed');
    }, 10);
    expect(() => throttle.update(1)).not.toThrow();
    expect(() => throttle.finish(10)).not.toThrow();
  });
});

describe('MeteringStream', () => {
  it('passes bytes through unchanged while counting and hashing them', async () => {
    const chunks = [Buffer.from('hello '), Buffer.from('world'), Buffer.alloc(70_000, 1)];
    const counts: number[] = [];
    const meter = new MeteringStream((n) => counts.push(n));
    const out: Buffer[] = [];
    await pipeline(Readable.from(chunks), meter, async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) out.push(chunk);
    });
    const all = Buffer.concat(chunks);
    expect(Buffer.concat(out).equals(all)).toBe(true);
    expect(meter.loaded).toBe(all.length);
    expect(counts.at(-1)).toBe(all.length);
    expect(meter.md5()).toBe(createHash('md5').update(all).digest('hex'));
  });

  it('only counts when told not to hash', async () => {
    const meter = new MeteringStream(undefined, { hash: false });
    await pipeline(Readable.from([Buffer.from('abc')]), meter, async (source: AsyncIterable<Buffer>) => {
      for await (const _ of source) void _;
    });
    expect(meter.loaded).toBe(3);
  });
});
