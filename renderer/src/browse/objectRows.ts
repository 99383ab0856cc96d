/** The objects pane's rows: the folders and objects of one level, in listing order. */
import type { InfiniteData } from '@tanstack/react-query';
import type { ObjectEntry, ObjectListing } from '../../../shared/domain';
import { folderLabel } from './treeRows';

export type ObjectRow =
  | { type: 'folder'; key: string; prefix: string; label: string }
  | { type: 'object'; key: string; entry: ObjectEntry; label: string };

const rowsOfPages = new WeakMap<InfiniteData<ObjectListing, unknown>, ObjectRow[]>();

/** Rows for a listing folded at "/" under `prefix`; computed once per pages object. */
export function objectRows(data: InfiniteData<ObjectListing, unknown>, prefix: string): ObjectRow[] {
  let rows = rowsOfPages.get(data);
  if (!rows) {
    rows = data.pages.flatMap((page) =>
      page.entries.map((entry): ObjectRow =>
        'subdir' in entry
          ? { type: 'folder', key: `f:${entry.subdir}`, prefix: entry.subdir, label: folderLabel(entry.subdir) }
          : {
              type: 'object',
              key: `o:${entry.name}`,
              entry,
              label: entry.name.startsWith(prefix) ? entry.name.slice(prefix.length) : entry.name,
            },
      ),
    );
    rowsOfPages.set(data, rows);
  }
  return rows;
}

/** The names of the object rows, in order (what Shift-click ranges and "select all" work over). */
export function objectNames(rows: readonly ObjectRow[]): string[] {
  return rows.flatMap((row) => (row.type === 'object' ? [row.entry.name] : []));
}

/** Swift lists times in UTC without saying so ("2024-03-05T12:00:00.123450"); make that explicit. */
export function listingTime(lastModified: string): string {
  return /[zZ]|[+-]\d\d:?\d\d$/.test(lastModified) ? lastModified : `${lastModified}Z`;
}
