// Bad input to the large-object requests (delete with segments, verify) is invalid_input before any session is needed;
// each case is also sent fixed, and that one gets as far as "not signed in", so the bad field is the reason.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../shared/contract';
import { createHandlers } from './handlers';

const region = 'RegionOne';
const good = { region, container: 'c', names: ['a', 'b'] };

type Case = [label: string, operation: Operation, good: Record<string, unknown>, bad: Record<string, unknown>];

const cases: Case[] = [
  ['no names at all', 'largeObjectsAmong', good, { names: [] }],
  ['a name with a lone surrogate', 'largeObjectsAmong', good, { names: ['a\uD800'] }],
  ['a container with a slash', 'largeObjectsAmong', good, { container: 'c/o' }],
  ['names as one string', 'largeObjectsAmong', good, { names: 'a,b' }],
  ['no names to delete', 'deleteObjects', { ...good, large: [] }, { names: [] }],
  ['large objects left out', 'deleteObjects', { ...good, large: ['a'] }, { large: undefined }],
  ['a large name that is not text', 'deleteObjects', { ...good, large: ['a'] }, { large: [7] }],
  ['an unknown field', 'deleteObjects', { ...good, large: [] }, { withSegments: 'all' }],
  ['more names than one request takes', 'deleteObjects', { ...good, large: [] }, { names: Array(100_001).fill('x') }],
  ...(
    [
      ['verify without an operation id', { operationId: undefined }],
      ['verify of a file path that is not text', { filePath: 42 }],
      ['verify of an object name with a lone surrogate', { name: 'o\uDFFF' }],
    ] as const
  ).map(([label, bad]): Case => [
    label,
    'verifyObject',
    { operationId: 'v-1', region, container: 'c', name: 'o', filePath: '/tmp/cirrus-verify.bin' },
    bad,
  ]),
];

describe('bad input to the large-object requests is invalid_input', () => {
  const handlers = createHandlers();
  it.each(cases)('%s: %s', async (_label, operation, fixed, bad) => {
    expect(await handlers[operation](fixed)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    expect(await handlers[operation]({ ...fixed, ...bad })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});
