// The account's figures and what its region's Swift allows.
import type { Responses } from '../../../shared/contract/account';
import { getAccount } from '../../storage/account';
import { getLimits } from '../../storage/info';
import { requireSession as s, type Ops } from '../main-state';

export const operations: Ops<keyof Responses> = {
  getAccount: (r, state, signal) => getAccount(s(state), r.region, signal),
  getLimits: (r, state, signal) => getLimits(s(state), r.region, signal),
};
