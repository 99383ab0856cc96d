/**
 * The IPC requests of keeping a local folder and a container (or a folder in
 * one) in step: the comparison, a long operation with progress and cancel by
 * id. The folder is one the person chose in the main process's own dialog
 * (electron/ipc/path-grants.ts); the main process reads nothing else.
 */
import { z } from 'zod';
import type { ComparisonStart, DifferencesPage, SyncPreparation } from '../sync';
import { containerName, localPath, operationId, region, urlText } from './fields';

/** Exclusion patterns (shared/sync-exclude.ts), one per entry. */
/** A saved connection profile's id (as in ./profiles.ts). */
const profileId = z.string().min(1).max(64);
const size = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const excludes = z.array(z.string().max(1000)).max(500);

export const requests = {
  /**
   * Walks the folder and the listing under `prefix` and answers what differs: counts and bytes per group,
   * and the first page of the differences (differencesPage reads the rest).
   */
  compareFolder: z.strictObject({
    operationId,
    region,
    container: containerName,
    prefix: urlText('prefix').optional(),
    folder: localPath,
    excludes,
  }),
  /** The next page of a comparison's differences, where the page before said it starts. */
  differencesPage: z.strictObject({
    comparison: z.uuid(),
    offset: size,
  }),
  /** Lets go of a comparison's differences the page stopped reading (Stop while its pages came). */
  discardDifferences: z.strictObject({ comparison: z.uuid() }),
  /**
   * Checks a reviewed plan's actions against what is there now (a changed target is skipped and named),
   * does its deletions and answers the uploads and downloads to queue as ordinary transfers.
   */
  prepareSync: z.strictObject({
    operationId,
    region,
    container: containerName,
    prefix: urlText('prefix').optional(),
    folder: localPath,
    actions: z
      .array(
        z.strictObject({
          name: z.string().min(1).max(4096),
          kind: z.enum(['upload', 'download', 'deleteRemote', 'deleteLocal']),
          local: z.strictObject({ bytes: size, mtime: z.number().finite() }).optional(),
          remote: z.strictObject({ bytes: size, etag: z.string().max(256) }).optional(),
        }),
      )
      .min(1)
      .max(100_000),
  }),
  /** When this folder and this place were last synchronized in full (seconds), for both ways' conflicts; null: never. */
  lastSynced: z.strictObject({
    region,
    container: containerName,
    prefix: urlText('prefix').optional(),
    folder: localPath,
  }),
  /** Records a sync that did everything it was asked, started at `at` (seconds). */
  recordSynced: z.strictObject({
    region,
    container: containerName,
    prefix: urlText('prefix').optional(),
    folder: localPath,
    at: z.number().finite().positive(),
  }),
  /** The exclusion patterns saved for a connection profile (none: a quick sign-in's), else the defaults. */
  getSyncExcludes: z.strictObject({ profileId: profileId.optional() }),
  saveSyncExcludes: z.strictObject({ profileId: profileId.optional(), patterns: excludes }),
} as const;

export interface Responses {
  compareFolder: ComparisonStart;
  differencesPage: DifferencesPage;
  discardDifferences: true;
  prepareSync: SyncPreparation;
  lastSynced: number | null;
  recordSynced: true;
  getSyncExcludes: string[];
  saveSyncExcludes: true;
}
