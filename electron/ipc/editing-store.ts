// The objects being edited in place, one set per host (main.ts's window, or a test's handlers).
import { Edits } from '../editing/edits';
import type { MainDeps } from './deps';
import { requireSession, type MainState } from './main-state';
import { transferSettingsOf } from './settings-store';

// By the host's deps, as the settings are: main.ts holds those too, and asks before quitting.
const all = new WeakMap<MainDeps, Edits>();

export function editsOf(state: MainState): Edits {
  let edits = all.get(state.deps);
  if (!edits) {
    edits = new Edits({
      userDataDir: state.deps.userDataDir,
      session: () => requireSession(state),
      settings: () => transferSettingsOf(state).get(),
      openPath: (filePath) => state.deps.openPath(filePath),
      changed: (sessions) => state.emit('editing', { sessions }),
    });
    all.set(state.deps, edits);
  }
  return edits;
}

/** The host's edits, if any was started: what quitting would discard. */
export const openEditsOf = (deps: MainDeps): Edits | undefined => all.get(deps);
