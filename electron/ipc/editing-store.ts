// The objects being edited in place, one set per window (each edit saves with its window's session).
import { Edits } from '../editing/edits';
import { requireSession, type MainState } from './main-state';
import { transferSettingsOf } from './settings-store';

// By the window's state: main.ts asks each window's before it closes or the app quits.
const all = new WeakMap<MainState, Edits>();

export function editsOf(state: MainState): Edits {
  let edits = all.get(state);
  if (!edits) {
    edits = new Edits({
      userDataDir: state.deps.userDataDir,
      session: () => requireSession(state),
      settings: () => transferSettingsOf(state).get(),
      openPath: (filePath) => state.deps.openPath(filePath),
      changed: (sessions) => state.emit('editing', { sessions }),
    });
    all.set(state, edits);
  }
  return edits;
}

/** The window's edits, if any was started: what closing it would discard. */
export const openEditsOf = (state: MainState): Edits | undefined => all.get(state);
