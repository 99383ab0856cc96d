/**
 * The segmented rows' size on a disk too small for it: the quick bench never
 * gets there, so the choice is checked here against places whose needs are
 * made to outgrow any disk above a size.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseSize, MARGIN_BYTES, type Place } from './disk';

const tmp = os.tmpdir();
/** A place that takes no room up to `limitMib`, and more than any disk has above it. */
const roomUpTo = (limitMib: number): Place => ({ dir: tmp, bytes: (mib) => (mib <= limitMib ? 0 : 2 ** 60) });

describe('chooseSize', () => {
  it('keeps the size asked for when it fits', () => {
    expect(chooseSize([roomUpTo(5120)], 5120)).toEqual({ mib: 5120 });
  });

  it('falls back to the largest power-of-two GiB that fits, and says why', () => {
    const sizing = chooseSize([roomUpTo(3000)], 5120);
    expect(sizing.mib).toBe(2048);
    expect(sizing.shrunk).toContain('5120 MiB asked');
  });

  it('never answers a power of two that is the size asked for and did not fit', () => {
    expect(chooseSize([roomUpTo(2048)], 4096).mib).toBe(2048);
  });

  it('adds up what places on one disk need, a folder not made yet counting as its parent', () => {
    const s = fs.statfsSync(tmp);
    // Six tenths of what is free beyond the margin: one such place fits, two on the same disk do not.
    const share = 0.6 * (Number(s.bavail) * Number(s.bsize) - MARGIN_BYTES);
    const place = (dir: string): Place => ({ dir, bytes: (mib) => (mib <= 1024 ? 0 : share) });
    expect(chooseSize([place(tmp)], 4096).mib).toBe(4096);
    expect(chooseSize([place(tmp), place(path.join(tmp, 'not-made-yet', 'deeper'))], 4096).mib).toBe(1024);
  });

  it('refuses when not even 1 GiB fits', () => {
    expect(() => chooseSize([roomUpTo(512)], 5120)).toThrow(/nor 1 GiB/);
    expect(() => chooseSize([roomUpTo(8)], 24)).toThrow(/cannot hold 24 MiB/);
  });
});
