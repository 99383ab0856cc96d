import { describe, expect, it } from 'vitest';
import { formatBytes, formatCount, formatCountOf, formatDateTime, formatExactBytes } from './format';

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(2500)).toBe('2,500');
    expect(formatCount(1234567)).toBe('1,234,567');
  });
});

describe('formatCountOf', () => {
  it('uses the singular only for one', () => {
    expect(formatCountOf(1, 'container')).toBe('1 container');
    expect(formatCountOf(0, 'container')).toBe('0 containers');
    expect(formatCountOf(2500, 'container')).toBe('2,500 containers');
    expect(formatCountOf(2, 'entry', 'entries')).toBe('2 entries');
  });
});

describe('formatBytes', () => {
  it('keeps small sizes in bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1)).toBe('1 B');
    expect(formatBytes(1023)).toBe('1,023 B');
  });

  it('uses binary units with at most one decimal', () => {
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(2.4 * 1024 ** 2)).toBe('2.4 MiB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GiB');
    expect(formatBytes(1.25 * 1024 ** 4)).toBe('1.3 TiB');
  });

  it('moves up a unit instead of showing 1,024 of the smaller one', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MiB');
    expect(formatBytes(1023.9 * 1024)).toBe('1,023.9 KiB');
  });

  it('caps at the largest unit and rejects nonsense', () => {
    expect(formatBytes(2 * 1024 ** 7)).toBe('2,048 EiB');
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
  });
});

describe('formatExactBytes', () => {
  it('spells out the exact figure', () => {
    expect(formatExactBytes(1)).toBe('1 byte');
    expect(formatExactBytes(1536)).toBe('1,536 bytes');
  });
});

describe('formatDateTime', () => {
  it('passes through what it cannot parse', () => {
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('formats an ISO time', () => {
    expect(formatDateTime('2024-03-05T12:00:00Z')).toMatch(/2024/);
  });
});
