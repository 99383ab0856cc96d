import { describe, expect, it } from 'vitest';
import { parseSwiftMtime, swiftMtime } from './mtime';

// The expected texts are python3's `"%f" % os.path.getmtime(f)` after `os.utime(f, ns=(v, v))` for each v.
describe('swiftMtime', () => {
  it('writes seconds with six decimals, as the swift CLI does', () => {
    expect(swiftMtime(1234567890_123456789n)).toBe('1234567890.123457');
    expect(swiftMtime(1700000000_000000000n)).toBe('1700000000.000000');
    expect(swiftMtime(0n)).toBe('0.000000');
  });

  it('rounds a tie half to even as Python does, where toFixed would round up', () => {
    // 1/128 s: the double's exact fraction is .0078125, a tie at six decimals.
    expect(swiftMtime(1700000000_007812500n)).toBe('1700000000.007812');
    expect(swiftMtime(1_023437500n)).toBe('1.023438'); // 3/128: the tie goes up to the even digit
  });

  it('writes a time before the epoch with its sign', () => {
    expect(swiftMtime(-1_500_000_000n)).toBe('-1.500000');
  });
});

describe('parseSwiftMtime', () => {
  it('reads what float() reads', () => {
    expect(parseSwiftMtime('1700000000.123456')).toBe(1700000000.123456);
    expect(parseSwiftMtime(' 1700000000 ')).toBe(1700000000);
    expect(parseSwiftMtime('1.7e9')).toBe(1.7e9);
    expect(parseSwiftMtime('-1.5')).toBe(-1.5);
    expect(parseSwiftMtime('.5')).toBe(0.5);
  });

  it('refuses what is absent, no number, or no time a file can have', () => {
    for (const bad of [null, undefined, '', ' ', 'yesterday', '0x10', '1,5', 'inf', 'nan', '1e400', '9e12', '1.2.3']) {
      expect(parseSwiftMtime(bad)).toBeUndefined();
    }
  });
});
