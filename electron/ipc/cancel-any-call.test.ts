// Every call the UI can wait on can be given an id and cancelled, not only transfers.
import { afterEach, describe, expect, it } from 'vitest';
import type { AccessGrant } from '../storage/auth';
import { FAULT_ACCOUNT, FAULT_REGION, startFaultServer, type FaultServer } from '../../testing/electron/fault-server';
import { createHandlers } from './handlers';

let server: FaultServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server that takes every request and never answers: a stalled cluster (Swift cannot be made to do this). */
const silentServer = () => startFaultServer(() => undefined);

const signIn = {
  authUrl: 'http://127.0.0.1:1/v2.0',
  userName: 'u',
  tenantName: 't',
  secret: { kind: 'password', value: 'p' },
} as const;

describe('cancelling by operationId', () => {
  it('ends a listing, a HEAD and a metadata save that a stalled server never answers', async () => {
    server = await silentServer();
    const grant: AccessGrant = {
      token: 't',
      expiresAt: undefined,
      tenantName: 't',
      regions: [{ name: FAULT_REGION, endpoint: `${server.origin}${FAULT_ACCOUNT}` }],
    };
    const handlers = createHandlers({ authenticate: async () => grant });
    expect(await handlers.signIn(signIn)).toMatchObject({ ok: true });
    const region = FAULT_REGION;
    const calls = [
      handlers.listObjects({ region, container: 'c', operationId: 'list' }),
      handlers.headObject({ region, container: 'c', name: 'o', operationId: 'head' }),
      handlers.getAccount({ region, operationId: 'account' }),
    ];
    // Four: the three calls, and the region's /info, which getAccount reads to name its per-policy figures.
    await expect.poll(() => server!.requests.length).toBe(4);
    for (const id of ['list', 'head', 'account']) {
      expect(await handlers.cancel({ operationId: id })).toEqual({ ok: true, value: true });
    }
    for (const result of await Promise.all(calls)) {
      expect(result).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    }
    // Done calls are forgotten: the id can be used again, and cancelling it now finds nothing.
    expect(await handlers.cancel({ operationId: 'list' })).toEqual({ ok: true, value: false });
  });

  it('ends a sign-in that the identity service never answers', async () => {
    const handlers = createHandlers({
      authenticate: (_credentials, signal) =>
        new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
    });
    const pending = handlers.signIn({ ...signIn, operationId: 'sign-in' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await handlers.cancel({ operationId: 'sign-in' })).toEqual({ ok: true, value: true });
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(await handlers.getSession({})).toEqual({ ok: true, value: null });
  });
});
