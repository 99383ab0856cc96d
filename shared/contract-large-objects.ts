/**
 * The IPC requests of deleting with segments: which of the chosen objects are
 * large ones (so the confirmation can name their segments), and the delete itself.
 */
import { z } from 'zod';
import { cancellable, containerName, name, region } from './contract-fields';
import type { BulkDeleteResult, LargeObjectParts } from './domain';

const names = z.array(name).max(100_000);

export const largeObjectRequests = {
  largeObjectsAmong: z.strictObject({ ...cancellable, region, container: containerName, names: names.min(1) }),
  /** `large`: the names largeObjectsAmong found, deleted with their segments; the others in bulk. */
  deleteObjects: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    names: names.min(1),
    large: names,
  }),
} as const;

export interface LargeObjectResponses {
  largeObjectsAmong: LargeObjectParts[];
  deleteObjects: BulkDeleteResult;
}
