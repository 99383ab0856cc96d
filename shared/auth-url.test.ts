import { describe, expect, it } from 'vitest';
import { authUrlProblem, hasUrlCredentials, URL_CREDENTIALS_MESSAGE, withoutUrlCredentials } from './auth-url';

describe('auth URLs with embedded credentials', () => {
  it.each([
    'http://user:pw@127.0.0.1:15000/v2.0',
    'https://user@keystone.example/v3',
    'HTTP://u:p@host',
    '  http://u:p@host/v2.0',
    'http:///u:p@host/v2.0', // extra slashes: URL parsing still finds the user
    'http:\\\\u:p@host/', // backslashes count as slashes in http(s) URLs
    'http://u:p\t@host/', // tabs are dropped by URL parsing
    'http://u:p@x@host/',
  ])('finds them in %j, as URL parsing would', (url) => {
    expect(hasUrlCredentials(url)).toBe(true);
    const parsed = new URL(url.trim());
    expect(parsed.username !== '' || parsed.password !== '').toBe(true);
    const stripped = new URL(withoutUrlCredentials(url).trim());
    expect([stripped.username, stripped.password, stripped.host]).toEqual(['', '', parsed.host]);
  });

  it.each([
    'http://127.0.0.1:15000/v2.0',
    'https://keystone.example/v3?x=a@b',
    'https://keystone.example/v3#a@b',
    'http://host/path@x',
    'http://host\\path@x',
  ])('leaves %j alone', (url) => {
    expect(hasUrlCredentials(url)).toBe(false);
    expect(withoutUrlCredentials(url)).toBe(url);
  });

  it('says what is wrong without repeating the URL', () => {
    expect(URL_CREDENTIALS_MESSAGE).not.toMatch(/http/);
  });
});

describe('authUrlProblem', () => {
  it('accepts http and https addresses', () => {
    expect(authUrlProblem('https://identity.example.com/v3')).toBeUndefined();
    expect(authUrlProblem(' http://127.0.0.1:15000/v2.0 ')).toBeUndefined();
  });

  it('says what to type when the scheme is missing, with the address completed', () => {
    expect(authUrlProblem('127.0.0.1:15000/v2.0')).toBe(
      'The auth URL needs its scheme: start it with https:// (or http:// for a service without TLS), e.g. https://127.0.0.1:15000/v2.0.',
    );
  });

  it('refuses other schemes, empty input, credentials and hosts that are not there', () => {
    expect(authUrlProblem('ftp://example.com/v3')).toBe('The auth URL must start with https:// or http://.');
    expect(authUrlProblem('')).toBe('Enter the auth URL of the identity service.');
    expect(authUrlProblem('https://u:p@example.com/v3')).toBe(URL_CREDENTIALS_MESSAGE);
    expect(authUrlProblem('https:///v3')).toMatch(/not a valid address/);
  });
});
