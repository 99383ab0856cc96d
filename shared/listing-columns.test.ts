import { describe, expect, it } from 'vitest';
import type { Container, ObjectEntry } from './domain';
import { listingTime, objectNamesOf, toListingColumns } from './listing-columns';

const container = { name: 'c', objectCount: 3 } as unknown as Container;
const object = (name: string, bytes: number, content_type: string, last_modified: string): ObjectEntry => ({
  name,
  hash: 'd41d8cd98f00b204e9800998ecf8427e',
  bytes,
  content_type,
  last_modified,
});

describe('listingTime', () => {
  it('reads Swift listing times as UTC, and HTTP dates', () => {
    expect(new Date(listingTime('2024-03-05T12:00:00.000000')).toISOString()).toBe('2024-03-05T12:00:00.000Z');
    expect(listingTime('2024-03-05T12:00:00+01:00')).toBe(Date.UTC(2024, 2, 5, 11));
    expect(listingTime('Tue, 05 Mar 2024 12:00:00 GMT')).toBe(Date.UTC(2024, 2, 5, 12));
  });
});

describe('toListingColumns', () => {
  const columns = toListingColumns({
    container,
    entries: [
      object('a.txt', 3, 'text/plain', '2024-03-05T12:00:00.500000'),
      { subdir: 'b/' },
      object('c.png', 0, 'image/png', 'not a time'),
      object('d.txt', 7, 'text/plain', '2024-03-06T00:00:00'),
    ],
    nextMarker: 'd.txt',
  });

  it('keeps Swift order, marks folders with -1 and lists each content type once', () => {
    expect(columns).toEqual({
      container,
      names: ['a.txt', 'b/', 'c.png', 'd.txt'],
      bytes: [3, -1, 0, 7],
      modified: [Date.UTC(2024, 2, 5, 12, 0, 0, 500), null, null, Date.UTC(2024, 2, 6)],
      types: [0, 0, 1, 0],
      contentTypes: ['text/plain', 'image/png'],
      nextMarker: 'd.txt',
    });
  });

  it('survives JSON (the Chromium test host) as it survives structured clone (Electron)', () => {
    expect(JSON.parse(JSON.stringify(columns))).toEqual({ ...columns, container: { ...container } });
    expect(structuredClone(columns)).toEqual(columns);
  });

  it("names a page's objects, its folders left out", () => {
    expect(objectNamesOf(columns)).toEqual(['a.txt', 'c.png', 'd.txt']);
  });

  it('answers an empty page for an empty listing', () => {
    expect(toListingColumns({ container, entries: [], nextMarker: undefined })).toMatchObject({
      names: [],
      contentTypes: [],
    });
  });
});
