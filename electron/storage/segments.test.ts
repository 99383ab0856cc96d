import { describe, expect, it } from 'vitest';
import { DEFAULT_SEGMENT_SIZE, planUpload, segmentName, segmentRange } from './segments';

const GiB = 1024 ** 3;
const limits = { maxFileSize: 5 * GiB, sloMaxSegments: 1000, sloMinSegmentSize: 1 };

describe('planUpload', () => {
  it('sends a file Swift takes whole in one PUT', () => {
    expect(planUpload(0, limits)).toEqual({ kind: 'single' });
    expect(planUpload(5 * GiB, limits)).toEqual({ kind: 'single' });
  });

  it('splits a file over the size limit into default-size segments', () => {
    expect(planUpload(5 * GiB + 1, limits)).toEqual({
      kind: 'slo',
      segmentSize: DEFAULT_SEGMENT_SIZE,
      segmentCount: 6,
    });
  });

  it('splits at an explicit segment size, but not a file that fits in one segment', () => {
    expect(planUpload(10_000, limits, 2_000)).toEqual({ kind: 'slo', segmentSize: 2_000, segmentCount: 5 });
    expect(planUpload(10_001, limits, 2_000)).toEqual({ kind: 'slo', segmentSize: 2_000, segmentCount: 6 });
    expect(planUpload(2_000, limits, 2_000)).toEqual({ kind: 'single' });
  });

  it('grows the segment size to the manifest limit and the minimum segment size', () => {
    expect(planUpload(10_000, { ...limits, sloMaxSegments: 4 }, 1_000)).toEqual({
      kind: 'slo',
      segmentSize: 2_500,
      segmentCount: 4,
    });
    expect(planUpload(10_000, { ...limits, sloMinSegmentSize: 3_000 }, 1_000)).toEqual({
      kind: 'slo',
      segmentSize: 3_000,
      segmentCount: 4,
    });
    // Grown past the file itself: one PUT after all.
    expect(planUpload(10_000, { ...limits, sloMinSegmentSize: 20_000 }, 1_000)).toEqual({ kind: 'single' });
  });

  it('refuses a file too large even at the most and largest segments, and a nonsense segment size', () => {
    const small = { maxFileSize: 100, sloMaxSegments: 10, sloMinSegmentSize: 1 };
    expect(planUpload(1_000, small)).toEqual({ kind: 'slo', segmentSize: 100, segmentCount: 10 });
    expect(() => planUpload(1_001, small)).toThrow(expect.objectContaining({ code: 'limit_exceeded' }));
    expect(() => planUpload(10, limits, 0)).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(() => planUpload(10, limits, 1.5)).toThrow(expect.objectContaining({ code: 'invalid_input' }));
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
