import { describe, expect, it } from 'vitest';
import { SWIFT_DEFAULT_LIMITS } from '../../../shared/limits';
import {
  applyDiff,
  diffRows,
  isEmptyDiff,
  newRow,
  rowProblems,
  rowsFrom,
  changeOf,
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

describe('the change a save sends', () => {
  it('is one change: new and changed keys to set, gone keys to remove', () => {
    const diff = { add: { d: '4' }, change: { a: '10' }, remove: ['b'] };
    expect(changeOf(diff)).toEqual({ set: { d: '4', a: '10' }, remove: ['b'] });
    // Nothing empty is sent: the contract refuses an empty list of keys to remove.
    expect(changeOf({ add: {}, change: {}, remove: ['b'] })).toEqual({ remove: ['b'] });
    expect(changeOf({ add: { d: '4' }, change: {}, remove: [] })).toEqual({ set: { d: '4' } });
  });

  it('previews with the rule the main process writes with', () => {
    const diff = { add: { D: '4' }, change: { a: '10' }, remove: ['B'] };
    expect(applyDiff({ a: '1', b: '2', c: '3' }, diff)).toEqual({ a: '10', c: '3', d: '4' });
  });
});
