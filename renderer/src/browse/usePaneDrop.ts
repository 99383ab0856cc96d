/**
 * What the objects pane takes when something is dropped on it: files from the desktop, uploaded
 * into the container or folder it shows, or objects dragged out of another Cirrus window's grid,
 * copied into its container under their own names. Its own object rows can be dragged out too.
 */
import { useState, type DragEvent } from 'react';
import { hasFiles } from '../ui/dropFiles';
import { useFileWork } from '../transfers/FileWorkProvider';
import { useWindowDrag } from '../regions/useWindowDrag';
import type { Picked } from './multiSelect';
import type { RowList } from './objectRows';
import type { TreeNode } from './treeRows';

/**
 * The objects a drag of a row carries: every picked object when the row is picked, else the row
 * alone; with their sizes, read from the loaded rows (folders are not carried).
 */
export function draggedItems(rows: RowList, picked: Picked, from: EventTarget): { name: string; bytes: number }[] {
  const name = from instanceof Element ? from.closest('[role="row"]')?.getAttribute('data-name') : null;
  if (!name) return [];
  const names = picked.names.has(name) ? picked.names : new Set([name]);
  const items: { name: string; bytes: number }[] = [];
  for (let i = 0; i < rows.length && items.length < names.size; i++) {
    const row = rows.at(i);
    if (row?.type === 'object' && names.has(row.name)) items.push({ name: row.name, bytes: row.bytes });
  }
  return items;
}

export function usePaneDrop(region: string, location: TreeNode, rows: RowList, picked: Picked) {
  const files = useFileWork();
  const windowDrag = useWindowDrag(region, location.container);
  const [dropping, setDropping] = useState<'upload' | 'copy' | null>(null);

  function onDragOver(event: DragEvent<HTMLElement>) {
    const kind = hasFiles(event) ? 'upload' : windowDrag.accepts(event) ? 'copy' : null;
    if (!kind) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropping(kind);
  }

  return {
    dropping,
    handlers: {
      onDragStart: (event: DragEvent<HTMLElement>) => windowDrag.start(event, draggedItems(rows, picked, event.target)),
      onDragEnd: windowDrag.end,
      onDragEnter: onDragOver,
      onDragOver,
      onDragLeave: (event: DragEvent<HTMLElement>) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(null);
      },
      onDrop: (event: DragEvent<HTMLElement>) => {
        setDropping(null);
        if (windowDrag.drop(event) || !hasFiles(event)) return;
        event.preventDefault();
        files.drop(location, Array.from(event.dataTransfer.files));
      },
    },
  };
}
