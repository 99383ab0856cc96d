import { describe, expect, it } from 'vitest';
import { writtenAt } from './sync';

const parsed = (iso: string) => Date.parse(iso) / 1000;

describe('writtenAt', () => {
  it("reads Swift's listing form to the microsecond, as UTC though it names no zone", () => {
    expect(writtenAt('2026-11-29T16:10:11.123456')).toBeCloseTo(parsed('2026-11-29T16:10:11Z') + 0.123456, 6);
    expect(writtenAt('2026-11-29T16:10:11')).toBe(parsed('2026-11-29T16:10:11Z'));
    expect(writtenAt('2026-11-29T16:10:11.5')).toBe(parsed('2026-11-29T16:10:11.5Z'));
    expect(writtenAt('1970-01-01T00:00:00.000001')).toBeCloseTo(0.000001, 9);
  });

  it('reads rows of one minute, one after another, each by its own seconds', () => {
    const minute = parsed('2026-11-29T16:10:00Z');
    expect(writtenAt('2026-11-29T16:10:05.000001')).toBeCloseTo(minute + 5.000001, 6);
    expect(writtenAt('2026-11-29T16:10:59.999999')).toBeCloseTo(minute + 59.999999, 6);
    expect(writtenAt('2026-11-29T16:10:6x.000000')).toBe(0);
    expect(writtenAt('2026-11-29T16:11:00')).toBe(minute + 60);
    expect(writtenAt('2026-11-29T16:10:00')).toBe(minute);
  });

  it('agrees with Date.parse to the millisecond across years, months and days', () => {
    for (let ms = Date.UTC(1999, 0, 1); ms < Date.UTC(2040, 0, 1); ms += 86_400_000 * 37 + 3_723_456) {
      const iso = new Date(ms).toISOString(); // 2026-11-29T16:10:11.123Z
      const swift = `${iso.slice(0, 23)}456`;
      expect(writtenAt(swift), swift).toBeCloseTo(ms / 1000 + 0.000456, 6);
    }
  });

  it('reads any other form as Date.parse does, and what it cannot read as 0', () => {
    expect(writtenAt('2026-11-29T16:10:11.123Z')).toBe(parsed('2026-11-29T16:10:11.123Z'));
    expect(writtenAt('2026-11-29T17:10:11+01:00')).toBe(parsed('2026-11-29T16:10:11Z'));
    for (const bad of [
      '',
      'yesterday',
      '2026-13-01T00:00:00',
      '2026-11-29T24:00:00',
      '2026-11-29T16:10:1x',
      '2026-11-29 16:10:11.',
    ]) {
      expect(writtenAt(bad), bad).toBe(Number.isFinite(Date.parse(`${bad}Z`)) ? Date.parse(`${bad}Z`) / 1000 : 0);
    }
    expect(writtenAt('2026-11-29T16:10:11.1234567')).toBe(parsed('2026-11-29T16:10:11.1234567Z'));
  });
});
