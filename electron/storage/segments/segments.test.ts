import { describe, expect, it } from 'vitest';
import { DEFAULT_SEGMENT_SIZE, planUpload, SEGMENTED_THRESHOLD, segmentName, segmentRange } from './segments';

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
const limits = { maxFileSize: 5 * GiB, sloMaxSegments: 1000, sloMinSegmentSize: 1 };

describe('planUpload', () => {
  it('sends a file up to the threshold (1 GiB by default) in one PUT', () => {
    expect(SEGMENTED_THRESHOLD).toBe(GiB);
    expect(planUpload(0, limits)).toEqual({ kind: 'single' });
    expect(planUpload(GiB, limits)).toEqual({ kind: 'single' });
  });

  it('splits a file above the threshold into default-size segments, enough for several streams', () => {
    // 1.5 GiB: the parallel streams only help if the file is more than one segment.
    const plan = planUpload(1.5 * GiB, limits);
    expect(plan).toEqual({
      kind: 'slo',
      segmentSize: DEFAULT_SEGMENT_SIZE,
      segmentCount: Math.ceil((1.5 * GiB) / DEFAULT_SEGMENT_SIZE),
    });
    expect(plan.kind === 'slo' && plan.segmentCount).toBeGreaterThanOrEqual(4);
    expect(planUpload(GiB + 1, limits)).toMatchObject({ kind: 'slo', segmentSize: DEFAULT_SEGMENT_SIZE });
  });

  it('takes the caller’s threshold and segment size, and never sends more than the region takes in one PUT', () => {
    expect(planUpload(3 * MiB, limits, { threshold: MiB, segmentSize: MiB })).toEqual({
      kind: 'slo',
      segmentSize: MiB,
      segmentCount: 3,
    });
    expect(planUpload(MiB, limits, { threshold: MiB, segmentSize: 1000 })).toEqual({ kind: 'single' });
    // A threshold above max_file_size is lowered to it: 5 GiB + 1 byte cannot go in one PUT.
    expect(planUpload(5 * GiB + 1, limits, { threshold: 100 * GiB })).toMatchObject({ kind: 'slo', segmentCount: 21 });
    // A segment size above max_file_size is lowered to it too.
    expect(planUpload(11 * GiB, limits, { segmentSize: 8 * GiB })).toEqual({
      kind: 'slo',
      segmentSize: 5 * GiB,
      segmentCount: 3,
    });
  });

  it('sends whole a file above the threshold that one segment holds (a manifest of one segment gains nothing)', () => {
    expect(planUpload(3 * MiB, limits, { threshold: MiB, segmentSize: 4 * MiB })).toEqual({ kind: 'single' });
  });

  it('splits at an explicit segment size alone any file it does not hold whole', () => {
    expect(planUpload(10_000, limits, { segmentSize: 2_000 })).toEqual({
      kind: 'slo',
      segmentSize: 2_000,
      segmentCount: 5,
    });
    expect(planUpload(10_001, limits, { segmentSize: 2_000 })).toEqual({
      kind: 'slo',
      segmentSize: 2_000,
      segmentCount: 6,
    });
    expect(planUpload(2_000, limits, { segmentSize: 2_000 })).toEqual({ kind: 'single' });
  });

  it('grows the segment size to the manifest limit and the minimum segment size', () => {
    expect(planUpload(10_000, { ...limits, sloMaxSegments: 4 }, { segmentSize: 1_000 })).toEqual({
      kind: 'slo',
      segmentSize: 2_500,
      segmentCount: 4,
    });
    expect(planUpload(10_000, { ...limits, sloMinSegmentSize: 3_000 }, { segmentSize: 1_000 })).toEqual({
      kind: 'slo',
      segmentSize: 3_000,
      segmentCount: 4,
    });
    // Grown past the file itself: one PUT after all.
    expect(planUpload(10_000, { ...limits, sloMinSegmentSize: 20_000 }, { segmentSize: 1_000 })).toEqual({
      kind: 'single',
    });
  });

  it('refuses a file too large even at the most and largest segments, and a nonsense size', () => {
    const small = { maxFileSize: 100, sloMaxSegments: 10, sloMinSegmentSize: 1 };
    expect(planUpload(1_000, small)).toEqual({ kind: 'slo', segmentSize: 100, segmentCount: 10 });
    expect(() => planUpload(1_001, small)).toThrow(expect.objectContaining({ code: 'limit_exceeded' }));
    expect(() => planUpload(10, limits, { segmentSize: 0 })).toThrow(
      expect.objectContaining({ code: 'invalid_input' }),
    );
    expect(() => planUpload(10, limits, { segmentSize: 1.5 })).toThrow(
      expect.objectContaining({ code: 'invalid_input' }),
    );
    expect(() => planUpload(10, limits, { threshold: -1 })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
  });
});

describe('segment layout', () => {
  it('names segments as the swift client does: <name>/slo/<timestamp>/<size>/<segment size>/<8-digit index>', () => {
    expect(segmentName('dir/big.iso', '1700000000.123456', 10_001, 2_000, 5)).toBe(
      'dir/big.iso/slo/1700000000.123456/10001/2000/00000005',
    );
  });

  it('gives every segment its range, the last one short', () => {
    expect(segmentRange(10_001, 2_000, 0)).toEqual({ start: 0, length: 2_000 });
    expect(segmentRange(10_001, 2_000, 5)).toEqual({ start: 10_000, length: 1 });
  });
});
