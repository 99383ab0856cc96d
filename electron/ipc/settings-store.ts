// The app's own transfer settings, kept in the data folder and read by every transfer.
import { TransferSettingsStore } from '../settings/transfer-settings';
import type { MainDeps } from './deps';
import type { MainState } from './main-state';

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
