import { describe, expect, it } from 'vitest';
import type { RegionDifference } from '../../../shared/region-diff';
import { copyItems, differenceRows, toggleGroup } from './differenceRows';

const side = (bytes: number) => ({ bytes, etag: 'e', contentType: 't', lastModified: '', largeObject: false });
const diffs: RegionDifference[] = [
  { name: 'a', kind: 'different', source: side(1), target: side(2) },
  { name: 'b', kind: 'onlyTarget', target: side(3) },
  { name: 'c', kind: 'onlySource', source: side(4) },
];

describe('differenceRows', () => {
  it('groups only-here, only-there, then different, each under a heading', () => {
    expect(differenceRows(diffs).map((r) => r.key)).toEqual([
      'group:onlySource',
      'item:c',
      'group:onlyTarget',
      'item:b',
      'group:different',
      'item:a',
    ]);
  });
});

describe('copyItems', () => {
  it('sends to each side what it lacks or holds differently, sized by the copying side', () => {
    const chosen = new Set(['a', 'b', 'c']);
    expect(copyItems(diffs, chosen, 'target')).toEqual([
      { name: 'a', bytes: 1 },
      { name: 'c', bytes: 4 },
    ]);
    expect(copyItems(diffs, chosen, 'source')).toEqual([
      { name: 'a', bytes: 2 },
      { name: 'b', bytes: 3 },
    ]);
    expect(copyItems(diffs, new Set(['b']), 'target')).toEqual([]);
  });
});

describe('toggleGroup', () => {
  it('chooses the whole group, or, when it is all chosen, none of it', () => {
    const once = toggleGroup(new Set(['x', 'a']), ['a', 'b']);
    expect([...once].sort()).toEqual(['a', 'b', 'x']);
    expect([...toggleGroup(once, ['a', 'b'])]).toEqual(['x']);
  });
});
