/**
 * Dropping an archive on a container or folder opens the extract
 * confirmation. Panes call `useArchiveDrop()` with the drop target and the
 * file's path; archives dropped together are confirmed one after another.
 */
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
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
