import { previewArchive } from '../storage/archive';
import { extractArchive } from '../storage/archive';
import { journaledDownload } from '../transfers/journaled-download';
import { journaledUpload } from '../transfers/journaled-upload';
import { verifyObjectAgainstFile } from '../storage/segments';
import { requireSession, type MainState, type Ops } from './main-state';
import { transferSettingsOf } from './settings-operations';
import { turnFor } from './transfer-turn';

/** Progress of one long operation, as events the renderer can follow by its id. */
const progressOf = (state: MainState, operationId: string) => (p: { loaded: number; total: number | undefined }) =>
  state.emit('progress', { operationId, loaded: p.loaded, total: p.total });

/**
 * Every local path comes from the untrusted renderer: each must be one the main process handed
 * out (path-grants.ts), checked after the session (so "not signed in" stays the first answer)
 * and before anything is sent. What is opened is the real path the check resolved.
 */
export const transferOperations: Ops<
  'uploadFile' | 'downloadObject' | 'previewArchive' | 'extractArchive' | 'verifyObject' | 'cancel'
> = {
  uploadFile: ({ operationId, filePath, ...r }, state) =>
    state.running.run(operationId, async (signal) => {
      const session = requireSession(state);
      const real = await state.grants.requireFile(filePath);
      // Read at each upload's start: a change in the settings applies to the uploads started after it.
      const settings = await transferSettingsOf(state).get();
      // Journaled, so it can pause and resume (resume-operations.ts), in this run of the app or the next.
      return journaledUpload(state.journal, session, {
        id: operationId,
        request: { kind: 'upload', ...r, filePath: real },
        threshold: settings.segmentThreshold,
        segmentSize: settings.segmentSize,
        concurrency: settings.streams,
        signal,
        onProgress: progressOf(state, operationId),
        turn: await turnFor(state, operationId, signal),
      });
    }),
  verifyObject: ({ operationId, region, filePath, ...target }, state) =>
    state.running.run(operationId, async (signal) => {
      const session = requireSession(state);
      const real = await state.grants.requireFile(filePath);
      return verifyObjectAgainstFile(
        session,
        region,
        { ...target, filePath: real },
        progressOf(state, operationId),
        signal,
      );
    }),
  downloadObject: ({ operationId, targetDir, ...r }, state) =>
    state.running.run(operationId, async (signal) => {
      const session = requireSession(state);
      // Sub-folders the object's name asks for are made by download.ts, never outside this folder.
      const real = await state.grants.requireFolder(targetDir);
      // Journaled, so it can pause and resume into its partial file (resume-operations.ts).
      return journaledDownload(state.journal, session, {
        id: operationId,
        request: { kind: 'download', ...r, targetDir: real },
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
      });
    }),
  cancel: async (r, state) => state.running.cancel(r.operationId),
};
