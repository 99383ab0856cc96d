import { describe, expect, it } from 'vitest';
import { findExistingNames, swiftOrder, type ListNames } from './overwrites';

/** A container listing as Swift serves it: byte order, marker and end_marker exclusive, short pages allowed. */
function fakeContainer(names: string[], opts: { shortPages?: boolean } = {}) {
  const stored = [...names].sort(swiftOrder);
  const calls: { marker: string | undefined; endMarker: string }[] = [];
  const list: ListNames = async ({ marker, endMarker, limit }) => {
    calls.push({ marker, endMarker });
    const page = stored.filter(
      (n) => (marker === undefined || swiftOrder(n, marker) > 0) && swiftOrder(n, endMarker) < 0,
    );
    return page.slice(0, opts.shortPages ? Math.min(limit, 3) : limit);
  };
  return { list, calls };
}

const budget = { maxRequests: 20, pageLimit: 1000 };

describe('findExistingNames', () => {
  it('asks once when the container holds nothing in range', async () => {
    const { list, calls } = fakeContainer(['zzz/other']);
    expect(await findExistingNames(['a/1', 'a/2', 'b/3'], list, budget)).toEqual({ found: [], unchecked: 0 });
    expect(calls).toHaveLength(1);
  });

  it('finds the names that exist among many others, jumping over unrelated runs', async () => {
    const unrelated = Array.from({ length: 5000 }, (_, i) => `m/${String(i).padStart(5, '0')}`);
    const { list, calls } = fakeContainer([...unrelated, 'a/1', 'z/9', 'z/zz']);
    const result = await findExistingNames(['z/9', 'a/1', 'a/2', 'q/4', 'z/9'], list, { ...budget, pageLimit: 100 });
    expect(result).toEqual({ found: ['a/1', 'z/9'], unchecked: 0 });
    // a/1 (page to m/00097), jump below q/4 (page to z/9, inside end_marker), nothing after.
    expect(calls.length).toBeLessThanOrEqual(3);
    expect(calls[0]).toEqual({ marker: 'a/', endMarker: 'z/9\u0001' });
  });

  it('walks on through short pages and dense overlaps', async () => {
    const names = Array.from({ length: 50 }, (_, i) => `photos/${String(i).padStart(3, '0')}.jpg`);
    const { list } = fakeContainer(
      names.filter((_, i) => i % 3 === 0),
      { shortPages: true },
    );
    expect(await findExistingNames(names, list, budget)).toEqual({
      found: names.filter((_, i) => i % 3 === 0),
      unchecked: 0,
    });
  });

  it('stops at its request budget and says how many names it did not check', async () => {
    const names = Array.from({ length: 30 }, (_, i) => `n/${String(i).padStart(2, '0')}`);
    const { list, calls } = fakeContainer(names, { shortPages: true });
    const result = await findExistingNames(names, list, { maxRequests: 4, pageLimit: 1000 });
    expect(calls).toHaveLength(4);
    expect(result.found).toEqual(names.slice(0, 12));
    expect(result.unchecked).toBe(18);
  });

  it('orders names by UTF-8 bytes, as Swift does, not by UTF-16', async () => {
    // U+FF5E sorts before U+1F600 in UTF-8 but after it in UTF-16.
    const names = ['x/\u{1F600}', 'x/\uFF5E'];
    expect([...names].sort(swiftOrder)).toEqual(['x/\uFF5E', 'x/\u{1F600}']);
    const { list } = fakeContainer(names);
    expect(await findExistingNames(names, list, budget)).toEqual({ found: ['x/\uFF5E', 'x/\u{1F600}'], unchecked: 0 });
  });

  it('checks nothing for no names', async () => {
    const { list, calls } = fakeContainer(['a']);
    expect(await findExistingNames([], list, budget)).toEqual({ found: [], unchecked: 0 });
    expect(calls).toHaveLength(0);
  });
});
