/**
 * Downloads run under the transfer journal: recorded when they start, their
 * partial file (hidden beside the final name) and the ETag it holds the start
 * of kept as they go, removed when they finish. A resumed one asks Swift for
 * the rest only if the object is still that version (download/partial.ts);
 * one given up loses its partial file.
 */
import type { StoppedRequest } from '../../shared/contract/transfers';
import { discardPartial, downloadObject, type DownloadResult } from '../storage/download';
import type { Pace } from '../storage/bandwidth';
import type { StorageSession } from '../storage/session';
import type { ProgressListener } from '../storage/transfer-stream';
import { quietly, underJournal, type Turn } from './stopped';
import type { JournalEntry, TransferJournal } from './transfer-journal';

export type DownloadRequest = Extract<StoppedRequest, { kind: 'download' }>;

export interface DownloadRun {
  id: string;
  request: DownloadRequest;
  signal: AbortSignal;
  onProgress: ProgressListener;
  /** The entry of an earlier run, when resuming. */
  resumes?: JournalEntry | undefined;
  /** When it may start (the "Files at once" setting); at once without one. */
  turn?: Turn | undefined;
  /** The bandwidth limit all downloads share; none: as fast as it goes. */
  pace?: Pace | undefined;
}

export async function journaledDownload(
  journal: TransferJournal,
  session: StorageSession,
  run: DownloadRun,
): Promise<DownloadResult> {
  const { id, request, signal } = run;
  const { kind: _kind, region, ...download } = request;
  return underJournal(
    journal,
    session,
    run,
    (entry) =>
      downloadObject(session, region, {
        ...download,
        signal,
        onProgress: run.onProgress,
        pace: run.pace,
        // Recorded before the first byte is written: a partial file left by a crash is found again.
        onStarted: ({ tempPath, finalPath, etag, size }) =>
          quietly(journal.patch(id, { partial: { tempPath, finalPath, etag }, total: size })),
        keepPartial: ({ tempPath, finalPath, etag, bytes, size }) =>
          quietly(
            journal.patch(id, { partial: { tempPath, finalPath, etag }, done: bytes, total: size }, { durable: true }),
          ),
        ...(entry.partial ? { resume: { tempPath: entry.partial.tempPath, etag: entry.partial.etag } } : {}),
      }),
    () => discardDownload(journal, id),
  );
}

/** Gives a download up: its partial file goes (only a file under this download's hidden temporary name), then its entry. */
export async function discardDownload(journal: TransferJournal, id: string): Promise<void> {
  const partial = (await journal.get(id))?.partial;
  if (partial) await discardPartial(partial);
  await journal.remove(id);
}
