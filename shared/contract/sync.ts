/**
 * The IPC requests of keeping a local folder and a container (or a folder in
 * one) in step: the comparison, a long operation with progress and cancel by
 * id. The folder is one the person chose in the main process's own dialog
 * (electron/ipc/path-grants.ts); the main process reads nothing else.
 */
import { z } from 'zod';
import type { FolderComparison } from '../sync';
import { containerName, localPath, operationId, region, urlText } from './fields';

/** Exclusion patterns (shared/sync-exclude.ts), one per entry. */
export const excludes = z.array(z.string().max(1000)).max(500);

export const requests = {
  /** Walks the folder and the listing under `prefix` and answers what differs, with counts and bytes per group. */
  compareFolder: z.strictObject({
    operationId,
    region,
    container: containerName,
    prefix: urlText('prefix').optional(),
    folder: localPath,
    excludes,
  }),
} as const;

export interface Responses {
  compareFolder: FolderComparison;
}
