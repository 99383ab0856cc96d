/**
 * A page of a container listing as it crosses from the main process to the
 * page: one array per field, not an object per row. Why: a 10,000-row page of
 * Swift's objects (five keys each, a hash the page never shows) was 1.6 MB;
 * receiving and decoding it held the test host's page thread ~65 ms, several
 * frames of a scroll. As columns it is ~310 KB and ~4 ms there. Electron's
 * structured clone also rebuilds every object of the old shape on the page's
 * thread (not measured: its binary cannot run here), and the grid keeps
 * columns anyway (renderer/src/cache/listingPage.ts).
 */
import type { Container, ObjectListing } from './domain';

export interface ListingColumns {
  /** The container's own data, read from the same listing response's headers. */
  container: Container;
  /** Each row's name: an object's name, or a folder's prefix (Swift's `subdir`, ends in the delimiter). Swift's order. */
  names: string[];
  /** An object's bytes; -1 marks a folder. */
  bytes: number[];
  /** An object's last modified time, ms since the epoch; null for a folder or a time that does not read. */
  modified: (number | null)[];
  /** An object's content type, as an index into `contentTypes`; a folder's (0) means nothing. */
  types: number[];
  /** Each distinct content type of the page once: a listing repeats a few types over every row. */
  contentTypes: string[];
  /** Marker for the next page, or undefined when this page was empty (the end). */
  nextMarker: string | undefined;
}

/**
 * A listing's time (Swift lists UTC without saying so: "2024-03-05T12:00:00.123450")
 * or a header's (an HTTP date), as ms since the epoch.
 */
export function listingTime(lastModified: string): number {
  return Date.parse(/^\d{4}-\d\d-\d\dT[\d:.]+$/.test(lastModified) ? `${lastModified}Z` : lastModified);
}

/** Swift's listing (objects and `subdir` rows, in its order) as columns. */
export function toListingColumns(listing: ObjectListing): ListingColumns {
  const n = listing.entries.length;
  const names = new Array<string>(n);
  const bytes = new Array<number>(n);
  const modified = new Array<number | null>(n);
  const types = new Array<number>(n);
  const contentTypes: string[] = [];
  const typeIndex = new Map<string, number>();
  listing.entries.forEach((entry, i) => {
    if ('subdir' in entry) {
      names[i] = entry.subdir;
      bytes[i] = -1;
      modified[i] = null;
      types[i] = 0;
      return;
    }
    names[i] = entry.name;
    bytes[i] = entry.bytes;
    const time = listingTime(entry.last_modified);
    modified[i] = Number.isNaN(time) ? null : time;
    let type = typeIndex.get(entry.content_type);
    if (type === undefined) {
      type = contentTypes.push(entry.content_type) - 1;
      typeIndex.set(entry.content_type, type);
    }
    types[i] = type;
  });
  return { container: listing.container, names, bytes, modified, types, contentTypes, nextMarker: listing.nextMarker };
}

/** The objects' names of a page (its folders left out). */
export const objectNamesOf = (columns: ListingColumns): string[] =>
  columns.names.filter((_, i) => (columns.bytes[i] ?? -1) >= 0);
