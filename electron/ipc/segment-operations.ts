import { deleteOrphanSegments } from '../storage/segments';
import { scanOrphanSegments } from '../storage/segments';
import { requireSession as s, type Ops } from './main-state';

/** The Segments view: finding leftover segments and deleting chosen groups, followed and cancelled by id. */
export const segmentOperations: Ops<'scanOrphanSegments' | 'deleteOrphanSegments'> = {
  scanOrphanSegments: ({ operationId, region }, state, signal) =>
    scanOrphanSegments(s(state), region, {
      signal,
      onProgress: (p) => state.emit('progress', { operationId, ...p }),
    }),
  deleteOrphanSegments: ({ operationId, region, groups }, state, signal) =>
    deleteOrphanSegments(s(state), region, groups, {
      signal,
      onProgress: (p) => state.emit('progress', { operationId, ...p }),
    }),
};
