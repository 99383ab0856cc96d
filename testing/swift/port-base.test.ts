import { describe, expect, it } from 'vitest';
import { portOffset } from './config';

describe('the harness port base', () => {
  it('moves every port by the same amount, or not at all', () => {
    expect(portOffset(undefined)).toBe(0);
    expect(portOffset('')).toBe(0);
    expect(portOffset('21311')).toBe(10000);
  });

  it('refuses a base that is not a port the whole block fits above', () => {
    expect(() => portOffset('80')).toThrow(/from 1024 to 58764/);
    expect(() => portOffset('60000')).toThrow(/got "60000"/);
    expect(() => portOffset('2e4x')).toThrow(/whole number/);
  });
});
