/**
 * The IPC request of quotas: a container's Quota-Bytes and Quota-Count, set
 * or cleared together. The account's quota is only read (with the account).
 */
import { z } from 'zod';
import { cancellable, containerName, region } from './contract-fields';
import type { Container } from './domain';
import { MAX_QUOTA } from './quotas';

/** A limit to store, or null to remove it. */
const limit = z.number().int().min(0).max(MAX_QUOTA).nullable();

export const quotaRequests = {
  /** Sets or clears both limits in one POST; the answer is the container. */
  setContainerQuota: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    bytes: limit,
    count: limit,
  }),
} as const;

export interface QuotaResponses {
  setContainerQuota: Container;
}
