import { describe, expect, it } from 'vitest';
import { exceedsAny, limitProblem, parseLimit, parseSize, quotaOf, quotaUse, wouldExceed } from './quotas';

describe('quotas from metadata', () => {
  it('reads non-negative whole numbers and ignores the rest', () => {
    expect(quotaOf({ 'quota-bytes': '1000', 'quota-count': '5' })).toEqual({ bytes: 1000, count: 5 });
    expect(quotaOf({ 'quota-bytes': ' 0 ' })).toEqual({ bytes: 0 });
    expect(quotaOf({ 'quota-bytes': '-1', 'quota-count': '1.5' })).toEqual({});
    expect(quotaOf({ 'quota-bytes': 'lots', other: '3' })).toEqual({});
    expect(quotaOf({})).toEqual({});
    expect(parseLimit(undefined)).toBeUndefined();
    expect(parseLimit('')).toBeUndefined();
    expect(parseLimit('1234567890123456')).toBeUndefined();
  });
});

describe('quotaUse', () => {
  it('gives the fraction and percentage for the bar', () => {
    expect(quotaUse(3, 10)).toEqual({ used: 3, limit: 10, fraction: 0.3, percent: 30, over: false });
    expect(quotaUse(10, 10)).toMatchObject({ fraction: 1, percent: 100, over: false });
  });
  it('caps the bar at full and says when use is past the limit', () => {
    expect(quotaUse(15, 10)).toMatchObject({ fraction: 1, percent: 100, over: true });
  });
  it('treats a zero limit as full as soon as anything is used', () => {
    expect(quotaUse(0, 0)).toMatchObject({ fraction: 0, over: false });
    expect(quotaUse(1, 0)).toMatchObject({ fraction: 1, over: true });
  });
});

describe('wouldExceed', () => {
  const usage = { bytesUsed: 3_000_000, objectCount: 4 };
  it('is false without a quota', () => {
    expect(wouldExceed(usage, {}, { addBytes: 1e12, addCount: 1000 })).toEqual({ bytes: false, count: false });
  });
  it('compares used plus added with the limit, allowing exactly the limit', () => {
    expect(wouldExceed(usage, { bytes: 10_000_000 }, { addBytes: 7_000_000, addCount: 1 }).bytes).toBe(false);
    expect(wouldExceed(usage, { bytes: 10_000_000 }, { addBytes: 7_000_001, addCount: 1 }).bytes).toBe(true);
    expect(wouldExceed(usage, { count: 5 }, { addBytes: 0, addCount: 1 }).count).toBe(false);
    expect(wouldExceed(usage, { count: 5 }, { addBytes: 0, addCount: 2 }).count).toBe(true);
  });
  it('adds nothing, exceeds nothing, even past the limit already', () => {
    const full = { bytesUsed: 20, objectCount: 9 };
    expect(exceedsAny(wouldExceed(full, { bytes: 10, count: 5 }, { addBytes: 0, addCount: 0 }))).toBe(false);
  });
});

describe('parseSize', () => {
  it('reads bytes, decimal and binary units', () => {
    expect(parseSize('1048576')).toBe(1_048_576);
    expect(parseSize('1,048,576 bytes')).toBe(1_048_576);
    expect(parseSize('10 MB')).toBe(10_000_000);
    expect(parseSize('10mb')).toBe(10_000_000);
    expect(parseSize('1.5 GiB')).toBe(1.5 * 2 ** 30);
    expect(parseSize('2 KiB')).toBe(2048);
    expect(parseSize('1 k')).toBe(1000);
    expect(parseSize('0')).toBe(0);
    expect(parseSize('.5 KB')).toBe(500);
  });
  it('rounds fractions of a byte down', () => {
    expect(parseSize('1.5 B')).toBe(1);
  });
  it('refuses what is not a size', () => {
    for (const text of ['', 'MB', '-1 MB', '10 XB', '1e6', '1.2.3', '10 M B', '99999999999 TB'])
      expect(parseSize(text), text).toBeUndefined();
  });
  it('explains a bad field, and an empty one means no limit', () => {
    expect(limitProblem('', 'bytes')).toBe('');
    expect(limitProblem('10 MB', 'bytes')).toBe('');
    expect(limitProblem('ten', 'bytes')).toMatch(/size/);
    expect(limitProblem('12', 'count')).toBe('');
    expect(limitProblem('1.5', 'count')).toMatch(/whole number/);
  });
});
