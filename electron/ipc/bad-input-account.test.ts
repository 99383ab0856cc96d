// Bad input to the account requests (account ACLs, the account quota) and to a container's storage policy is invalid_input before any
// session is needed; each case is also sent fixed, and that one gets as far as "not signed in".
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../shared/contract';
import { createHandlers } from './handlers';

const region = 'RegionOne';

type Case = [label: string, operation: Operation, good: Record<string, unknown>, bad: Record<string, unknown>];

const cases: Case[] = [
  ...['a b', 'gold\r\nX-Evil: 1', 'gold_1', '', 'x'.repeat(256)].map((storagePolicy): Case => [
    `storage policy ${JSON.stringify(storagePolicy.slice(0, 20))}`,
    'createContainer',
    { region, container: 'c', storagePolicy: 'archive' },
    { storagePolicy },
  ]),
  ...(
    [
      ['an account grant with a comma', { grants: [{ who: 'a,b', level: 'read-only' }] }],
      ['an account grant with no one', { grants: [{ who: ' ', level: 'admin' }] }],
      ['an account level Swift does not know', { grants: [{ who: 'a:b', level: 'owner' }] }],
      [
        'one identity at two account levels',
        {
          grants: [
            { who: 'a:b', level: 'read-only' },
            { who: 'a:b', level: 'admin' },
          ],
        },
      ],
      ['an account ACL as text', { grants: '{"read-only":["a:b"]}' }],
    ] as const
  ).map(([label, bad]): Case => [label, 'setAccountAccess', { region, grants: [] }, bad]),
  ['a negative account quota', 'setAccountQuota', { region, bytes: null }, { bytes: -1 }],
  ['an account quota as text', 'setAccountQuota', { region, bytes: 10_000_000 }, { bytes: '10 MB' }],
];

describe('bad input to the account requests is invalid_input', () => {
  const handlers = createHandlers();
  it.each(cases)('%s: %s', async (_label, operation, good, bad) => {
    expect(await handlers[operation](good)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    expect(await handlers[operation]({ ...good, ...bad })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});
