// A container's byte and count quotas, and the account's byte quota.
import type { Responses } from '../../../shared/contract/quotas';
import { queuedOnTarget } from '../../storage/metadata';
import { setAccountQuota, setContainerQuota } from '../../storage/quotas';
import { requireSession as s, type Ops } from '../main-state';

const ACCOUNT = { kind: 'account' } as const;

// Quotas are metadata of the account or container: each waits behind any metadata save of the same target.
export const operations: Ops<keyof Responses> = {
  setContainerQuota: ({ region, container, bytes, count }, state, signal) =>
    queuedOnTarget(s(state), region, { kind: 'container', container }, () =>
      setContainerQuota(s(state), region, container, { bytes, count }, signal),
    ),
  setAccountQuota: ({ region, bytes }, state, signal) =>
    queuedOnTarget(s(state), region, ACCOUNT, () => setAccountQuota(s(state), region, bytes, signal)),
};
