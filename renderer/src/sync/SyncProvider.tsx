import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { SyncDialog } from './SyncDialog';
import type { FolderTarget } from './useFolderComparison';

type Open = (where: { container: string; prefix: string }) => void;

const OpenContext = createContext<Open | null>(null);

/** Holds the "Compare with a local folder…" dialog for the browsed region: the tree's and the grid's menus open it. */
export function SyncProvider({ region, children }: { region: string; children: ReactNode }) {
  const [target, setTarget] = useState<FolderTarget | null>(null);
  const open = useCallback<Open>(({ container, prefix }) => setTarget({ region, container, prefix }), [region]);
  return (
    <OpenContext.Provider value={open}>
      {children}
      {target && <SyncDialog target={target} onClose={() => setTarget(null)} />}
    </OpenContext.Provider>
  );
}

/** Opens the comparison of a container (prefix "") or a folder with a local folder; undefined outside a SyncProvider. */
export const useCompareWithFolder = (): Open | undefined => useContext(OpenContext) ?? undefined;
