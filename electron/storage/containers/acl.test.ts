import { describe, expect, it } from 'vitest';
import { isAnybodyRead, parseReadAcl } from './acl';

describe('read ACL', () => {
  it.each([
    ['.r:*,.rlistings', true, true],
    ['.r:*', true, false],
    ['.rlistings', false, true],
    ['', false, false],
    ['AUTH_other:reader', false, false],
    ['.r:.example.com,.rlistings', false, true],
    [' .referrer:* , .rlistings ', true, true],
  ])('%j → anybodyRead %s, listings %s', (header, anybodyRead, listings) => {
    const acl = parseReadAcl(header);
    expect(isAnybodyRead(acl)).toBe(anybodyRead);
    expect(acl.listings).toBe(listings);
  });

  it('keeps referrers and account grants apart', () => {
    expect(parseReadAcl('.r:*.example.com,.r:-bad.example.com,AUTH_a,AUTH_b:carol,.rlistings')).toEqual({
      referrers: ['*.example.com', '-bad.example.com'],
      listings: true,
      accounts: ['AUTH_a', 'AUTH_b:carol'],
    });
  });
});
