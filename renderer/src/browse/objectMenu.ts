/** What the objects grid's context menu offers for a row: only what applies to it (and to what is picked with it). */
import type { LinkTarget } from '../temp-urls/tempLinks';
import type { MenuItem } from '../ui/ContextMenu';
import type { ObjectRow } from './objectRows';

export interface ObjectMenuActions {
  open: (row: ObjectRow) => void;
  preview: (name: string) => void;
  /** Opens the object in the person's own application; each save goes back to Swift. */
  edit: (name: string) => void;
  download: (names: string[]) => void;
  copy: (name: string) => void;
  rename: (from: string) => void;
  remove: (names: string[]) => void;
  properties: (row: ObjectRow) => void;
  copyText: (text: string) => void;
  /** Opens the temporary link dialog for one object, or for every object under a folder's prefix. */
  tempLink: (target: LinkTarget) => void;
  /** Makes a symlink to the object beside it. */
  makeLink: (target: string) => void;
  /** A folder side by side with a folder on this computer, and kept in step with it. */
  compareLocal?: ((where: { container: string; prefix: string }) => void) | undefined;
}

/** `picked`: the names picked when the menu opened (the row itself when it was not among them). */
export function objectMenuItems(
  row: ObjectRow,
  container: string,
  picked: readonly string[],
  act: ObjectMenuActions,
): MenuItem[] {
  const path = `${container}/${row.type === 'folder' ? row.prefix : row.name}`;
  const own = row.type === 'folder' ? row.prefix : row.name;
  const names = picked.includes(own) ? [...picked] : [own];
  const many = names.length > 1;
  const items = `${names.length} items`;
  if (row.type === 'folder') {
    return [
      { label: 'Open', run: () => act.open(row) },
      { label: many ? `Download ${items}…` : 'Download folder…', run: () => act.download(names) },
      { label: 'Rename folder…', run: () => act.rename(row.prefix), disabled: many },
      { label: 'Copy path', run: () => act.copyText(path) },
      { label: 'Temporary link…', run: () => act.tempLink({ kind: 'prefix', prefix: row.prefix }), disabled: many },
      ...(act.compareLocal
        ? [
            {
              label: 'Compare with a local folder…',
              run: () => act.compareLocal?.({ container, prefix: row.prefix }),
              disabled: many,
            },
          ]
        : []),
      { label: many ? `Delete ${items}…` : 'Delete folder…', run: () => act.remove(names), danger: true },
      { label: 'Properties', run: () => act.properties(row), disabled: many },
    ];
  }
  return [
    { label: 'Preview', run: () => act.preview(row.name), disabled: many },
    { label: 'Edit in an editor', run: () => act.edit(row.name), disabled: many },
    { label: many ? `Download ${items}…` : 'Download…', run: () => act.download(names) },
    { label: 'Copy to…', run: () => act.copy(row.name), disabled: many },
    { label: 'Rename or move…', run: () => act.rename(row.name), disabled: many },
    { label: 'Copy path', run: () => act.copyText(many ? names.map((n) => `${container}/${n}`).join('\n') : path) },
    { label: 'Temporary link…', run: () => act.tempLink({ kind: 'object', name: row.name }), disabled: many },
    { label: 'Make a link here…', run: () => act.makeLink(row.name), disabled: many },
    { label: many ? `Delete ${items}…` : 'Delete…', run: () => act.remove(names), danger: true },
    { label: 'Properties', run: () => act.properties(row), disabled: many },
  ];
}
