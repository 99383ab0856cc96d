/**
 * One page of a folder level as the browser keeps it: columns, not an object
 * per row. A million listed names must fit the renderer's heap (the target
 * is under 250 MB): an entry object with five strings costs ~250 bytes
 * a row, these columns ~20 bytes plus the name.
 */
import type { Container } from '../../../shared/domain';
import { listingTime, type ListingColumns } from '../../../shared/listing-columns';

export interface ListingPage {
  /** Stable through in-place edits: how the grid tells pages added above from pages dropped. */
  readonly id: number;
  /** Each row's full name: an object's name, or a folder's prefix (ends in "/"). Listing order. */
  readonly names: readonly string[];
  /** An object's bytes; -1 marks a folder. */
  readonly bytes: Float64Array;
  /** An object's last modified time, ms since the epoch. */
  readonly modified: Float64Array;
  /** An object's content type, as an index into the shared table (`contentTypeOf`). */
  readonly types: Uint32Array;
  readonly objectCount: number;
  /** The container's figures, from the same response's headers. */
  readonly container: Container;
  /** Nothing is listed before this page / after it. */
  readonly atStart: boolean;
  readonly atEnd: boolean;
  /** Markers that continue the listing: backwards from the first row, forwards from the last. */
  readonly before: string;
  readonly after: string;
}

/** Where a page starts: after `marker` going forwards, or before it going backwards (`reverse`). */
export interface PageParam {
  marker: string;
  reverse: boolean;
  limit: number;
}

/**
 * A later page's limit: 0 asks for the region's listing limit, read when the
 * page is fetched. Only the page a window starts from has a limit of its own.
 */
export const LATER_PAGE = 0;

// Content types repeat across a listing; each distinct one is kept once.
const typeIndex = new Map<string, number>();
const typeNames: string[] = [];
function internType(type: string): number {
  let index = typeIndex.get(type);
  if (index === undefined) {
    index = typeNames.push(type) - 1;
    typeIndex.set(type, index);
  }
  return index;
}
export const contentTypeOf = (index: number): string => typeNames[index] ?? '';

let pageIds = 0;

/**
 * A listing response as a page. A page shorter than its limit is the end in
 * its direction: Swift fills every page up to the limit (its API reference:
 * fewer names than the limit means the list is complete), so the empty page
 * that would confirm it is never asked for.
 */
export function toListingPage(listing: ListingColumns, param: PageParam): ListingPage {
  const n = listing.names.length;
  // A backwards page comes last-first; the page keeps listing order.
  const at = param.reverse ? (i: number) => n - 1 - i : (i: number) => i;
  const names = param.reverse ? [...listing.names].reverse() : listing.names;
  const bytes = new Float64Array(n);
  const modified = new Float64Array(n);
  const types = new Uint32Array(n);
  // The page's own type table, mapped once onto the shared one.
  const typeOf = listing.contentTypes.map(internType);
  let objectCount = 0;
  for (let i = 0; i < n; i++) {
    const from = at(i);
    const size = listing.bytes[from] ?? -1;
    bytes[i] = size;
    if (size < 0) continue;
    modified[i] = listing.modified[from] ?? NaN;
    types[i] = typeOf[listing.types[from] ?? 0] ?? internType('');
    objectCount++;
  }
  const short = n < param.limit;
  return {
    id: ++pageIds,
    names,
    bytes,
    modified,
    types,
    objectCount,
    container: listing.container,
    atStart: param.reverse ? short : param.marker === '',
    atEnd: param.reverse ? param.marker === '' : short,
    before: names[0] ?? param.marker,
    after: names[n - 1] ?? param.marker,
  };
}

/** One object's listed figures, as an upload's or a save's answer gives them. */
export interface ListedObject {
  name: string;
  bytes: number;
  contentType: string;
  lastModified: string;
}

/** The page with only the rows `keep` accepts, in order: what deleting leaves. */
export function keepRows(page: ListingPage, keep: (name: string, index: number) => boolean): ListingPage {
  const kept = page.names.map((name, i) => keep(name, i));
  if (kept.every(Boolean)) return page;
  const names = page.names.filter((_, i) => kept[i]);
  const bytes = page.bytes.filter((_, i) => kept[i]);
  return {
    ...page,
    names,
    bytes,
    modified: page.modified.filter((_, i) => kept[i]),
    types: page.types.filter((_, i) => kept[i]),
    objectCount: bytes.filter((b) => b >= 0).length,
  };
}

/** The page with `object` written at its place: over the row of that name, or inserted in listing order. */
export function putRow(page: ListingPage, index: number, replace: boolean, object: ListedObject): ListingPage {
  const splice = <T extends Float64Array | Uint32Array>(column: T, value: number, make: (n: number) => T): T => {
    const out = make(column.length + (replace ? 0 : 1));
    out.set(column.subarray(0, index));
    out[index] = value;
    out.set(column.subarray(replace ? index + 1 : index), index + 1);
    return out;
  };
  const names = [...page.names];
  names.splice(index, replace ? 1 : 0, object.name);
  return {
    ...page,
    names,
    bytes: splice(page.bytes, object.bytes, (n) => new Float64Array(n)),
    modified: splice(page.modified, listingTime(object.lastModified), (n) => new Float64Array(n)),
    types: splice(page.types, internType(object.contentType), (n) => new Uint32Array(n)),
    objectCount: page.objectCount + (replace ? 0 : 1),
  };
}
