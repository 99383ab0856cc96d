// Temporary URLs: the keys that sign them, and signing one in the main process.
import type { Responses } from '../../../shared/contract/temp-urls';
import { queuedOnTarget } from '../../storage/metadata';
import { makeTempUrl, rotateTempUrlKeys, setTempUrlKey } from '../../storage/temp-urls';
import { requireSession as s, type Ops } from '../main-state';

export const operations: Ops<keyof Responses> = {
  // Key changes wait behind any metadata save on the same account or container, and the reverse.
  setTempUrlKey: ({ region, scope, slot, key }, state, signal) =>
    queuedOnTarget(s(state), region, scope, () => setTempUrlKey(s(state), region, scope, slot, key, signal)),
  rotateTempUrlKeys: ({ region, scope }, state, signal) =>
    queuedOnTarget(s(state), region, scope, () => rotateTempUrlKeys(s(state), region, scope, signal)),
  makeTempUrl: ({ operationId: _id, region, ...r }, state, signal) => makeTempUrl(s(state), region, r, signal),
};
