// Bad input to the Segments view's requests is invalid_input before any session is needed; each case sent
// fixed gets as far as "not signed in", so the bad field is the reason. A delete names groups (container and
// prefix), never objects: a list of names from the page is refused.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../../shared/contract';
import { MAX_GROUPS } from '../../shared/segment-groups';
import { createHandlers } from './handlers';

const region = 'RegionOne';
const scan = { operationId: 'scan-1', region };
const group = { container: 'c_segments', prefix: 'big.iso/slo/1795637540.852063/2200000/1048576/' };
const del = { operationId: 'del-1', region, groups: [group] };

type Case = [label: string, operation: Operation, good: Record<string, unknown>, bad: Record<string, unknown>];

const cases: Case[] = [
  ['a scan without an operation id', 'scanOrphanSegments', scan, { operationId: undefined }],
  ['a scan of an empty region', 'scanOrphanSegments', scan, { region: '' }],
  ['a scan limited to a container (there is no such field)', 'scanOrphanSegments', scan, { container: 'c' }],
  ['a delete without an operation id', 'deleteOrphanSegments', del, { operationId: undefined }],
  ['a delete of no groups', 'deleteOrphanSegments', del, { groups: [] }],
  ['a delete of object names', 'deleteOrphanSegments', del, { names: ['c_segments/big.iso/00000000'] }],
  ['a group with its object names', 'deleteOrphanSegments', del, { groups: [{ ...group, names: ['a'] }] }],
  ['a group without a prefix', 'deleteOrphanSegments', del, { groups: [{ container: 'c_segments' }] }],
  ['a group with an empty prefix', 'deleteOrphanSegments', del, { groups: [{ ...group, prefix: '' }] }],
  ['a group with a lone surrogate', 'deleteOrphanSegments', del, { groups: [{ ...group, prefix: 'a\uD800' }] }],
  ['a group with a NUL', 'deleteOrphanSegments', del, { groups: [{ ...group, prefix: 'a\0b' }] }],
  ['a group in a container with "/"', 'deleteOrphanSegments', del, { groups: [{ ...group, container: 'c/o' }] }],
  ['groups as one string', 'deleteOrphanSegments', del, { groups: 'c_segments/big.iso/' }],
  ['more groups than a scan lists', 'deleteOrphanSegments', del, { groups: Array(MAX_GROUPS + 1).fill(group) }],
];

describe('bad input to the Segments view is invalid_input, never sent', () => {
  const handlers = createHandlers();
  it.each(cases)('%s (%s)', async (_label, operation, good, bad) => {
    expect(await handlers[operation](good)).toMatchObject({ ok: false, error: { code: 'not_signed_in' } });
    expect(await handlers[operation]({ ...good, ...bad })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });
});
