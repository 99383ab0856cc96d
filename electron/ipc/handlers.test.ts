import { describe, expect, it } from 'vitest';
import { OPERATIONS, requestSchemas } from '../../shared/contract';
import { closedPort } from '../../testing/electron/closed-port';
import { createHandlers } from './handlers';

/** Operations whose request has no required field accept any object; everything else must refuse these. */
const takesNoArguments = (op: keyof typeof requestSchemas) => requestSchemas[op].safeParse({}).success;

const notObjects: unknown[] = [42, 'text', [], true];
const badObjects: unknown[] = [
  {},
  { region: 7 },
  { region: 'RegionOne', container: 12, name: null, metadata: 'x', keys: 'a', items: {}, on: 'yes' },
  { region: 'r'.repeat(300) },
  { authUrl: 'file:///etc/passwd', secret: { kind: 'password', value: '' } },
  { operationId: '', filePath: 'relative/path', targetDir: '../up', format: 'zip' },
];

describe('IPC handlers', () => {
  it('answer malformed arguments to every operation with invalid_input, never a crash', async () => {
    const handlers = createHandlers();
    for (const operation of OPERATIONS) {
      for (const request of notObjects) {
        const result = await handlers[operation](request);
        expect(result, `${operation} ${JSON.stringify(request)}`).toMatchObject({
          ok: false,
          error: { code: 'invalid_input' },
        });
      }
      if (takesNoArguments(operation)) continue;
      for (const request of badObjects) {
        const result = await handlers[operation](request);
        expect(result, `${operation} ${JSON.stringify(request)}`).toMatchObject({
          ok: false,
          error: { code: 'invalid_input' },
        });
      }
    }
  });

  it('take no arguments only where the contract says so', () => {
    expect(OPERATIONS.filter(takesNoArguments)).toEqual([
      'signOut',
      'getSession',
      'getSyncExcludes',
      'getTransferSettings',
      'listStoppedTransfers',
      'listProfiles',
      'chooseFolder',
      'chooseFiles',
      'listEditing',
      'listActivity',
      'clearActivity',
      'saveActivity',
    ]);
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

  it('cancel of an unknown operation is answered false, not an error', async () => {
    expect(await createHandlers().cancel({ operationId: 'nothing-running' })).toEqual({ ok: true, value: false });
  });
});
