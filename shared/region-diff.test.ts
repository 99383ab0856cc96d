import { describe, expect, it } from 'vitest';
import { compareNames, comparedObject, sameContent } from './region-diff';

const row = (name: string, extra: Partial<Parameters<typeof comparedObject>[0]> = {}) => ({
  name,
  bytes: 7,
  hash: '7527c3e5d1f67a42f1793ba503fd6465',
  content_type: 'text/plain',
  last_modified: '2026-11-25T17:09:41.839090',
  ...extra,
});

describe('compareNames', () => {
  it('orders as UTF-8 bytes do, not as UTF-16 units', () => {
    const names = ['a😀', 'a\u{E000}', 'a', 'b', 'aa', 'A', 'é'];
    const utf8 = (s: string) => [...new TextEncoder().encode(s)];
    const byBytes = (x: string, y: string) => {
      const [a, b] = [utf8(x), utf8(y)];
      for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
      return a.length - b.length;
    };
    const bytes = [...names].sort(byBytes);
    expect([...names].sort(compareNames)).toEqual(bytes);
    expect(compareNames('a\u{E000}', 'a😀')).toBeLessThan(0);
    expect('a\u{E000}' < 'a😀').toBe(false); // what plain string order would get wrong
  });

  it('is zero only for equal names and puts a prefix first', () => {
    expect(compareNames('x/y', 'x/y')).toBe(0);
    expect(compareNames('x', 'x/')).toBeLessThan(0);
    expect(compareNames('😀b', '😀a')).toBeGreaterThan(0);
  });
});

describe('comparedObject', () => {
  it('compares a static large object by its slo_etag, not its manifest hash', () => {
    const a = comparedObject(row('big', { slo_etag: '"c86e524620297d4f2a1e1fe10278806c"' }));
    const b = comparedObject(row('big', { hash: 'ffff', slo_etag: '"c86e524620297d4f2a1e1fe10278806c"' }));
    expect(a).toMatchObject({ etag: 'c86e524620297d4f2a1e1fe10278806c', largeObject: true });
    expect(sameContent(a, b)).toBe(true);
  });

  it('tells sizes and hashes apart', () => {
    const a = comparedObject(row('x'));
    expect(sameContent(a, comparedObject(row('x', { bytes: 8 })))).toBe(false);
    expect(sameContent(a, comparedObject(row('x', { hash: '00' })))).toBe(false);
    expect(sameContent(a, comparedObject(row('x')))).toBe(true);
  });
});
