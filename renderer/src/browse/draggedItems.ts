import type { Picked } from './multiSelect';
import type { RowList } from './objectRows';

/**
 * The objects a drag of the row named `name` carries to another window: every picked object when
 * the row is picked, else the row alone; with their sizes (for the progress bar), read from the
 * loaded rows. Folders are not carried: the copy takes objects by name.
 */
export function draggedItems(
  rows: Pick<RowList, 'length' | 'at'>,
  picked: Picked,
  name: string | null,
): { name: string; bytes: number }[] {
  if (!name) return [];
  const names = picked.names.has(name) ? picked.names : new Set([name]);
  const items: { name: string; bytes: number }[] = [];
  for (let i = 0; i < rows.length && items.length < names.size; i++) {
    const row = rows.at(i);
    if (row?.type === 'object' && names.has(row.name)) items.push({ name: row.name, bytes: row.bytes });
  }
  return items;
}
