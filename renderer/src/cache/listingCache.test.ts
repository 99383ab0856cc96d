import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ListingEntry, ObjectListing } from '../../../shared/domain';
import { containersKey, objectsKey, objectsWindowKey } from './queryKeys';
import { patchListedObject, putListedObject, refreshEverything, removeListedObjects } from './listingCache';
import { LATER_PAGE, toListingPage, type ListingPage, type PageParam } from './listingPage';
import { toListingColumns } from '../../../shared/listing-columns';

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
const entry = (name: string): ListingEntry =>
  name.endsWith('/')
    ? { subdir: name }
    : { name, hash: 'h', bytes: 1, content_type: 'text/plain', last_modified: '2024-03-05T12:00:00' };
const page = (names: string[], marker: string, limit: number, reverse = false) =>
  fromSwift({ container, entries: names.map(entry), nextMarker: undefined }, { marker, reverse, limit });
const written = (name: string) => ({
  name,
  bytes: 7,
  contentType: 'image/png',
  lastModified: 'Tue, 05 Mar 2024 13:00:00 GMT',
});

function cacheWith(key: readonly unknown[], pages: ListingPage[]) {
  const client = new QueryClient();
  client.setQueryData<InfiniteData<ListingPage>>(key, { pages, pageParams: pages.map(() => null) });
  const read = () => client.getQueryData<InfiniteData<ListingPage>>(key)?.pages ?? [];
  return { client, read, names: () => read().map((p) => [...p.names]) };
}

describe('listing cache edits', () => {
  const root = objectsKey('R', 'c', '', '/');

  it('puts a written object where it sorts, in the one page that covers it, leaving the other pages as they were', () => {
    const { client, read, names } = cacheWith(root, [page(['a', 'c'], '', 2), page(['e', 'g'], 'c', 3)]);
    const before = read();
    putListedObject(client, 'R', 'c', written('d'));
    expect(names()).toEqual([
      ['a', 'c', 'd'],
      ['e', 'g'],
    ]);
    expect(read()[1]).toBe(before[1]);
    putListedObject(client, 'R', 'c', written('z')); // past the end of a listing that ended: appended
    expect(names()[1]).toEqual(['e', 'g', 'z']);
  });

  it('writes over a listed object, and shows a folder for a name deeper down', () => {
    const { client, read, names } = cacheWith(root, [page(['a', 'b'], '', 5)]);
    putListedObject(client, 'R', 'c', written('b'));
    expect(read()[0]?.bytes[1]).toBe(7);
    putListedObject(client, 'R', 'c', written('docs/x.txt'));
    putListedObject(client, 'R', 'c', written('docs/y.txt'));
    expect(names()).toEqual([['a', 'b', 'docs/']]);
  });

  it('leaves a name beyond the loaded pages to the listing', () => {
    const { client, names } = cacheWith(root, [page(['a', 'b'], '', 2)]);
    putListedObject(client, 'R', 'c', written('q'));
    expect(names()).toEqual([['a', 'b']]);
  });

  it('finds a window that started elsewhere, and does not write before its first page', () => {
    const key = objectsWindowKey('R', 'c', '', '/', { at: 'end' });
    const { client, names } = cacheWith(key, [page(['n', 'm'], '', 2, true)]); // Swift answers a reverse listing last name first
    putListedObject(client, 'R', 'c', written('a'));
    putListedObject(client, 'R', 'c', written('z'));
    expect(names()).toEqual([['m', 'n', 'z']]);
  });

  it('removes deleted objects and patches a saved one in place', () => {
    const { client, read, names } = cacheWith(root, [page(['a', 'b', 'c'], '', 3), page(['d'], 'c', 3)]);
    removeListedObjects(client, 'R', 'c', ['b', 'd']);
    expect(names()).toEqual([['a', 'c'], []]);
    expect(read()[0]?.objectCount).toBe(2);
    patchListedObject(client, 'R', 'c', written('c'));
    expect(read()[0]?.types.length).toBe(2);
    expect(read()[0]?.modified[1]).toBe(Date.UTC(2024, 2, 5, 13));
    patchListedObject(client, 'R', 'c', written('nope'));
    expect(names()).toEqual([['a', 'c'], []]);
  });

  it('File → Refresh cuts every object window to its first page, keeps the container lists, and makes all stale', async () => {
    const client = new QueryClient();
    client.setQueryData(root, {
      pages: [page(['a', 'b'], '', 2), page(['c', 'd'], 'b', 2)],
      pageParams: [
        { marker: '', reverse: false, limit: 100 },
        { marker: 'b', reverse: false, limit: LATER_PAGE },
      ],
    });
    const names = () => client.getQueryData<InfiniteData<ListingPage>>(root)?.pages.map((p) => [...p.names]);
    const far = objectsWindowKey('R2', 'other', 'docs/', '/', { at: 'name', name: 'docs/m' });
    client.setQueryData(far, { pages: [page(['m'], 'l', 1), page(['n'], 'm', 1)], pageParams: [null, null] });
    const containers = containersKey('R', '');
    client.setQueryData(containers, { pages: [{ names: ['c'] }, { names: ['d'] }], pageParams: ['', 'c'] });
    await refreshEverything(client);
    expect(names()).toEqual([['a', 'b']]);
    const farData = client.getQueryData<InfiniteData<ListingPage>>(far);
    expect(farData?.pages.map((p) => [...p.names])).toEqual([['m']]);
    expect(farData?.pageParams).toHaveLength(1);
    expect(client.getQueryData<InfiniteData<unknown>>(containers)?.pages).toHaveLength(2);
    expect(
      client
        .getQueryCache()
        .findAll()
        .every((query) => query.isStale()),
    ).toBe(true);
  });

  it('cuts a jump’s window back to the page it started from, not to a page listed before it', async () => {
    const key = objectsWindowKey('R', 'c', '', '/', { at: 'name', name: 'm' });
    const client = new QueryClient();
    const start = { marker: 'l\u{10ffff}', reverse: false, limit: 100 };
    client.setQueryData<InfiniteData<ListingPage>>(key, {
      pages: [page(['a', 'l'], 'm', 2, true), page(['m', 'n'], start.marker, 2), page(['o'], 'n', 2)],
      pageParams: [
        { marker: 'm', reverse: true, limit: LATER_PAGE },
        start,
        { marker: 'n', reverse: false, limit: LATER_PAGE },
      ],
    });
    await refreshEverything(client);
    const data = client.getQueryData<InfiniteData<ListingPage>>(key);
    expect(data?.pages.map((p) => [...p.names])).toEqual([['m', 'n']]);
    expect(data?.pageParams).toEqual([start]);
  });
});
