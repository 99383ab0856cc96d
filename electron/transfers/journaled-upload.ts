/**
 * Uploads run under the transfer journal: recorded when they start, their
 * segment layout and progress kept as they go, removed when they finish. What
 * happens to one that stops depends on why: a pause (or the app closing)
 * keeps everything for Resume; a cancel, or an error that trying again will not
 * cure, gives it up and deletes the segments it sent; any other error keeps it,
 * marked failed, so Resume can go on from the last whole segment.
 */
import fs from 'node:fs/promises';
import type { StoppedRequest } from '../../shared/contract-resume';
import type { ErrorCode } from '../../shared/errors';
import { pausedBy } from '../storage/cancel';
import { bulkDelete } from '../storage/objects-bulk-delete';
import { iterateObjects } from '../storage/objects-listing';
import { segmentContainerFor, segmentPrefix } from '../storage/segments';
import type { StorageSession } from '../storage/session';
import { StorageError, toAppError } from '../storage/errors';
import type { ProgressListener } from '../storage/transfer-stream';
import { uploadFile, type UploadResult } from '../storage/upload';
import type { JournalEntry, TransferJournal } from './transfer-journal';

export type UploadRequest = Extract<StoppedRequest, { kind: 'upload' }>;

/** Errors another attempt may get past (the network, the service, the token); the rest give the upload up. */
const WORTH_RESUMING: ReadonlySet<ErrorCode> = new Set(['network', 'timeout', 'server', 'unexpected', 'auth_failed']);

// The journal serves resuming; a journal that cannot be written must not stop the transfer itself.
const quietly = (write: Promise<void>): Promise<void> => write.catch(() => undefined);

export interface UploadRun {
  id: string;
  request: UploadRequest;
  signal: AbortSignal;
  onProgress: ProgressListener;
  /** The entry of an earlier run, when resuming. */
  resumes?: JournalEntry | undefined;
  /** How a new upload is split (the transfer settings); a resumed one keeps its first run's layout. */
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
  const entry: JournalEntry = {
    done: 0,
    ...resumes,
    id,
    account: session.region(region).endpoint,
    request,
    state: 'running',
    error: undefined,
  };
  await quietly(journal.put(entry));
  try {
    const result = await uploadFile(session, region, {
      ...upload,
      signal,
      onProgress: run.onProgress,
      segmentSize: run.segmentSize,
      concurrency: run.concurrency,
      resumable: {
        layout: entry.layout,
        onLayout: (layout) => quietly(journal.patch(id, { layout, total: layout.fileSize })),
        onSegmentsDone: (done) => void quietly(journal.patch(id, { done })),
      },
    });
    await quietly(journal.remove(id));
    return result;
  } catch (err) {
    const error = toAppError(err);
    if (pausedBy(signal)) {
      await quietly(journal.patch(id, { state: 'paused' }));
      throw new StorageError('cancelled', 'Paused. Resume it from the transfers list.', { cause: err });
    }
    if (error.code === 'cancelled' || !WORTH_RESUMING.has(error.code)) {
      await discardUpload(journal, session, id).catch(() => undefined);
    } else {
      await quietly(journal.patch(id, { state: 'failed', error }));
    }
    throw err;
  }
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
