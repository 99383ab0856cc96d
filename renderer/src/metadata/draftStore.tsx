import { createContext, useCallback, useContext, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * Unsaved metadata edits, kept per region and target outside the editor, so
 * selecting something else and coming back finds the edits as they were:
 * nothing typed is lost until the person saves or discards it.
 *
 * The store belongs to the signed-in browser (Browser renders the provider):
 * signing out unmounts it, and the edits made against that account go with it,
 * without any code reaching in to clear them mid sign-out.
 */
class DraftStore {
  readonly #drafts = new Map<string, unknown>();
  readonly #listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** How many targets hold edits not yet saved or discarded. */
  readonly count = (): number => this.#drafts.size;

  get(key: string): unknown {
    return this.#drafts.get(key);
  }

  set(key: string, draft: unknown): void {
    if (draft === null) this.#drafts.delete(key);
    else this.#drafts.set(key, draft);
    for (const listener of this.#listeners) listener();
  }
}

const DraftsContext = createContext<DraftStore | null>(null);

export function DraftsProvider({ children }: { children: ReactNode }) {
  const [store] = useState(() => new DraftStore());
  return <DraftsContext.Provider value={store}>{children}</DraftsContext.Provider>;
}

export function useStoredDraft<T>(key: string): [T | null, (draft: T | null) => void] {
  const store = useContext(DraftsContext);
  if (!store) throw new Error('useStoredDraft outside DraftsProvider');
  const draft = useSyncExternalStore(store.subscribe, () => (store.get(key) as T | undefined) ?? null);
  const setDraft = useCallback((next: T | null) => store.set(key, next), [store, key]);
  return [draft, setDraft];
}

/** How many targets (account, containers, objects) hold unsaved metadata edits: sign-out asks before dropping them. */
export function useUnsavedDraftCount(): number {
  const store = useContext(DraftsContext);
  if (!store) throw new Error('useUnsavedDraftCount outside DraftsProvider');
  return useSyncExternalStore(store.subscribe, store.count);
}
