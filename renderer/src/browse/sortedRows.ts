/**
 * Sorting what is loaded. Swift lists by name only, so any other order is of
 * the rows already listed: one permutation of their indexes, worked out once
 * per set of pages from the pages' columns (no row objects are made), and
 * read through like the listing itself. Folders stay first, as in a desktop
 * file manager.
 */
import { compareNames } from '../../../shared/listing-order';
import { contentTypeOf } from '../cache/listingPage';
import type { ObjectRow, RowList } from './objectRows';

export type SortColumn = 'name' | 'size' | 'type' | 'modified';
export interface SortOrder {
  column: SortColumn;
  descending: boolean;
}
export const BY_NAME: SortOrder = { column: 'name', descending: false };
export const isListingOrder = (order: SortOrder) => order.column === 'name' && !order.descending;

/** The rows the grid reads: the listing itself (RowList) or a sorted view of it. */
export type GridRows = Pick<
  RowList,
  'length' | 'objectCount' | 'at' | 'nameAt' | 'isObject' | 'indexOf' | 'pickableNamesBetween' | 'pickableNames'
>;

export class SortedRows implements GridRows {
  private readonly order: Uint32Array;
  readonly length: number;
  readonly objectCount: number;

  constructor(
    private readonly rows: RowList,
    sort: SortOrder,
  ) {
    this.length = rows.length;
    this.objectCount = rows.objectCount;
    const n = rows.length;
    const names = new Array<string>(n);
    const bytes = new Float64Array(n);
    const modified = new Float64Array(n);
    const types = new Array<string>(n);
    let i = 0;
    for (const page of rows.pages) {
      for (let k = 0; k < page.names.length; k++, i++) {
        names[i] = page.names[k] ?? '';
        bytes[i] = page.bytes[k] ?? -1;
        modified[i] = page.modified[k] ?? 0;
        types[i] = (page.bytes[k] ?? -1) < 0 ? '' : contentTypeOf(page.types[k] ?? 0);
      }
    }
    const byColumn: Record<SortColumn, (a: number, b: number) => number> = {
      name: () => 0,
      size: (a, b) => (bytes[a] ?? 0) - (bytes[b] ?? 0),
      type: (a, b) => (types[a] ?? '').localeCompare(types[b] ?? ''),
      modified: (a, b) => (modified[a] ?? 0) - (modified[b] ?? 0),
    };
    const direction = sort.descending ? -1 : 1;
    const compare = byColumn[sort.column];
    this.order = Uint32Array.from({ length: n }, (_, k) => k).sort((a, b) => {
      const [aFolder, bFolder] = [(bytes[a] ?? 0) < 0, (bytes[b] ?? 0) < 0];
      if (aFolder !== bFolder) return aFolder ? -1 : 1;
      // Folders have no size, type or date: by those they stay in name order.
      if (aFolder && sort.column !== 'name') return compareNames(names[a] ?? '', names[b] ?? '');
      // Ties (and the name column) fall back to the name, in Swift's order.
      return direction * (compare(a, b) || compareNames(names[a] ?? '', names[b] ?? ''));
    });
  }

  private source(index: number): number {
    return this.order[index] ?? -1;
  }

  at(index: number): ObjectRow | undefined {
    return this.rows.at(this.source(index));
  }

  nameAt(index: number): string | undefined {
    return this.rows.nameAt(this.source(index));
  }

  isObject(index: number): boolean {
    return this.rows.isObject(this.source(index));
  }

  indexOf(name: string): number {
    const at = this.rows.indexOf(name);
    return at < 0 ? -1 : this.order.indexOf(at);
  }

  pickableNamesBetween(from: number, to: number): string[] {
    const names: string[] = [];
    for (let i = Math.max(0, from); i <= Math.min(to, this.length - 1); i++) {
      if (this.isObject(i)) names.push(this.nameAt(i) ?? '');
    }
    return names;
  }

  pickableNames(): string[] {
    return this.rows.pickableNames();
  }
}

const sortedOf = new WeakMap<RowList, Map<string, SortedRows>>();

/** The rows in `sort` order; the listing itself in listing order. Once per set of pages and order. */
export function sortRows(rows: RowList, sort: SortOrder): GridRows {
  if (isListingOrder(sort)) return rows;
  const key = `${sort.column}:${sort.descending}`;
  let byOrder = sortedOf.get(rows);
  if (!byOrder) sortedOf.set(rows, (byOrder = new Map()));
  let sorted = byOrder.get(key);
  if (!sorted) byOrder.set(key, (sorted = new SortedRows(rows, sort)));
  return sorted;
}
