// Cancelling through the session: its own calls and a token renewal that several calls share.
// The fault server stands in for Swift only to record the token each request carried.
import { afterEach, describe, expect, it } from 'vitest';
import { startFaultServer, type FaultServer } from '../../testing/electron/fault-server';
import type { AccessGrant, Credentials } from './auth';
import { StorageSession } from './session';

const credentials: Credentials = {
  authUrl: 'http://127.0.0.1:9/v2.0',
  userName: 'u',
  secret: { kind: 'password', value: 'p' },
};
let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const grant = (token: string, expiresAt: Date | undefined, origin: string): AccessGrant => ({
  token,
  expiresAt,
  tenantName: 't',
  regions: [{ name: 'R', endpoint: `${origin}/v1/AUTH_t` }],
});

describe('session signals', () => {
  it('hands the caller’s signal to the first authentication', async () => {
    const controller = new AbortController();
    controller.abort();
    const seen: (AbortSignal | undefined)[] = [];
    await expect(
      StorageSession.open(
        credentials,
        async (_c, signal) => {
          seen.push(signal);
          signal?.throwIfAborted();
          return grant('t', undefined, 'http://127.0.0.1:9');
        },
        controller.signal,
      ),
    ).rejects.toThrow();
    expect(seen).toEqual([controller.signal]);
  });

  it('a caller that cancels stops waiting for a shared renewal; the others still get the new token', async () => {
    server = await startFaultServer((_req, reply) => reply.send(204));
    const origin = server.origin;
    let finishRenewal: (g: AccessGrant) => void = () => undefined;
    let calls = 0;
    const session = await StorageSession.open(credentials, (_c, signal) => {
      calls++;
      // The first grant has already expired, so the next calls renew it.
      if (calls === 1) return Promise.resolve(grant('old', new Date(Date.now() - 1_000), origin));
      expect(signal).toBeUndefined(); // the shared renewal belongs to no single caller
      return new Promise<AccessGrant>((resolve) => (finishRenewal = resolve));
    });
    const controller = new AbortController();
    const cancelled = session.request('R', { method: 'HEAD', path: 'c', signal: controller.signal });
    const patient = session.request('R', { method: 'HEAD', path: 'c' });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'cancelled' });
    finishRenewal(grant('new', new Date(Date.now() + 3_600_000), origin));
    expect((await patient).status).toBe(204);
    expect(calls).toBe(2);
    expect(server.requests.map((r) => r.headers['x-auth-token'])).toEqual(['new']);
  });
});
