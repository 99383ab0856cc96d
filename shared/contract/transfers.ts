/**
 * The IPC requests of transfers: uploading a file, downloading an object,
 * previewing and extracting an archive, and pausing, resuming or discarding
 * them. An upload or download started through IPC is written to a journal in
 * the app's data folder while it runs (electron/transfers/transfer-journal.ts),
 * so a paused, failed or interrupted one (the app closed, the laptop slept) can
 * go on from where it stopped, in this run of the app or the next.
 */
import { z } from 'zod';
import type { ArchivePreview, ExtractResult } from '../domain';
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
} from './fields';
import { versionId } from './versions';
import { contentTypeProblems } from '../validation';
import type { AppError } from '../errors';

export const requests = {
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
    /** The path under `targetDir` (a folder's download keeps its tree), as long as a local path may be. */
    fileName: z.string().min(1).max(4096).optional(),
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
  /** What the drop-to-extract confirmation shows before anything is sent. */
  previewArchive: z.strictObject({
    region,
    container: containerName,
    prefix: urlText('prefix').optional(),
    filePath: localPath,
  }),
  /** Stops a running upload or download but keeps what reached its destination, to be resumed. */
  pauseTransfer: z.strictObject({ operationId }),
  /** Goes on with a paused, failed or interrupted transfer; runs (and is cancelled) by the same id. */
  resumeTransfer: z.strictObject({ operationId }),
  /** Gives a stopped transfer up: the segments an upload sent, or a download's partial file, are deleted. */
  discardTransfer: z.strictObject({ operationId }),
  /** The stopped transfers of the signed-in account that can be resumed, oldest first. */
  listStoppedTransfers: z.strictObject({}),
} as const;

/** What the renderer asked for, as it asked (minus the operation id): resuming runs exactly this again. */
export type StoppedRequest =
  | {
      kind: 'upload';
      region: string;
      container: string;
      name: string;
      filePath: string;
      contentType?: string | undefined;
      metadata?: Record<string, string> | undefined;
      deleteAt?: number | undefined;
      replaces?: boolean | undefined;
    }
  | {
      kind: 'download';
      region: string;
      container: string;
      name: string;
      targetDir: string;
      fileName?: string | undefined;
      overwrite?: boolean | undefined;
      versionId?: string | undefined;
    };

/**
 * `paused`: the person paused it; `failed`: it stopped on an error; `interrupted`:
 * the app closed (or crashed) while it ran.
 */
export type StoppedState = 'paused' | 'failed' | 'interrupted';

export interface StoppedTransfer {
  /** The operation id it ran under; it resumes under the same one. */
  id: string;
  request: StoppedRequest;
  state: StoppedState;
  /** Bytes already at the destination (segments in Swift, or bytes in the partial file). */
  done: number;
  total: number | undefined;
  error?: AppError | undefined;
}

export interface Responses {
  uploadFile: { etag: string; bytes: number; segments: number };
  downloadObject: { filePath: string; bytes: number };
  extractArchive: ExtractResult;
  previewArchive: ArchivePreview;
  /** True when the transfer was running and is now pausing. */
  pauseTransfer: boolean;
  resumeTransfer:
    { kind: 'upload'; etag: string; bytes: number } | { kind: 'download'; filePath: string; bytes: number };
  discardTransfer: true;
  listStoppedTransfers: StoppedTransfer[];
}
