/** The IPC request of verifying: does a local file the person chose hold what an object in Swift holds? */
import { z } from 'zod';
import { containerName, localPath, name, operationId, region } from './contract-fields';
import type { VerifyReport } from './domain';

export const verifyRequests = {
  /** Progress events carry `operationId`; cancel it like a transfer. */
  verifyObject: z.strictObject({ operationId, region, container: containerName, name, filePath: localPath }),
} as const;

export interface VerifyResponses {
  verifyObject: VerifyReport;
}
