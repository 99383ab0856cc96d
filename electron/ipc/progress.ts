import type { MainState } from './main-state';

/** Progress of one long operation, as events the renderer can follow by the id it gave. */
export const progressOf =
  (state: MainState, operationId: string) =>
  (p: { loaded: number; total: number | undefined }): void =>
    state.emit('progress', { operationId, loaded: p.loaded, total: p.total });
