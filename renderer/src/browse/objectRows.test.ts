import { describe, expect, it } from 'vitest';
import type { ObjectListing } from '../../../shared/domain';
import { listingTime, objectNames, objectRows } from './objectRows';
import { patchContainerCounts } from './useListingSync';

const container = {
  name: 'c',
  objectCount: 3,
  bytesUsed: 30,
  metadata: {},
  anybodyRead: false,
  readAcl: { referrers: [], listings: false, accounts: [] },
  read: '',
  write: '',
};
const object = (name: string) => ({
  name,
  hash: 'h',
  bytes: 10,
  content_type: 'text/plain',
  last_modified: '2024-03-05T12:00:00.000000',
});

describe('objectRows', () => {
  it('keeps listing order across pages, folders named by their last segment, objects relative to the folder', () => {
    const pages: ObjectListing[] = [
      { container, entries: [{ subdir: 'docs/a/' }, object('docs/a.txt')], nextMarker: 'docs/a.txt' },
      { container, entries: [object('docs/b.txt')], nextMarker: 'docs/b.txt' },
    ];
    const rows = objectRows({ pages, pageParams: ['', 'docs/a.txt'] }, 'docs/');
    expect(rows.map((r) => [r.type, r.label])).toEqual([
      ['folder', 'a'],
      ['object', 'a.txt'],
      ['object', 'b.txt'],
    ]);
    expect(objectNames(rows)).toEqual(['docs/a.txt', 'docs/b.txt']);
  });

  it('works the rows out once per set of pages', () => {
    const data = { pages: [{ container, entries: [object('x')], nextMarker: 'x' }], pageParams: [''] };
    expect(objectRows(data, '')).toBe(objectRows(data, ''));
  });
});

describe('listingTime', () => {
  it('reads Swift listing times as UTC', () => {
    expect(new Date(listingTime('2024-03-05T12:00:00.000000')).toISOString()).toBe('2024-03-05T12:00:00.000Z');
    expect(listingTime('2024-03-05T12:00:00Z')).toBe('2024-03-05T12:00:00Z');
    expect(listingTime('2024-03-05T12:00:00+01:00')).toBe('2024-03-05T12:00:00+01:00');
  });
});

describe('patchContainerCounts', () => {
  const page = (names: string[]) => ({
    containers: names.map((name) => ({ name, objectCount: 1, bytesUsed: 10, lastModified: undefined })),
    nextMarker: names.at(-1),
  });
  const data = { pages: [page(['a', 'b']), page(['c'])], pageParams: ['', 'b'] };

  it('updates only the matching container, in place of its old figures', () => {
    const next = patchContainerCounts(data, { name: 'c', objectCount: 4, bytesUsed: 40 });
    expect(next?.pages[1]?.containers[0]).toMatchObject({ name: 'c', objectCount: 4, bytesUsed: 40 });
    expect(next?.pages[0]).toBe(data.pages[0]);
  });

  it('returns the same data when nothing changed', () => {
    expect(patchContainerCounts(data, { name: 'a', objectCount: 1, bytesUsed: 10 })).toBe(data);
    expect(patchContainerCounts(data, { name: 'zz', objectCount: 9, bytesUsed: 9 })).toBe(data);
  });
});
