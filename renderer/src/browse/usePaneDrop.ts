/**
 * What the objects pane takes when something is dropped on it: files from the desktop, uploaded
 * into the container or folder it shows, or objects dragged out of another Cirrus window's grid,
 * copied into its container under their own names. Its own object rows can be dragged out too.
 */
import { useState, type DragEvent } from 'react';
import { hasFiles } from '../ui/dropFiles';
import { useFileWork } from '../transfers/FileWorkProvider';
import { useWindowDrag } from '../regions/useWindowDrag';
import { draggedItems } from './draggedItems';
import type { Picked } from './multiSelect';
import type { RowList } from './objectRows';
import type { TreeNode } from './treeRows';

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
      onDragStart: (event: DragEvent<HTMLElement>) => {
        // The row's own name, as ObjectGridRow gives it; a drag of anything else (text) carries no objects.
        const from = event.target instanceof Element ? event.target.closest('[role="row"]') : null;
        windowDrag.start(event, draggedItems(rows, picked, from?.getAttribute('data-name') ?? null));
      },
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
