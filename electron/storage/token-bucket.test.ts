import { describe, expect, it } from 'vitest';
import { Bandwidth, type Clock } from './bandwidth';
import { burstOf, TokenBucket } from './token-bucket';

const KiB = 1024;
const MiB = 1024 ** 2;

/** A clock moved by hand: `advance` runs the timers that fall due, in order, and lets their promises settle. */
class ManualClock implements Clock {
  ms = 0;
  minute = 12 * 60;
  readonly #timers = new Set<{ at: number; run: () => void }>();

  now = () => this.ms;
  minuteOfDay = () => this.minute;
  setTimer = (run: () => void, ms: number) => {
    const timer = { at: this.ms + ms, run };
    this.#timers.add(timer);
    return () => void this.#timers.delete(timer);
  };

  async advance(ms: number): Promise<void> {
    const until = this.ms + ms;
    for (;;) {
      await settle();
      const next = [...this.#timers].sort((a, b) => a.at - b.at)[0];
      if (!next || next.at > until) break;
      this.#timers.delete(next);
      this.ms = next.at;
      next.run();
    }
    this.ms = until;
    await settle();
  }
}

const settle = async () => {
  for (let i = 0; i < 200; i++) await Promise.resolve();
};

/** Reads `total` bytes through `take` in pieces of up to `chunk`, as a file stream does; the bytes moved so far. */
function reader(take: TokenBucket['take'], total: number, chunk = 256 * KiB, signal?: AbortSignal) {
  const state = { moved: 0, done: false, error: undefined as unknown };
  void (async () => {
    while (state.moved < total) state.moved += await take(Math.min(chunk, total - state.moved), signal);
    state.done = true;
  })().catch((err: unknown) => (state.error = err));
  return state;
}

describe('TokenBucket', () => {
  it('with no limit grants every piece whole, at once, with no promise and no timer', () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket(() => null, clock);
    for (let i = 0; i < 1000; i++) expect(bucket.take(4 * MiB)).toBe(4 * MiB);
  });

  it('holds one reader to the rate, within a burst, by the injected clock', async () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket(() => MiB, clock);
    const read = reader(bucket.take, 10 * MiB);
    for (let s = 1; s <= 5; s++) {
      await clock.advance(1000);
      // What moved by now is the rate times the time, within a burst (the head start, or the piece still waiting).
      expect(read.moved).toBeGreaterThanOrEqual(s * MiB - burstOf(MiB));
      expect(read.moved).toBeLessThanOrEqual(s * MiB + burstOf(MiB));
    }
    await clock.advance(5000);
    expect(read.done).toBe(true);
  });

  it('never grants more than a burst at once, so a big read is split', async () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket(() => 16 * KiB, clock);
    expect(bucket.take(256 * KiB)).toBe(16 * KiB);
    const next = bucket.take(256 * KiB);
    expect(next).toBeInstanceOf(Promise);
    await clock.advance(1000);
    await expect(next).resolves.toBe(16 * KiB);
  });

  it('shares one budget between two streams: together they keep to the rate, each getting about half', async () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket(() => 2 * MiB, clock);
    const a = reader(bucket.take, 100 * MiB);
    const b = reader(bucket.take, 100 * MiB);
    await clock.advance(10_000);
    const together = a.moved + b.moved;
    expect(together).toBeGreaterThanOrEqual(20 * MiB - burstOf(2 * MiB));
    expect(together).toBeLessThanOrEqual(20 * MiB + burstOf(2 * MiB));
    // Served in turn: neither starves the other.
    expect(a.moved).toBeGreaterThan(0.45 * together);
    expect(b.moved).toBeGreaterThan(0.45 * together);
  });

  it('follows a rate changed mid-stream at once, raising it and lowering it', async () => {
    const clock = new ManualClock();
    const bandwidth = new Bandwidth(clock);
    const limits = { uploadLimit: 64 * KiB, downloadLimit: null, limitFrom: null, limitTo: null };
    bandwidth.set(limits);
    const read = reader(bandwidth.upload.take, 20 * MiB);
    await clock.advance(2000);
    const slow = read.moved;
    expect(slow).toBeLessThanOrEqual(2 * 64 * KiB + burstOf(64 * KiB));
    // Raised while a piece waits: served at the new rate now, not at the end of the old wait.
    bandwidth.set({ ...limits, uploadLimit: 8 * MiB });
    await clock.advance(1000);
    expect(read.moved - slow).toBeGreaterThanOrEqual(8 * MiB - burstOf(8 * MiB));
    expect(read.moved - slow).toBeLessThanOrEqual(8 * MiB + 2 * burstOf(8 * MiB));
    const fast = read.moved;
    bandwidth.set({ ...limits, uploadLimit: 32 * KiB });
    await clock.advance(4000);
    expect(read.moved - fast).toBeLessThanOrEqual(4 * 32 * KiB + burstOf(8 * MiB));
    // Off: the waiting piece goes at once, and the rest with no wait at all.
    bandwidth.set({ ...limits, uploadLimit: null });
    await clock.advance(0);
    expect(read.done).toBe(true);
  });

  it('lets a cancelled reader leave the queue with a cancelled error, and the one behind it go on', async () => {
    const clock = new ManualClock();
    const bucket = new TokenBucket(() => 16 * KiB, clock);
    const stop = new AbortController();
    const cancelled = reader(bucket.take, MiB, 16 * KiB, stop.signal);
    const other = reader(bucket.take, MiB, 16 * KiB);
    await clock.advance(2000);
    stop.abort();
    await clock.advance(0);
    expect(cancelled.error).toMatchObject({ code: 'cancelled' });
    const before = other.moved;
    await clock.advance(4000);
    // The whole rate is the other reader's now.
    expect(other.moved - before).toBeGreaterThanOrEqual(4 * 16 * KiB - 1);
  });
});

describe('Bandwidth', () => {
  it('limits each direction on its own budget', () => {
    const clock = new ManualClock();
    const bandwidth = new Bandwidth(clock);
    bandwidth.set({ uploadLimit: null, downloadLimit: 16 * KiB, limitFrom: null, limitTo: null });
    expect(bandwidth.upload.take(MiB)).toBe(MiB);
    expect(bandwidth.download.take(MiB)).toBe(16 * KiB);
    expect(bandwidth.upload.rate).toBeNull();
    expect(bandwidth.download.rate).toBe(16 * KiB);
  });

  it('limits only inside a window that wraps past midnight, by the local wall clock', async () => {
    const clock = new ManualClock();
    const bandwidth = new Bandwidth(clock);
    bandwidth.set({ uploadLimit: 16 * KiB, downloadLimit: null, limitFrom: '22:00', limitTo: '06:00' });
    const at = (h: number, m = 0) => (clock.minute = h * 60 + m);
    at(21, 59);
    expect(bandwidth.upload.rate).toBeNull();
    expect(bandwidth.upload.take(MiB)).toBe(MiB);
    at(22);
    expect(bandwidth.upload.rate).toBe(16 * KiB);
    at(0, 30);
    expect(bandwidth.upload.rate).toBe(16 * KiB);
    at(5, 59);
    expect(bandwidth.upload.take(MiB)).toBe(16 * KiB);
    const waiting = bandwidth.upload.take(MiB);
    expect(waiting).toBeInstanceOf(Promise);
    // The window closes while a piece waits: it goes whole, and so does what follows.
    at(6);
    await clock.advance(1000);
    await expect(waiting).resolves.toBe(MiB);
    expect(bandwidth.upload.take(MiB)).toBe(MiB);
  });
});
