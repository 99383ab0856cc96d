import type { EmptyContainerResult, ExtractResult } from '../../../shared/domain';
import type { RegionCopyResult } from '../../../shared/region-diff';
import type { ApiError } from '../api';

/** What to run; kept so Retry can run exactly the same again. */
export type TransferRequest =
  /** `deleteAt`: when Swift deletes the object (Unix seconds); absent, it is kept. */
  | {
      kind: 'upload';
      region: string;
      container: string;
      name: string;
      filePath: string;
      contentType?: string;
      metadata?: Record<string, string>;
      deleteAt?: number;
      /** The person chose Replace: the old object's own segments are deleted once the new one is in. */
      replaces?: boolean;
    }
  | {
      kind: 'download';
      region: string;
      container: string;
      name: string;
      targetDir: string;
      fileName?: string;
      overwrite?: boolean;
      /** An older version of the object (`?version-id`). */
      versionId?: string;
    }
  | {
      kind: 'extract';
      region: string;
      container: string;
      prefix?: string;
      filePath: string;
      /** Seconds after Swift writes each object until it deletes it. */
      deleteAfter?: number;
    }
  /** Delete every object of a container (progress counts objects, not bytes), then the container if asked. */
  | { kind: 'empty'; region: string; container: string; thenDelete: boolean }
  /** Objects copied from the same container in region `from` to `region` (the side that changes). */
  | {
      kind: 'regionCopy';
      region: string;
      container: string;
      from: string;
      items: { name: string; bytes: number }[];
      /** Objects dropped from another window (regions/useWindowDrag.ts): main copies what that drag offered. */
      dragId?: string;
    };

/**
 * `paused`: stopped by the person or by the app closing, to be resumed. `skipped`: never started, as
 * `skipped` says why (a download whose name this computer cannot hold).
 */
export type TransferState = 'running' | 'paused' | 'done' | 'failed' | 'cancelled' | 'skipped';

export interface Transfer {
  /** Also the operation id the main process knows it by. */
  id: string;
  request: TransferRequest;
  /** What the person sees, e.g. "photos.tar.gz → backups". */
  label: string;
  state: TransferState;
  loaded: number;
  total: number | undefined;
  error: ApiError | undefined;
  /** The main process kept what it sent (its journal): Resume goes on from there rather than from the start. */
  resumable?: boolean | undefined;
  /** Running, but waiting for its turn: the transfer settings' "Files at once" are all busy. */
  queued?: boolean | undefined;
  /** Paused because the app closed (or stopped) while it ran, not by the person. */
  interrupted?: boolean | undefined;
  /** Bytes (objects, when emptying) a second, smoothed over the last few progress events; unknown before two. */
  rate?: number | undefined;
  /** When the last progress was applied (ms, the store's clock). */
  progressAt?: number | undefined;
  /** The outcome of an extraction, when it finished. */
  extract: ExtractResult | undefined;
  /** Why it was skipped, as a clause ("its name …"). */
  skipped?: string | undefined;
  /** The saved file of a finished download. */
  filePath: string | undefined;
  /** What emptying a container did, when it finished. */
  emptied?: EmptyContainerResult | undefined;
  /** What a copy between regions did, when it finished. */
  regionCopy?: RegionCopyResult | undefined;
}

/** Where a dropped archive is to be unpacked. */
export interface ArchiveDropTarget {
  region: string;
  container: string;
  /** The folder dropped on ("" for the container itself); a trailing "/" is fine. */
  prefix: string;
}
