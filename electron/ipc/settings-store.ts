// The app's own transfer settings, kept in the data folder and read by every transfer, and the bandwidth
// limit they set, which every upload and download of this host shares.
import { TransferSettingsStore } from '../settings/transfer-settings';
import { Bandwidth } from '../storage/bandwidth';
import type { MainDeps } from './deps';
import type { MainState } from './main-state';

/** One store per host, so saves go through one queue and every upload sees the last one. */
const stores = new WeakMap<MainDeps, TransferSettingsStore>();
/** One limit per host: all its transfers share one budget per direction. */
const limits = new WeakMap<MainDeps, Promise<Bandwidth>>();

export function transferSettingsOf(state: MainState): TransferSettingsStore {
  let store = stores.get(state.deps);
  if (!store) {
    store = new TransferSettingsStore(state.deps.userDataDir);
    stores.set(state.deps, store);
  }
  return store;
}

/** The host's bandwidth limit, set from the saved settings the first time a transfer asks. */
export function bandwidthOf(state: MainState): Promise<Bandwidth> {
  let bandwidth = limits.get(state.deps);
  if (!bandwidth) {
    bandwidth = transferSettingsOf(state)
      .get()
      .then((settings) => {
        const made = new Bandwidth();
        made.set(settings);
        return made;
      });
    limits.set(state.deps, bandwidth);
  }
  return bandwidth;
}
