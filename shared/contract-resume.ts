/**
 * The IPC requests of pausing and resuming transfers. An upload or download
 * started through IPC is written to a journal in the app's data folder while
 * it runs (electron/transfers/transfer-journal.ts), so a paused, failed or
 * interrupted one (the app closed, the laptop slept) can go on from where it
 * stopped, in this run of the app or the next.
 */
import { z } from 'zod';
import { operationId } from './contract-fields';
import type { AppError } from './errors';

export const resumeRequests = {
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

export interface ResumeResponses {
  /** True when the transfer was running and is now pausing. */
  pauseTransfer: boolean;
  resumeTransfer:
    { kind: 'upload'; etag: string; bytes: number } | { kind: 'download'; filePath: string; bytes: number };
  discardTransfer: true;
  listStoppedTransfers: StoppedTransfer[];
}
