/** What the objects grid's context menu offers for a row: only what applies to it (and to what is picked with it). */
import type { MenuItem } from '../ui/ContextMenu';
import type { ObjectRow } from './objectRows';

export interface ObjectMenuActions {
  open: (row: ObjectRow) => void;
  preview: (name: string) => void;
  download: (names: string[]) => void;
  copy: (name: string) => void;
  rename: (from: string) => void;
  remove: (names: string[]) => void;
  properties: (row: ObjectRow) => void;
  copyText: (text: string) => void;
}

/** `picked`: the names picked when the menu opened (the row itself when it was not among them). */
export function objectMenuItems(
  row: ObjectRow,
  container: string,
  picked: readonly string[],
  act: ObjectMenuActions,
): MenuItem[] {
  const path = `${container}/${row.type === 'folder' ? row.prefix : row.name}`;
  if (row.type === 'folder') {
    return [
      { label: 'Open', run: () => act.open(row) },
      { label: 'Rename folder…', run: () => act.rename(row.prefix) },
      { label: 'Copy path', run: () => act.copyText(path) },
      { label: 'Properties', run: () => act.properties(row) },
    ];
  }
  const names = picked.includes(row.name) ? [...picked] : [row.name];
  const many = names.length > 1;
  return [
    { label: 'Preview', run: () => act.preview(row.name), disabled: many },
    { label: many ? `Download ${names.length} objects…` : 'Download…', run: () => act.download(names) },
    { label: 'Copy to…', run: () => act.copy(row.name), disabled: many },
    { label: 'Rename or move…', run: () => act.rename(row.name), disabled: many },
    { label: 'Copy path', run: () => act.copyText(many ? names.map((n) => `${container}/${n}`).join('\n') : path) },
    { label: many ? `Delete ${names.length} objects…` : 'Delete…', run: () => act.remove(names), danger: true },
    { label: 'Properties', run: () => act.properties(row), disabled: many },
  ];
}
