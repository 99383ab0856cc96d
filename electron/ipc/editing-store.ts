// The objects being edited in place, one set per host (main.ts's window, or a test's handlers).
import { Edits } from '../editing/edits';
import { requireSession, type MainState } from './main-state';
import { transferSettingsOf } from './settings-store';

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
