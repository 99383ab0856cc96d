/**
 * The IPC requests of quotas: a container's Quota-Bytes and Quota-Count, set
 * or cleared together, and the account's Quota-Bytes (which Swift lets only a
 * reseller admin set).
 */
import { z } from 'zod';
import { cancellable, containerName, region } from './fields';
import type { Account, Container } from '../domain';
import { MAX_QUOTA } from '../quotas';

/** A limit to store, or null to remove it. */
const limit = z.number().int().min(0).max(MAX_QUOTA).nullable();

export const requests = {
  /** Sets or clears both limits in one POST; the answer is the container. */
  setContainerQuota: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    bytes: limit,
    count: limit,
  }),
  /** Sets or clears the account's byte quota; the answer is the account. */
  setAccountQuota: z.strictObject({ ...cancellable, region, bytes: limit }),
} as const;

export interface Responses {
  setContainerQuota: Container;
  setAccountQuota: Account;
}
