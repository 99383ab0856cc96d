// Bad input to pausing, resuming and discarding transfers is invalid_input before anything runs;
// each case is also sent fixed, and that one gets as far as the operation itself, so the bad field is the reason.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../shared/contract';
import { createHandlers } from './handlers';

type Case = [label: string, operation: Operation, good: Record<string, unknown>, bad: Record<string, unknown>];

const byId = (operation: Operation): Case[] => [
  [`${operation} without an id`, operation, { operationId: 't-1' }, { operationId: undefined }],
  [`${operation} with an empty id`, operation, { operationId: 't-1' }, { operationId: '' }],
  [`${operation} with an id that is not text`, operation, { operationId: 't-1' }, { operationId: 7 }],
  [`${operation} naming a path instead`, operation, { operationId: 't-1' }, { filePath: '/etc/passwd' }],
];

const cases: Case[] = [
  ...byId('pauseTransfer'),
  ...byId('resumeTransfer'),
  ...byId('discardTransfer'),
  ['a listing asked with a filter', 'listStoppedTransfers', {}, { account: 'AUTH_other' }],
];

describe('bad input to the pause and resume requests is invalid_input', () => {
  const handlers = createHandlers();
  it.each(cases)('%s: %s', async (_label, operation, fixed, bad) => {
    // Fixed, the request reaches the operation: pausing what does not run answers false; the rest need a session.
    const expected =
      operation === 'pauseTransfer' ? { ok: true, value: false } : { ok: false, error: { code: 'not_signed_in' } };
    expect(await handlers[operation](fixed)).toMatchObject(expected);
    expect(await handlers[operation]({ ...fixed, ...bad })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});
