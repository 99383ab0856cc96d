/** The IPC requests of long transfers: uploading a file, downloading an object, extracting an archive. */
import { z } from 'zod';
import type { ArchivePreview, ExtractResult } from './domain';
import {
  containerName,
  deleteAfter,
  deleteAt,
  issues,
  localPath,
  metadata,
  name,
  operationId,
  region,
  urlText,
} from './contract-fields';
import { versionId } from './contract-versions';
import { contentTypeProblems } from './validation';

export const transferRequests = {
  uploadFile: z.strictObject({
    operationId,
    region,
    container: containerName,
    name,
    filePath: localPath,
    contentType: z.string().max(255).superRefine(issues(contentTypeProblems)).optional(),
    metadata: metadata.optional(),
    /** The object (a large object's manifest) expires then; its segments do not. */
    deleteAt: deleteAt.optional(),
    /** The person chose to replace the object of that name: the segments it owned go once the new one is in. */
    replaces: z.boolean().optional(),
  }),
  downloadObject: z.strictObject({
    operationId,
    region,
    container: containerName,
    name,
    targetDir: localPath,
    fileName: z.string().min(1).max(255).optional(),
    overwrite: z.boolean().optional(),
    /** An older version of the object (`?version-id`), where the container keeps versions. */
    versionId: versionId.optional(),
  }),
  extractArchive: z.strictObject({
    operationId,
    region,
    container: containerName,
    prefix: urlText('prefix').optional(),
    filePath: localPath,
    /** Every object made from the archive expires this many seconds after Swift writes it. */
    deleteAfter: deleteAfter.optional(),
  }),
} as const;

export interface TransferResponses {
  uploadFile: { etag: string; bytes: number; segments: number };
  downloadObject: { filePath: string; bytes: number };
  extractArchive: ExtractResult;
  previewArchive: ArchivePreview;
}
