/**
 * Uploads run under the transfer journal: recorded when they start, their
 * segment layout and progress kept as they go, removed when they finish; one
 * that stops is settled by stopped.ts (given up, its segments are deleted).
 */
import fs from 'node:fs/promises';
import type { StoppedRequest } from '../../shared/contract/transfers';
import { bulkDelete, iterateObjects } from '../storage/objects';
import { segmentContainerFor, segmentPrefix } from '../storage/segments';
import type { Pace } from '../storage/bandwidth';
import type { StorageSession } from '../storage/session';
import { StorageError } from '../storage/errors';
import type { ProgressListener } from '../storage/transfer-stream';
import { uploadFile, type UploadResult } from '../storage/upload';
import { quietly, underJournal, type Turn } from './stopped';
import type { JournalEntry, TransferJournal } from './transfer-journal';

export type UploadRequest = Extract<StoppedRequest, { kind: 'upload' }>;

export interface UploadRun {
  id: string;
  request: UploadRequest;
  signal: AbortSignal;
  onProgress: ProgressListener;
  /** The entry of an earlier run, when resuming. */
  resumes?: JournalEntry | undefined;
  /** When it may start (the "Files at once" setting); at once without one. */
  turn?: Turn | undefined;
  /** The bandwidth limit all uploads share; none: as fast as it goes. */
  pace?: Pace | undefined;
  /** How a new upload is split (the transfer settings); a resumed one keeps its first run's layout. */
  threshold?: number | undefined;
  segmentSize?: number | undefined;
  concurrency?: number | undefined;
}

export async function journaledUpload(
  journal: TransferJournal,
  session: StorageSession,
  run: UploadRun,
): Promise<UploadResult> {
  const { id, request, signal } = run;
  const { kind: _kind, region, ...upload } = request;
  let resumes = run.resumes;
  if (resumes?.layout && (await sizeOf(request.filePath)) !== resumes.layout.fileSize) {
    // The file is no longer the one those segments came from: they go, and the upload starts afresh.
    await discardUpload(journal, session, id);
    resumes = undefined;
  }
  return underJournal(
    journal,
    session,
    { ...run, resumes },
    (entry) =>
      uploadFile(session, region, {
        ...upload,
        signal,
        onProgress: run.onProgress,
        pace: run.pace,
        threshold: run.threshold,
        segmentSize: run.segmentSize,
        concurrency: run.concurrency,
        resumable: {
          layout: entry.layout,
          // On disk before the first segment: after a crash, its segments can still be found.
          onLayout: (layout) => quietly(journal.patch(id, { layout, total: layout.fileSize }, { durable: true })),
          onSegmentsDone: (done) => void quietly(journal.patch(id, { done })),
        },
      }),
    () => discardUpload(journal, session, id),
  );
}

const sizeOf = (file: string): Promise<number | undefined> =>
  fs.stat(file).then(
    (stat) => stat.size,
    () => undefined, // gone: the upload itself will say so
  );

/** Gives an upload up: the segments its runs sent are deleted (the object itself was never written), then its entry. */
export async function discardUpload(journal: TransferJournal, session: StorageSession, id: string): Promise<void> {
  const entry = await journal.get(id);
  const layout = entry?.layout;
  if (entry?.request.kind === 'upload' && layout) {
    const { region, container, name } = entry.request;
    const segContainer = segmentContainerFor(container);
    const prefix = segmentPrefix(name, layout.stamp, layout.fileSize, layout.segmentSize);
    const items: { container: string; name: string }[] = [];
    try {
      for await (const page of iterateObjects(session, region, segContainer, { prefix })) {
        for (const e of page) if ('name' in e) items.push({ container: segContainer, name: e.name });
      }
    } catch (err) {
      // No segment container: nothing was sent.
      if (!(err instanceof StorageError && err.code === 'not_found')) throw err;
    }
    await bulkDelete(session, region, items);
  }
  await journal.remove(id);
}
