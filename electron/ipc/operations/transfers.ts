// Uploads, downloads and archives, and pausing, resuming or discarding them; each followed and cancelled by id.
import type { Responses, StoppedTransfer } from '../../../shared/contract/transfers';
import { extractArchive, previewArchive } from '../../storage/archive';
import { StorageError } from '../../storage/errors';
import type { StorageSession } from '../../storage/session';
import { discardDownload, journaledDownload } from '../../transfers/journaled-download';
import { discardUpload, journaledUpload } from '../../transfers/journaled-upload';
import type { JournalEntry } from '../../transfers/transfer-journal';
import { requireSession, type MainState, type Ops } from '../main-state';
import { progressOf } from '../progress';
import { bandwidthOf, transferSettingsOf } from '../settings-store';
import { turnFor } from '../transfer-turn';

/** Whether the entry was started by the signed-in account (its region's storage URL then). */
function ownedBy(session: StorageSession, entry: JournalEntry): boolean {
  try {
    return session.region(entry.request.region).endpoint === entry.account;
  } catch {
    return false; // a region this account's catalog does not have
  }
}

/** The entry the renderer names, if this account may act on it; the renderer only ever names ids. */
async function stoppedEntry(state: MainState, id: string): Promise<{ session: StorageSession; entry: JournalEntry }> {
  const session = requireSession(state);
  const entry = await state.journal.get(id);
  if (!entry) throw new StorageError('not_found', 'There is nothing left of this transfer to resume.');
  if (!ownedBy(session, entry)) {
    throw new StorageError('forbidden', 'Another account started this transfer; sign in as that account to go on.');
  }
  if (state.running.isRunning(id)) throw new StorageError('conflict', 'This transfer is already running.');
  return { session, entry };
}

/**
 * Every local path comes from the untrusted renderer: each must be one the main process handed
 * out (path-grants.ts), checked after the session (so "not signed in" stays the first answer)
 * and before anything is sent. What is opened is the real path the check resolved.
 */
export const operations: Ops<keyof Responses> = {
  uploadFile: ({ operationId, filePath, ...r }, state) =>
    state.running.run(operationId, async (signal) => {
      const session = requireSession(state);
      const real = await state.grants.requireFile(filePath);
      // Read at each upload's start: a change in the settings applies to the uploads started after it.
      const settings = await transferSettingsOf(state).get();
      // Journaled, so it can pause and resume (resumeTransfer below), in this run of the app or the next.
      return journaledUpload(state.journal, session, {
        id: operationId,
        request: { kind: 'upload', ...r, filePath: real },
        threshold: settings.segmentThreshold,
        segmentSize: settings.segmentSize,
        concurrency: settings.streams,
        pace: (await bandwidthOf(state)).upload.take,
        signal,
        onProgress: progressOf(state, operationId),
        turn: await turnFor(state, operationId, signal),
      });
    }),
  downloadObject: ({ operationId, targetDir, ...r }, state) =>
    state.running.run(operationId, async (signal) => {
      const session = requireSession(state);
      // Sub-folders the object's name asks for are made by download.ts, never outside this folder.
      const real = await state.grants.requireFolder(targetDir);
      // Journaled, so it can pause and resume into its partial file (resumeTransfer below).
      return journaledDownload(state.journal, session, {
        id: operationId,
        request: { kind: 'download', ...r, targetDir: real },
        pace: (await bandwidthOf(state)).download.take,
        signal,
        onProgress: progressOf(state, operationId),
        turn: await turnFor(state, operationId, signal),
      });
    }),
  // What the drop-to-extract confirmation shows before anything is sent.
  previewArchive: async ({ region, filePath, ...r }, state) => {
    const session = requireSession(state);
    const real = await state.grants.requireFile(filePath);
    return previewArchive(session, region, { ...r, filePath: real });
  },
  extractArchive: ({ operationId, region, filePath, ...r }, state) =>
    state.running.run(operationId, async (signal) => {
      const session = requireSession(state);
      const real = await state.grants.requireFile(filePath);
      return extractArchive(session, region, {
        ...r,
        filePath: real,
        signal,
        onProgress: progressOf(state, operationId),
        // An archive sent to be unpacked is an upload: it keeps to the upload limit.
        pace: (await bandwidthOf(state)).upload.take,
      });
    }),
  pauseTransfer: async ({ operationId }, state) => state.running.pause(operationId),
  resumeTransfer: async ({ operationId }, state) => {
    const { session, entry } = await stoppedEntry(state, operationId);
    const { request } = entry;
    // Its paths are the ones the person chose when it began: the journal is the main process's own.
    const run = { id: operationId, resumes: entry, onProgress: progressOf(state, operationId) };
    return state.running.run(operationId, async (signal) => {
      // A resumed transfer waits its turn like a new one, and keeps to the same limit.
      const turn = await turnFor(state, operationId, signal);
      const bandwidth = await bandwidthOf(state);
      if (request.kind === 'download') {
        const pace = bandwidth.download.take;
        const saved = await journaledDownload(state.journal, session, { ...run, request, signal, turn, pace });
        return { kind: 'download' as const, filePath: saved.filePath, bytes: saved.bytes };
      }
      const pace = bandwidth.upload.take;
      const result = await journaledUpload(state.journal, session, { ...run, request, signal, turn, pace });
      return { kind: 'upload' as const, etag: result.etag, bytes: result.bytes };
    });
  },
  discardTransfer: async ({ operationId }, state) => {
    const { session, entry } = await stoppedEntry(state, operationId);
    if (entry.request.kind === 'upload') await discardUpload(state.journal, session, operationId);
    else await discardDownload(state.journal, operationId);
    return true;
  },
  listStoppedTransfers: async (_request, state) => {
    const session = requireSession(state);
    const stopped: StoppedTransfer[] = [];
    for (const entry of await state.journal.entries()) {
      if (!ownedBy(session, entry) || state.running.isRunning(entry.id)) continue;
      stopped.push({
        id: entry.id,
        request: entry.request,
        // Still "running" on disk but not here: the app stopped while it ran.
        state: entry.state === 'running' ? 'interrupted' : entry.state,
        done: entry.done,
        total: entry.total,
        ...(entry.error ? { error: entry.error } : {}),
      });
    }
    return stopped;
  },
};
