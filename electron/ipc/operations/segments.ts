// The Segments view: finding leftover segments and deleting chosen groups, followed and cancelled by id.
import type { Responses } from '../../../shared/contract/segments';
import { deleteOrphanSegments, scanOrphanSegments } from '../../storage/segments';
import { requireSession as s, type Ops } from '../main-state';

// Their progress counts containers, then segments (`unit`), so it is passed on whole.
export const operations: Ops<keyof Responses> = {
  scanOrphanSegments: ({ operationId, region }, state, signal) =>
    scanOrphanSegments(s(state), region, { signal, onProgress: (p) => state.emit('progress', { operationId, ...p }) }),
  deleteOrphanSegments: ({ operationId, region, groups }, state, signal) =>
    deleteOrphanSegments(s(state), region, groups, {
      signal,
      onProgress: (p) => state.emit('progress', { operationId, ...p }),
    }),
};
