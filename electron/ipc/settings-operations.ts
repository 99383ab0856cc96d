// The app's own settings: how uploads are split, how many files move at once. Kept in the data
// folder, read by every transfer.
import { TransferSettingsStore } from '../settings/transfer-settings';
import type { MainDeps } from './deps';
import type { MainState, Ops } from './main-state';

/** One store per host, so saves go through one queue and every upload sees the last one. */
const stores = new WeakMap<MainDeps, TransferSettingsStore>();

export function transferSettingsOf(state: MainState): TransferSettingsStore {
  let store = stores.get(state.deps);
  if (!store) {
    store = new TransferSettingsStore(state.deps.userDataDir);
    stores.set(state.deps, store);
  }
  return store;
}

export const settingsOperations: Ops<'getTransferSettings' | 'saveTransferSettings'> = {
  getTransferSettings: (_request, state) => transferSettingsOf(state).get(),
  saveTransferSettings: async (request, state) => {
    const saved = await transferSettingsOf(state).save(request);
    // Transfers already waiting for a slot follow the new "Files at once" too.
    state.slots.limit = saved.filesAtOnce;
    return saved;
  },
};
