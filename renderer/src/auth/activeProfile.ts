/**
 * Which saved profile the current session came from (none for a quick
 * sign-in), so the region picker can remember its choice per profile. Client
 * state, not server state: kept in sessionStorage so a reload of the window
 * (the main process keeps the session) still knows it. Nothing secret.
 */
import { useSyncExternalStore } from 'react';

export interface ActiveProfile {
  id: string;
  name: string;
  lastRegion: string | undefined;
}

const KEY = 'cirrus.activeProfile';
const listeners = new Set<() => void>();

function load(): ActiveProfile | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ActiveProfile>;
    if (typeof value.id !== 'string' || typeof value.name !== 'string') return null;
    return { id: value.id, name: value.name, lastRegion: value.lastRegion ?? undefined };
  } catch {
    return null;
  }
}

let current: ActiveProfile | null = load();

export function setActiveProfile(profile: ActiveProfile | null): void {
  current = profile;
  try {
    if (profile) window.sessionStorage.setItem(KEY, JSON.stringify(profile));
    else window.sessionStorage.removeItem(KEY);
  } catch {
    // Without storage the choice lasts until the window reloads; nothing else depends on it.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useActiveProfile(): ActiveProfile | null {
  return useSyncExternalStore(subscribe, () => current);
}
