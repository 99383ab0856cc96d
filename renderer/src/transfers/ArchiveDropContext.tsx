/**
 * Dropping an archive on a container or folder opens the extract
 * confirmation. Panes call `useArchiveDrop()` with the drop target and the
 * file's path; archives dropped together are confirmed one after another.
 */
import { createContext, useCallback, useContext, useMemo, useState, type DragEvent, type ReactNode } from 'react';
import { ExtractDialog } from './ExtractDialog';
import type { ArchiveDropTarget } from './types';

export type { ArchiveDropTarget };

export type OpenArchiveDrop = (target: ArchiveDropTarget, filePath: string) => void;

const ArchiveDropContext = createContext<OpenArchiveDrop | null>(null);

interface Pending {
  id: number;
  target: ArchiveDropTarget;
  filePath: string;
}

let nextId = 0;

export function ArchiveDropProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Pending[]>([]);
  const open = useCallback<OpenArchiveDrop>((target, filePath) => {
    setQueue((all) => [...all, { id: nextId++, target, filePath }]);
  }, []);
  const first = queue[0];
  return (
    <ArchiveDropContext.Provider value={open}>
      {children}
      {first && (
        <ExtractDialog
          key={first.id}
          target={first.target}
          filePath={first.filePath}
          onClose={() => setQueue((all) => all.filter((p) => p.id !== first.id))}
        />
      )}
    </ArchiveDropContext.Provider>
  );
}

/** Opens the extract confirmation for a dropped archive. */
export function useArchiveDrop(): OpenArchiveDrop {
  const open = useContext(ArchiveDropContext);
  if (!open) throw new Error('useArchiveDrop outside ArchiveDropProvider');
  return open;
}

const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');

/**
 * Makes any element a drop zone for archives: spread the handlers on it and
 * use `isOver` for its highlight. Every dropped file goes to the confirmation,
 * which says plainly when one is not an archive.
 */
export function useArchiveDropTarget(target: ArchiveDropTarget) {
  const open = useArchiveDrop();
  const [isOver, setIsOver] = useState(false);
  const { region, container, prefix } = target;
  return useMemo(
    () => ({
      isOver,
      onDragOver: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setIsOver(true);
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsOver(false);
      },
      onDrop: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.stopPropagation();
        setIsOver(false);
        for (const file of Array.from(event.dataTransfer.files)) {
          const filePath = window.cirrus.pathForFile(file);
          if (filePath) open({ region, container, prefix }, filePath);
        }
      },
    }),
    [isOver, open, region, container, prefix],
  );
}
