import { describe, expect, it } from 'vitest';
import { draggedItems } from './draggedItems';
import { NOTHING_PICKED, pickAll } from './multiSelect';
import type { ObjectRow } from './objectRows';

const object = (name: string, bytes: number): ObjectRow => ({
  type: 'object',
  key: `o:${name}`,
  name,
  label: name,
  bytes,
  contentType: 'text/plain',
  modified: 0,
});
const folder: ObjectRow = { type: 'folder', key: 'f:docs/', prefix: 'docs/', label: 'docs' };
const listed = [folder, object('a.txt', 1), object('b.txt', 2), object('c.txt', 3)];
const rows = { length: listed.length, at: (i: number) => listed[i] };

describe('what a drag to another window carries', () => {
  it('is the row alone when it is not picked, with its size', () => {
    expect(draggedItems(rows, pickAll(['a.txt', 'c.txt']), 'b.txt')).toEqual([{ name: 'b.txt', bytes: 2 }]);
    expect(draggedItems(rows, NOTHING_PICKED, 'c.txt')).toEqual([{ name: 'c.txt', bytes: 3 }]);
  });

  it('is every picked object when the row is picked, in listing order, folders left out', () => {
    expect(draggedItems(rows, pickAll(['c.txt', 'docs/', 'a.txt']), 'a.txt')).toEqual([
      { name: 'a.txt', bytes: 1 },
      { name: 'c.txt', bytes: 3 },
    ]);
  });

  it('is nothing for a drag that did not start on an object row', () => {
    expect(draggedItems(rows, NOTHING_PICKED, null)).toEqual([]);
    expect(draggedItems(rows, NOTHING_PICKED, 'docs/')).toEqual([]);
  });
});
