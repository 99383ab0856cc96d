/**
 * The IPC requests of large objects: which of the chosen objects are large
 * ones (so the confirmation can name their segments), deleting them with their
 * segments, and verifying a local file against an object segment by segment.
 */
import { z } from 'zod';
import { cancellable, containerName, localPath, name, operationId, region } from './fields';
import type { BulkDeleteResult, LargeObjectParts, VerifyReport } from '../domain';

const names = z.array(name).max(100_000);

export const requests = {
  largeObjectsAmong: z.strictObject({ ...cancellable, region, container: containerName, names: names.min(1) }),
  /** `large`: the names largeObjectsAmong found, deleted with their segments; the others in bulk. */
  deleteObjects: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    names: names.min(1),
    large: names,
  }),
  /** Does a local file the person chose hold what the object holds? Progress by `operationId`; cancel like a transfer. */
  verifyObject: z.strictObject({ operationId, region, container: containerName, name, filePath: localPath }),
} as const;

export interface Responses {
  largeObjectsAmong: LargeObjectParts[];
  deleteObjects: BulkDeleteResult;
  verifyObject: VerifyReport;
}
