import { downloadObject } from '../storage/download';
import { extractArchive } from '../storage/extract';
import { uploadFile } from '../storage/upload';
import { requireSession, type MainState, type Ops } from './main-state';

/** Progress of one long operation, as events the renderer can follow by its id. */
const progressOf = (state: MainState, operationId: string) => (p: { loaded: number; total: number | undefined }) =>
  state.emit('progress', { operationId, loaded: p.loaded, total: p.total });

export const transferOperations: Ops<'uploadFile' | 'downloadObject' | 'extractArchive' | 'cancel'> = {
  uploadFile: ({ operationId, region, ...r }, state) =>
    state.running.run(operationId, (signal) =>
      uploadFile(requireSession(state), region, { ...r, signal, onProgress: progressOf(state, operationId) }),
    ),
  downloadObject: ({ operationId, region, ...r }, state) =>
    state.running.run(operationId, (signal) =>
      downloadObject(requireSession(state), region, { ...r, signal, onProgress: progressOf(state, operationId) }),
    ),
  extractArchive: ({ operationId, region, ...r }, state) =>
    state.running.run(operationId, (signal) =>
      extractArchive(requireSession(state), region, { ...r, signal, onProgress: progressOf(state, operationId) }),
    ),
  cancel: async (r, state) => state.running.cancel(r.operationId),
};
