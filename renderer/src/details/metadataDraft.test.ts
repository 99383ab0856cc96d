import { describe, expect, it } from 'vitest';
import { SWIFT_DEFAULT_LIMITS } from '../../../shared/limits';
import {
  applyDiff,
  diffRows,
  isEmptyDiff,
  newRow,
  rowProblems,
  rowsFrom,
  saveSteps,
  setProblems,
  summarize,
  type MetadataRow,
} from './metadataDraft';

const limits = SWIFT_DEFAULT_LIMITS;
const base = { a: '1', b: '2', c: '3' };

const edit = (rows: MetadataRow[], key: string, patch: Partial<MetadataRow>) =>
  rows.map((row) => (row.origin === key ? { ...row, ...patch } : row));
const withNew = (rows: MetadataRow[], key: string, value: string) => [...rows, { ...newRow(), key, value }];

describe('rows and diffs', () => {
  it('starts with one row per key, sorted, and no change', () => {
    const rows = rowsFrom({ b: '2', a: '1' });
    expect(rows.map((r) => [r.key, r.value, r.origin])).toEqual([
      ['a', '1', 'a'],
      ['b', '2', 'b'],
    ]);
    expect(isEmptyDiff(diffRows({ a: '1', b: '2' }, rows))).toBe(true);
  });

  it('sees added, changed and removed keys, and leaves the rest alone', () => {
    let rows = rowsFrom(base).filter((r) => r.origin !== 'b');
    rows = edit(rows, 'a', { value: '10' });
    rows = withNew(rows, 'd', '4');
    const diff = diffRows(base, rows);
    expect(diff).toEqual({ add: { d: '4' }, change: { a: '10' }, remove: ['b'] });
    expect(summarize(base, diff)).toEqual(['Add d = 4', 'Change a from 1 to 10', 'Remove b']);
    expect(applyDiff(base, diff)).toEqual({ a: '10', c: '3', d: '4' });
  });

  it('shortens long values in the summary', () => {
    const diff = diffRows(base, withNew(rowsFrom(base), 'long', `${'é'.repeat(45)}`));
    expect(summarize(base, diff)).toEqual([`Add long = ${'é'.repeat(39)}…`]);
  });

  it('takes a renamed key as removing the old one and adding the new one', () => {
    const diff = diffRows(base, edit(rowsFrom(base), 'c', { key: 'z' }));
    expect(diff).toEqual({ add: { z: '3' }, change: {}, remove: ['c'] });
  });

  it('compares keys the way Swift does: without case', () => {
    const diff = diffRows(base, withNew(edit(rowsFrom(base), 'a', { key: 'A' }), 'Color', 'red'));
    expect(diff).toEqual({ add: { color: 'red' }, change: {}, remove: [] });
  });

  it('ignores a row that was added but never typed into', () => {
    const rows = [...rowsFrom(base), newRow()];
    expect(isEmptyDiff(diffRows(base, rows))).toBe(true);
    expect(rowProblems(rows, limits).size).toBe(0);
  });

  it('removing a row and adding it back unchanged is no change', () => {
    const rows = withNew(
      rowsFrom(base).filter((r) => r.origin !== 'b'),
      'b',
      '2',
    );
    expect(isEmptyDiff(diffRows(base, rows))).toBe(true);
  });

  it('applies a change on top of a newer set without undoing what others changed there', () => {
    const rows = edit(rowsFrom(base), 'a', { value: '10' });
    const diff = diffRows(base, rows);
    // Someone else changed c and added e since the person started editing.
    expect(applyDiff({ a: '1', b: '2', c: '30', e: '5' }, diff)).toEqual({ a: '10', b: '2', c: '30', e: '5' });
  });
});

describe('problems', () => {
  it('names the limit next to a value that is too long', () => {
    const rows = edit(rowsFrom(base), 'a', { value: 'x'.repeat(257) });
    const problems = rowProblems(rows, limits);
    expect([...problems.keys()]).toEqual(['m:a']);
    expect(problems.get('m:a')?.join(' ')).toContain('257 bytes long; the limit is 256');
  });

  it('refuses an empty value, a bad key and a key used twice', () => {
    const rows = [
      { ...newRow(), key: 'empty', value: '' },
      { ...newRow(), key: 'has space', value: 'v' },
      { ...newRow(), key: 'A', value: 'v' },
    ];
    const problems = rowProblems([...rowsFrom(base), ...rows], limits);
    expect(problems.get(rows[0]!.id)?.join(' ')).toContain('Enter a value');
    expect(problems.get(rows[1]!.id)?.join(' ')).toContain('may use only');
    expect(problems.get(rows[2]!.id)?.join(' ')).toContain('already has the key "a"');
    expect(problems.has('m:a')).toBe(false);
  });

  it('counts the whole set against the limits', () => {
    const many = Object.fromEntries(Array.from({ length: limits.maxMetaCount + 1 }, (_, i) => [`k${i}`, 'v']));
    expect(setProblems(many, limits).join(' ')).toContain(`at most ${limits.maxMetaCount}`);
    expect(setProblems(base, limits)).toEqual([]);
  });
});

describe('save steps', () => {
  it('sets before it removes, so a failure halfway loses nothing', () => {
    const diff = { add: { d: '4' }, change: { a: '10' }, remove: ['b'] };
    expect(saveSteps(base, diff, limits)).toEqual([
      { op: 'update', metadata: { d: '4', a: '10' } },
      { op: 'delete', keys: ['b'] },
    ]);
  });

  it('sends only what there is to send', () => {
    expect(saveSteps(base, { add: {}, change: {}, remove: ['b'] }, limits)).toEqual([{ op: 'delete', keys: ['b'] }]);
    expect(saveSteps(base, { add: { d: '4' }, change: {}, remove: [] }, limits)).toEqual([
      { op: 'update', metadata: { d: '4' } },
    ]);
  });

  it('removes first when the new keys would not fit beside the old ones', () => {
    const full = Object.fromEntries(Array.from({ length: limits.maxMetaCount }, (_, i) => [`k${i}`, 'v']));
    const diff = { add: { fresh: 'v' }, change: {}, remove: ['k0'] };
    expect(saveSteps(full, diff, limits).map((s) => s.op)).toEqual(['delete', 'update']);
  });
});
