import { describe, expect, it } from 'vitest';
import { compareNames, markerBefore } from './listing-order';

const utf8 = (s: string) => new TextEncoder().encode(s);
/** Swift's order: the names' UTF-8 bytes, compared one by one. */
const byBytes = (x: string, y: string): number => {
  const [a, b] = [utf8(x), utf8(y)];
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  return a.length - b.length;
};

describe('compareNames', () => {
  it('orders as Swift does, by UTF-8 bytes, where UTF-16 would not', () => {
    const names = ['b', 'a', '\u{1f600}', '\uff21', 'ab', 'a\u{10000}', 'a\uffff', ''];
    const bySwift = [...names].sort(byBytes);
    expect([...names].sort(compareNames)).toEqual(bySwift);
    // The case that matters: UTF-16 puts the emoji (D83D…) before U+FF21; Swift after.
    expect(['\u{1f600}', '\uff21'].sort()).toEqual(['\u{1f600}', '\uff21']);
    expect(compareNames('\u{1f600}', '\uff21')).toBeGreaterThan(0);
  });
});

describe('markerBefore', () => {
  it('sorts after every name below `name` and before `name` itself', () => {
    const samples = [
      'img_04',
      'img_049',
      'img_04\u{1f600}',
      'img_05',
      'img_050',
      'a',
      'x\u{1f600}',
      'x\u{1f5ff}z',
      'caf\u00e9',
    ];
    for (const name of ['img_05', 'a', 'x\u{1f600}', 'caf\u00e9']) {
      const marker = markerBefore(name);
      // What a listing from this marker shows: exactly the samples at or after `name`.
      const listed = samples.filter((s) => compareNames(s, marker) > 0);
      expect(listed.sort(compareNames)).toEqual(samples.filter((s) => compareNames(s, name) >= 0).sort(compareNames));
    }
    expect(markerBefore('img_05')).toBe('img_04\u{10ffff}');
    expect(markerBefore('')).toBe('');
  });
});
