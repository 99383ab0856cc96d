import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../../shared/operations';
import { closedPort } from '../testing/closed-port';
import { createHandlers } from './handlers';

const malformed: unknown[] = [42, 'text', [], { region: 7 }, { authUrl: 'file:///etc/passwd' }, { limit: -1 }];

describe('IPC handlers', () => {
  it('answer malformed arguments to every operation with invalid_input, never a crash', async () => {
    const handlers = createHandlers();
    for (const operation of OPERATIONS) {
      for (const request of malformed) {
        const result = await handlers[operation](request);
        // Operations without arguments accept any object; the rest must refuse.
        if (!result.ok)
          expect(result.error.code, `${operation} ${JSON.stringify(request)}`).toMatch(/invalid_input|not_signed_in/);
        if (typeof request !== 'object' || Array.isArray(request)) expect(result.ok, operation).toBe(false);
      }
    }
  });

  it('refuse a sign-in to a non-HTTP URL and name the field', async () => {
    const result = await createHandlers().signIn({
      authUrl: 'file:///etc/passwd',
      userName: 'u',
      secret: { kind: 'password', value: 'p' },
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(!result.ok && result.error.message).toContain('authUrl');
  });

  it('refuse storage calls before sign-in with not_signed_in', async () => {
    const result = await createHandlers().getAccount({ region: 'RegionOne' });
    expect(result).toEqual({
      ok: false,
      error: { code: 'not_signed_in', message: 'You are not signed in. Sign in to continue.' },
    });
  });

  it('report an unreachable auth URL as a network error', async () => {
    const result = await createHandlers().signIn({
      authUrl: `http://127.0.0.1:${await closedPort()}/v2.0`,
      userName: 'u',
      secret: { kind: 'password', value: 'p' },
      tenantName: 't',
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'network' } });
  }, 20_000);
});
