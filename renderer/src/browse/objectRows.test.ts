import { describe, expect, it } from 'vitest';
import type { ListingEntry, ObjectListing } from '../../../shared/domain';
import { toListingColumns } from '../../../shared/listing-columns';
import { toListingPage, type PageParam } from '../cache/listingPage';
import { objectRows } from './objectRows';
import { patchContainerCounts } from '../cache/containerListCache';

/** Swift's listing as it reaches the page (columns), as a page. */
const fromSwift = (listing: ObjectListing, param: PageParam) => toListingPage(toListingColumns(listing), param);
const container = {
  name: 'c',
  objectCount: 3,
  bytesUsed: 30,
  metadata: {},
  tempUrlKeys: { first: null, second: null },
  anybodyRead: false,
  readAcl: { referrers: [], listings: false, accounts: [] },
  read: '',
  write: '',
  versioning: { enabled: undefined, legacy: undefined },
  storagePolicy: undefined,
};
const object = (name: string) => ({
  name,
  hash: 'h',
  bytes: 10,
  content_type: 'text/plain',
  last_modified: '2024-03-05T12:00:00.000000',
});

const page = (entries: ListingEntry[], marker = '', limit = 1000) =>
  fromSwift({ container, entries, nextMarker: undefined }, { marker, reverse: false, limit });

describe('RowList', () => {
  it('keeps listing order across pages, folders named by their last segment, objects relative to the folder', () => {
    const pages = [
      page([{ subdir: 'docs/a/' }, object('docs/a.txt')], '', 2),
      page([object('docs/b.txt')], 'docs/a.txt'),
    ];
    const rows = objectRows(pages, 'docs/');
    expect(rows.length).toBe(3);
    expect([0, 1, 2].map((i) => [rows.at(i)?.type, rows.at(i)?.label])).toEqual([
      ['folder', 'a'],
      ['object', 'a.txt'],
      ['object', 'b.txt'],
    ]);
    expect(rows.at(1)).toMatchObject({ name: 'docs/a.txt', bytes: 10, contentType: 'text/plain' });
    expect(new Date((rows.at(1) as { modified: number }).modified).toISOString()).toBe('2024-03-05T12:00:00.000Z');
    expect(rows.pickableNames()).toEqual(['docs/a/', 'docs/a.txt', 'docs/b.txt']);
    expect(rows.objectCount).toBe(2);
    expect(rows.at(3)).toBeUndefined();
  });

  it('finds names by binary search in Swift order', () => {
    const rows = objectRows(
      [page(['a', 'c', 'e'].map(object), '', 3), page(['g', '\uff21', '\u{1f600}'].map(object), 'e')],
      '',
    );
    expect(rows.seek('d')).toBe(2);
    expect(rows.indexOf('g')).toBe(3);
    expect(rows.indexOf('\u{1f600}')).toBe(5);
    expect(rows.indexOf('b')).toBe(-1);
    expect(rows.seek('zz')).toBe(4);
    expect(rows.seek('\u{1f601}')).toBe(6);
  });

  it('works the rows out once per pages array', () => {
    const pages = [page([object('x')])];
    expect(objectRows(pages, '')).toBe(objectRows(pages, ''));
  });

  it('tells how far rows moved: pages added above, pages dropped from the top', () => {
    const [a, b, c] = [
      page(['a', 'b'].map(object), '', 2),
      page(['c', 'd'].map(object), 'b', 2),
      page(['e'].map(object), 'd', 2),
    ];
    const middle = objectRows([b!], '');
    expect(objectRows([a!, b!], '').shiftSince(middle)).toBe(2);
    expect(objectRows([c!], '').shiftSince(objectRows([a!, b!, c!], ''))).toBe(-4);
    expect(objectRows([b!, c!], '').shiftSince(middle)).toBe(0);
  });
});

describe('toListingPage', () => {
  it('marks a short page as the end and a reverse page as read backwards', () => {
    const forward = page(['a', 'b'].map(object), 'x', 5);
    expect(forward).toMatchObject({ atStart: false, atEnd: true, before: 'a', after: 'b' });
    const backward = fromSwift(
      { container, entries: ['b', 'a'].map(object), nextMarker: 'a' },
      { marker: '', reverse: true, limit: 2 },
    );
    expect(backward).toMatchObject({ names: ['a', 'b'], atEnd: true, atStart: false });
  });

  it('keeps every column with its name on a page read backwards', () => {
    // Swift answers `reverse=true` last-first: c.png, b/, a.txt.
    const backward = fromSwift(
      {
        container,
        entries: [
          { name: 'c.png', hash: 'h', bytes: 30, content_type: 'image/png', last_modified: '2024-03-07T00:00:00' },
          { subdir: 'b/' },
          { name: 'a.txt', hash: 'h', bytes: 10, content_type: 'text/plain', last_modified: '2024-03-05T00:00:00' },
        ],
        nextMarker: 'a.txt',
      },
      { marker: 'd', reverse: true, limit: 3 },
    );
    const rows = objectRows([backward], '');
    expect([0, 1, 2].map((i) => rows.at(i))).toMatchObject([
      { type: 'object', name: 'a.txt', bytes: 10, contentType: 'text/plain', modified: Date.UTC(2024, 2, 5) },
      { type: 'folder', prefix: 'b/' },
      { type: 'object', name: 'c.png', bytes: 30, contentType: 'image/png', modified: Date.UTC(2024, 2, 7) },
    ]);
    expect(backward.objectCount).toBe(2);
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
