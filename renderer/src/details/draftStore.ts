import { useCallback, useSyncExternalStore } from 'react';

/**
 * Unsaved metadata edits, kept per region and target outside the editor, so
 * selecting something else and coming back finds the edits as they were:
 * nothing typed is lost until the person saves or discards it.
 */
const drafts = new Map<string, unknown>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStoredDraft<T>(key: string): [T | null, (draft: T | null) => void] {
  const draft = useSyncExternalStore(subscribe, () => (drafts.get(key) as T | undefined) ?? null);
  const setDraft = useCallback(
    (next: T | null) => {
      if (next === null) drafts.delete(key);
      else drafts.set(key, next);
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [draft, setDraft];
}

/**
 * Forgets every unsaved edit (on sign-out, when the data they were made against is gone).
 * Silently: the editors are being unmounted with the browser, and notifying them would force
 * a synchronous render in the middle of React Query's sign-out cache clearing.
 */
export function clearDrafts(): void {
  drafts.clear();
}
