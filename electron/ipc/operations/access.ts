// Who may read and write: a container's ACLs and public read, the account's access list.
import type { Responses } from '../../../shared/contract/access';
import { getAccountAccess, setAccountAccess } from '../../storage/account';
import { setContainerAcls, setPublicRead } from '../../storage/containers';
import { queuedOnTarget } from '../../storage/metadata';
import { requireSession as s, type Ops } from '../main-state';

const ACCOUNT = { kind: 'account' } as const;

export const operations: Ops<keyof Responses> = {
  setPublicRead: (r, state, signal) => setPublicRead(s(state), r.region, r.container, r.on, signal),
  setContainerAcls: ({ region, container, read, write }, state, signal) =>
    setContainerAcls(s(state), region, container, { read, write }, signal),
  getAccountAccess: (r, state, signal) => getAccountAccess(s(state), r.region, signal),
  // It writes the account, as metadata saves and key changes do: they wait behind each other.
  setAccountAccess: ({ region, grants }, state, signal) =>
    queuedOnTarget(s(state), region, ACCOUNT, () => setAccountAccess(s(state), region, grants, signal)),
};
