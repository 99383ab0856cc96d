import { describe, expect, it } from 'vitest';
import type { ListingEntry, ObjectListing } from '../../../shared/domain';
import { toListingPage, type PageParam } from '../cache/listingPage';
import { toListingColumns } from '../../../shared/listing-columns';
import { objectRows } from './objectRows';
import { BY_NAME, sortRows } from './sortedRows';

/** Swift's listing as it reaches the page (columns), as a page. */
const fromSwift = (listing: ObjectListing, param: PageParam) => toListingPage(toListingColumns(listing), param);
const container = {
  name: 'c',
  objectCount: 0,
  bytesUsed: 0,
  metadata: {},
  tempUrlKeys: { first: null, second: null },
  anybodyRead: false,
  readAcl: { referrers: [], listings: false, accounts: [] },
  read: '',
  write: '',
  versioning: { enabled: undefined, legacy: undefined },
  storagePolicy: undefined,
};
const object = (name: string, bytes: number, type: string, day: number): ListingEntry => ({
  name,
  hash: 'h',
  bytes,
  content_type: type,
  last_modified: `2024-03-${String(day).padStart(2, '0')}T12:00:00.000000`,
});
const pages = [
  fromSwift(
    {
      container,
      entries: [object('a.txt', 30, 'text/plain', 3), { subdir: 'b/' }, object('c.png', 10, 'image/png', 1)],
      nextMarker: undefined,
    },
    { marker: '', reverse: false, limit: 3 },
  ),
  fromSwift(
    { container, entries: [object('d.json', 20, 'application/json', 2), { subdir: 'e/' }], nextMarker: undefined },
    { marker: 'c.png', reverse: false, limit: 3 },
  ),
];
const rows = objectRows(pages, '');
const names = (sorted: ReturnType<typeof sortRows>) =>
  Array.from({ length: sorted.length }, (_, i) => sorted.nameAt(i));

describe('sorting what is loaded', () => {
  it('is the listing itself in listing order', () => {
    expect(sortRows(rows, BY_NAME)).toBe(rows);
  });

  it('sorts by each column either way, folders first', () => {
    expect(names(sortRows(rows, { column: 'size', descending: false }))).toEqual([
      'b/',
      'e/',
      'c.png',
      'd.json',
      'a.txt',
    ]);
    expect(names(sortRows(rows, { column: 'size', descending: true }))).toEqual([
      'b/',
      'e/',
      'a.txt',
      'd.json',
      'c.png',
    ]);
    expect(names(sortRows(rows, { column: 'type', descending: false }))).toEqual([
      'b/',
      'e/',
      'd.json',
      'c.png',
      'a.txt',
    ]);
    expect(names(sortRows(rows, { column: 'modified', descending: false }))).toEqual([
      'b/',
      'e/',
      'c.png',
      'd.json',
      'a.txt',
    ]);
    expect(names(sortRows(rows, { column: 'name', descending: true }))).toEqual([
      'e/',
      'b/',
      'd.json',
      'c.png',
      'a.txt',
    ]);
  });

  it('picks ranges in the order shown, and works the order out once', () => {
    const bySize = sortRows(rows, { column: 'size', descending: false });
    expect(bySize).toBe(sortRows(rows, { column: 'size', descending: false }));
    expect(bySize.pickableNamesBetween(bySize.indexOf('c.png'), bySize.indexOf('a.txt'))).toEqual([
      'c.png',
      'd.json',
      'a.txt',
    ]);
    expect(bySize.at(2)).toMatchObject({ name: 'c.png', bytes: 10 });
  });
});
