import { describe, expect, it } from 'vitest';
import {
  ipRangeProblems,
  isTempUrlKey,
  linkExpiresAt,
  linkExpiryProblems,
  offeredDigests,
  reservedKeyProblems,
  tempUrlKeyProblems,
} from './temp-url';

const NOW = new Date(2030, 0, 15, 12, 0, 0).getTime();

describe('temporary URL rules', () => {
  it('knows the two key names, whatever their case', () => {
    expect(['Temp-URL-Key', 'temp-url-key-2', 'TEMP-URL-KEY'].every(isTempUrlKey)).toBe(true);
    expect(['temp-url-key-3', 'temp-url', 'team'].some(isTempUrlKey)).toBe(false);
    expect(reservedKeyProblems(['team', 'Temp-URL-Key'])).toEqual([
      '"Temp-URL-Key" is a temporary URL key: set it under Temporary URL keys, where it stays masked.',
    ]);
  });

  it('a typed key: not empty, no control characters or edge spaces, within the value limit', () => {
    expect(tempUrlKeyProblems('s3cret-key', 256)).toEqual([]);
    expect(tempUrlKeyProblems('', 256)).toEqual(['Enter a key, or generate one.']);
    expect(tempUrlKeyProblems('a\r\nb', 256)).toEqual(['The key contains characters a header cannot carry.']);
    expect(tempUrlKeyProblems(' a', 256)).toEqual(['The key starts or ends with white space, which HTTP would drop.']);
    expect(tempUrlKeyProblems('é'.repeat(129), 256)).toEqual([
      'The key is 258 bytes long; this region allows at most 256.',
    ]);
  });

  it('offers SHA-256 and SHA-512 as /info allows, SHA-1 only on clusters without the list', () => {
    expect(offeredDigests(['sha1', 'sha256', 'sha512'])).toEqual(['sha256', 'sha512']);
    expect(offeredDigests(['sha512'])).toEqual(['sha512']);
    expect(offeredDigests(undefined)).toEqual(['sha1']);
    expect(offeredDigests(['sha1'])).toEqual(['sha1']);
    expect(offeredDigests([])).toEqual([]);
  });

  it('IP ranges as Python’s strict ip_network reads them', () => {
    for (const good of ['127.0.0.1', '10.0.0.0/8', '0.0.0.0/0', '203.0.113.7/32', '::1', '2001:db8::/32', 'fe80::/10'])
      expect(ipRangeProblems(good), good).toEqual([]);
    expect(ipRangeProblems('10.1.2.3/16')).toEqual([
      '"10.1.2.3/16" has host bits set: Swift wants the network\'s first address before "/16".',
    ]);
    expect(ipRangeProblems('10.0.0.0/33')).toEqual(['The network size after "/" is a number from 0 to 32.']);
    expect(ipRangeProblems('2001:db8::1/32')).toHaveLength(1);
    for (const bad of ['', 'localhost', '256.1.1.1', '1.2.3', '1::2::3', '1.2.3.4/8/9', '12345::'])
      expect(ipRangeProblems(bad), bad).toHaveLength(1);
  });

  it('a link lives for an amount of time or until a date, in the future and at most a year', () => {
    const now = NOW / 1000;
    expect(linkExpiresAt({ kind: 'for', amount: '30', unit: 'minutes' }, NOW)).toBe(now + 1800);
    expect(linkExpiresAt({ kind: 'for', amount: '2', unit: 'hours' }, NOW)).toBe(now + 7200);
    expect(linkExpiresAt({ kind: 'for', amount: '7', unit: 'days' }, NOW)).toBe(now + 7 * 86_400);
    expect(linkExpiresAt({ kind: 'until', date: '2030-01-16T12:00' }, NOW)).toBe(now + 86_400);
    expect(linkExpiryProblems({ kind: 'for', amount: '0', unit: 'hours' }, NOW)).toEqual([
      'Enter a whole number, 1 or more.',
    ]);
    expect(linkExpiryProblems({ kind: 'for', amount: '367', unit: 'days' }, NOW)).toEqual([
      'A link can last at most a year.',
    ]);
    expect(linkExpiryProblems({ kind: 'until', date: '2030-01-15T11:00' }, NOW)).toEqual([
      'Choose a time in the future.',
    ]);
    expect(linkExpiryProblems({ kind: 'until', date: '' }, NOW)).toEqual(['Enter a date and a time.']);
  });
});
