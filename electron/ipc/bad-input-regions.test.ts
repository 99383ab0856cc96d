// Bad input to comparing and copying between regions is answered invalid_input by the IPC schema;
// each case sent fixed gets as far as "not signed in", so the bad field is the reason.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../shared/contract';
import { createHandlers } from './handlers';

const source = { region: 'RegionOne', container: 'c' };
const target = { region: 'RegionTwo', container: 'c' };
const compare = { operationId: 'cmp-1', source, target };
const copy = { operationId: 'cp-1', source, target, items: [{ name: 'o', bytes: 3 }] };
const offer = { dragId: '0123456789abcdef0123456789abcdef', source, items: [{ name: 'o', bytes: 3 }] };
const drop = { operationId: 'drop-1', dragId: offer.dragId, target };

type Case = [label: string, operation: Operation, good: Record<string, unknown>, bad: Record<string, unknown>];

const cases: Case[] = [
  ['no operation id', 'compareRegions', compare, { operationId: undefined }],
  ['an empty operation id', 'compareRegions', compare, { operationId: '' }],
  ['a container with "/"', 'compareRegions', compare, { source: { region: 'RegionOne', container: 'a/b' } }],
  ['an empty region', 'compareRegions', compare, { target: { region: '', container: 'c' } }],
  ['a side without a container', 'compareRegions', compare, { target: { region: 'RegionTwo' } }],
  ['an extra field on a side', 'compareRegions', compare, { source: { ...source, account: 'AUTH_x' } }],
  ['the same container on both sides', 'compareRegions', compare, { target: source }],
  ['a prefix with a lone surrogate', 'compareRegions', { ...compare, prefix: 'p/' }, { prefix: 'p\uD800' }],
  ['a prefix that is not text', 'compareRegions', compare, { prefix: 7 }],
  ['an unknown field', 'compareRegions', compare, { limit: 10 }],
  ['no items', 'copyBetweenRegions', copy, { items: [] }],
  ['an item without a name', 'copyBetweenRegions', copy, { items: [{ bytes: 1 }] }],
  ['an item with an empty name', 'copyBetweenRegions', copy, { items: [{ name: '', bytes: 1 }] }],
  ['a name with a lone surrogate', 'copyBetweenRegions', copy, { items: [{ name: 'o\uDFFF', bytes: 1 }] }],
  ['a negative size', 'copyBetweenRegions', copy, { items: [{ name: 'o', bytes: -1 }] }],
  ['a fractional size', 'copyBetweenRegions', copy, { items: [{ name: 'o', bytes: 1.5 }] }],
  ['an extra field on an item', 'copyBetweenRegions', copy, { items: [{ name: 'o', bytes: 1, etag: 'x' }] }],
  ['copying onto its own source', 'copyBetweenRegions', copy, { target: source }],
  ['no target', 'copyBetweenRegions', copy, { target: undefined }],
  [
    '100,001 items',
    'copyBetweenRegions',
    copy,
    { items: Array.from({ length: 100_001 }, (_, i) => ({ name: `o${i}`, bytes: 0 })) },
  ],
  ['a drag id that is not 32 hex digits', 'offerWindowDrag', offer, { dragId: 'token-of-alice' }],
  ['an offer without items', 'offerWindowDrag', offer, { items: [] }],
  ['an offer naming an account', 'offerWindowDrag', offer, { source: { ...source, account: 'AUTH_x' } }],
  ['a drop naming a window instead of a drag', 'copyWindowDrop', drop, { dragId: undefined, fromWindow: 2 }],
  ['a drop with its own items', 'copyWindowDrop', drop, { items: [{ name: 'o', bytes: 3 }] }],
  ['a drop without a target', 'copyWindowDrop', drop, { target: undefined }],
];

describe('bad input to the region requests is invalid_input, never network or unexpected', () => {
  const handlers = createHandlers();
  it.each(cases)('%s (%s)', async (_label, operation, good, bad) => {
    expect(await handlers[operation](good)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    const answer = await handlers[operation]({ ...good, ...bad });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('names the reason when both sides are one container', async () => {
    const answer = await handlers.copyBetweenRegions({ ...copy, target: source });
    expect(answer).toMatchObject({ ok: false, error: { message: expect.stringContaining('the same container') } });
  });

  it('allows two containers of one region (a copy Swift makes by itself)', async () => {
    const answer = await handlers.copyBetweenRegions({ ...copy, target: { region: 'RegionOne', container: 'd' } });
    expect(answer).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
  });
});
