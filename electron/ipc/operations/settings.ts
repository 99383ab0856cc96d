// The app's own settings: how uploads are split, how many files move at once, the bandwidth limits.
import type { Responses } from '../../../shared/contract/settings';
import type { Ops } from '../main-state';
import { bandwidthOf, transferSettingsOf } from '../settings-store';

export const operations: Ops<keyof Responses> = {
  getTransferSettings: (_request, state) => transferSettingsOf(state).get(),
  saveTransferSettings: async (request, state) => {
    const saved = await transferSettingsOf(state).save(request);
    // Transfers already waiting for a slot follow the new "Files at once" too.
    state.slots.limit = saved.filesAtOnce;
    // Transfers running now keep to the new limits from their next piece on.
    (await bandwidthOf(state)).set(saved);
    return saved;
  },
};
