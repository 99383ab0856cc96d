import { describe, expect, it } from 'vitest';
import { authenticate, urlHasCredentials } from './index';

const PASSWORD = 'pw-in-url-9f3a';

describe('an auth URL with a user name or password in it', () => {
  it.each([`http://user:${PASSWORD}@127.0.0.1:1/v2.0`, `http://user:${PASSWORD}@127.0.0.1:1/v3`, 'https://u@h/v1.0'])(
    'is refused before anything is sent (%s), without repeating it',
    async (authUrl) => {
      // Port 1: were anything sent, the answer would be a network error, not invalid_input.
      const refused = await authenticate({ authUrl, userName: 'u', secret: { kind: 'password', value: 'p' } }).then(
        () => undefined,
        (err: unknown) => err as { code: string; message: string },
      );
      expect(refused).toMatchObject({ code: 'invalid_input' });
      expect(refused?.message).not.toContain(PASSWORD);
      expect(refused?.message).not.toContain('127.0.0.1');
    },
  );

  it('is found by the URL parser too', () => {
    expect(urlHasCredentials(' http://u:p@h/ ')).toBe(true);
    expect(urlHasCredentials('http://h/v2.0')).toBe(false);
    expect(urlHasCredentials('not a url')).toBe(false);
  });
});
