/**
 * The objects pane's rows: the folders and objects of the listing pages it
 * holds, in listing order, read where they lie. Nothing is copied when a page
 * arrives — building the list costs one number per page, so the work for a
 * new page is proportional to that page, not to everything already loaded.
 */
import { compareNames } from '../../../shared/listing-order';
import { contentTypeOf, type ListingPage } from '../cache/listingPage';
import { folderLabel } from './treeRows';

export type ObjectRow =
  | { type: 'folder'; key: string; prefix: string; label: string }
  | { type: 'object'; key: string; name: string; label: string; bytes: number; contentType: string; modified: number };

/** What a row is picked by: an object's name, a folder's prefix. */
export const pickName = (row: ObjectRow): string => (row.type === 'object' ? row.name : row.prefix);

export class RowList {
  /** starts[i]: the index of page i's first row; the last entry is the length. */
  private readonly starts: number[];
  readonly length: number;
  readonly objectCount: number;

  constructor(
    readonly pages: readonly ListingPage[],
    private readonly prefix: string,
  ) {
    this.starts = [0];
    let objects = 0;
    for (const page of pages) {
      this.starts.push((this.starts.at(-1) ?? 0) + page.names.length);
      objects += page.objectCount;
    }
    this.length = this.starts.at(-1) ?? 0;
    this.objectCount = objects;
  }

  /** The page holding row `index` and the row's place in it. */
  private locate(index: number): [ListingPage, number] | undefined {
    if (index < 0 || index >= this.length) return undefined;
    let lo = 0;
    let hi = this.pages.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= index) lo = mid;
      else hi = mid - 1;
    }
    const page = this.pages[lo];
    return page && [page, index - (this.starts[lo] ?? 0)];
  }

  /** Row `index` as the grid shows it; made on demand, only for rows on screen. */
  at(index: number): ObjectRow | undefined {
    const found = this.locate(index);
    if (!found) return undefined;
    const [page, i] = found;
    const name = page.names[i] ?? '';
    const bytes = page.bytes[i] ?? -1;
    if (bytes < 0) return { type: 'folder', key: `f:${name}`, prefix: name, label: folderLabel(name) };
    return {
      type: 'object',
      key: `o:${name}`,
      name,
      label: name.startsWith(this.prefix) ? name.slice(this.prefix.length) : name,
      bytes,
      contentType: contentTypeOf(page.types[i] ?? 0),
      modified: page.modified[i] ?? Number.NaN,
    };
  }

  nameAt(index: number): string | undefined {
    const found = this.locate(index);
    return found && found[0].names[found[1]];
  }

  isObject(index: number): boolean {
    const found = this.locate(index);
    return found !== undefined && (found[0].bytes[found[1]] ?? -1) >= 0;
  }

  /**
   * The row of the first name at or after `name` in Swift's order (binary
   * search: the rows are sorted), or `length` when every row is before it.
   */
  seek(name: string): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (compareNames(this.nameAt(mid) ?? '', name) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The row of exactly `name`, or -1. */
  indexOf(name: string): number {
    const at = this.seek(name);
    return this.nameAt(at) === name ? at : -1;
  }

  /** The names of rows `from`…`to` (inclusive), in order: objects and folders alike can be picked. */
  pickableNamesBetween(from: number, to: number): string[] {
    const names: string[] = [];
    for (let i = Math.max(0, from); i <= Math.min(to, this.length - 1); i++) names.push(this.nameAt(i) ?? '');
    return names;
  }

  /** Every loaded row's name (select all). */
  pickableNames(): string[] {
    return this.pickableNamesBetween(0, this.length - 1);
  }

  /**
   * How far the rows moved since `previous`: rows added above (positive) or
   * dropped from the top (negative), found through the pages' ids. The grid
   * moves its scroll position by as much, so what the person sees stays put.
   */
  shiftSince(previous: RowList): number {
    const first = previous.pages[0];
    if (!first) return 0;
    const here = this.pages.findIndex((page) => page.id === first.id);
    if (here >= 0) return this.starts[here] ?? 0;
    const newFirst = this.pages[0];
    const there = newFirst ? previous.pages.findIndex((page) => page.id === newFirst.id) : -1;
    return there >= 0 ? -(previous.starts[there] ?? 0) : 0;
  }
}

const listsOfPages = new WeakMap<readonly ListingPage[], RowList>();

/** The rows of a listing's pages under `prefix`; one RowList per pages array. */
export function objectRows(pages: readonly ListingPage[], prefix: string): RowList {
  let rows = listsOfPages.get(pages);
  if (!rows) {
    rows = new RowList(pages, prefix);
    listsOfPages.set(pages, rows);
  }
  return rows;
}
