// Metadata of an account, container or object, an object's expiry and its headers: each change a merge.
import type { Responses } from '../../../shared/contract/metadata';
import { changeMetadata, setObjectExpiry, setObjectHeaders } from '../../storage/metadata';
import { requireSession as s, type Ops } from '../main-state';

export const operations: Ops<keyof Responses> = {
  changeMetadata: ({ region, target, set, remove }, state, signal) =>
    changeMetadata(s(state), region, target, { ...(set ? { set } : {}), ...(remove ? { remove } : {}) }, signal),
  setObjectExpiry: (r, state, signal) => setObjectExpiry(s(state), r.region, r.container, r.name, r.deleteAt, signal),
  setObjectHeaders: (r, state, signal) => setObjectHeaders(s(state), r.region, r.container, r.name, r.headers, signal),
};
