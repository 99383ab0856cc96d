/** The IPC requests of the account: its figures and metadata, and what its region's Swift allows (/info). */
import { z } from 'zod';
import type { Account } from '../domain';
import type { ServiceLimits } from '../limits';
import { cancellable, region } from './fields';

export const requests = {
  getAccount: z.strictObject({ ...cancellable, region }),
  getLimits: z.strictObject({ ...cancellable, region }),
} as const;

export interface Responses {
  getAccount: Account;
  getLimits: ServiceLimits;
}
