import { describe, expect, it } from 'vitest';
import { dateInputValue, deleteAtOf, expiryProblems, MAX_EXPIRY_DAYS, untilText } from './expiry';

// A fixed "now" in local time, so the date cases read the same in any time zone.
const NOW = new Date(2030, 0, 15, 12, 0, 0).getTime();

describe('expiry choices', () => {
  it('never: no problems, no X-Delete-At', () => {
    expect(expiryProblems({ kind: 'never' }, NOW)).toEqual([]);
    expect(deleteAtOf({ kind: 'never' }, NOW)).toBeNull();
  });

  it('in N days: whole days from now, at least 1, at most the cap', () => {
    expect(deleteAtOf({ kind: 'days', days: '3' }, NOW)).toBe(NOW / 1000 + 3 * 86_400);
    expect(deleteAtOf({ kind: 'days', days: ' 7 ' }, NOW)).toBe(NOW / 1000 + 7 * 86_400);
    expect(expiryProblems({ kind: 'days', days: '' }, NOW)).toEqual(['Enter a whole number of days.']);
    expect(expiryProblems({ kind: 'days', days: '1.5' }, NOW)).toEqual(['Enter a whole number of days.']);
    expect(expiryProblems({ kind: 'days', days: '-2' }, NOW)).toEqual(['Enter a whole number of days.']);
    expect(expiryProblems({ kind: 'days', days: '0' }, NOW)).toEqual(['Enter at least 1 day.']);
    expect(expiryProblems({ kind: 'days', days: String(MAX_EXPIRY_DAYS + 1) }, NOW)).toHaveLength(1);
    expect(deleteAtOf({ kind: 'days', days: '0' }, NOW)).toBeUndefined();
  });

  it('a fractional "now" rounds up, so the object lives at least the days asked', () => {
    expect(deleteAtOf({ kind: 'days', days: '1' }, NOW + 400)).toBe(NOW / 1000 + 1 + 86_400);
  });

  it('on a date: local time, in the future, before Swift’s ten-digit limit', () => {
    const at = new Date(2030, 1, 1, 9, 30).getTime() / 1000;
    expect(deleteAtOf({ kind: 'date', date: '2030-02-01T09:30' }, NOW)).toBe(at);
    expect(dateInputValue(at)).toBe('2030-02-01T09:30');
    expect(expiryProblems({ kind: 'date', date: '' }, NOW)).toEqual(['Enter a date and a time.']);
    expect(expiryProblems({ kind: 'date', date: '2030-01-15T11:59' }, NOW)).toEqual([
      'Choose a time in the future: Swift refuses one that has passed.',
    ]);
    expect(expiryProblems({ kind: 'date', date: '2290-01-01T00:00' }, NOW)).toEqual([
      'Choose a date before the year 2286.',
    ]);
  });

  it('says how far off an expiry is', () => {
    expect(untilText(NOW + 3 * 86_400_000, NOW)).toBe('in 3 days');
    expect(untilText(NOW + 86_400_000, NOW)).toBe('in 24 hours');
    expect(untilText(NOW + 5 * 3_600_000, NOW)).toBe('in 5 hours');
    expect(untilText(NOW + 10 * 60_000, NOW)).toBe('in 10 minutes');
    expect(untilText(NOW + 1_000, NOW)).toBe('in 1 second');
    // Two days less the half minute since the page's clock last ticked still reads as two days.
    expect(untilText(NOW + 2 * 86_400_000 - 30_000, NOW)).toBe('in 2 days');
    expect(untilText(NOW + 119_000, NOW)).toBe('in 2 minutes');
    expect(untilText(NOW - 1_000, NOW)).toBe('passed');
  });
});
