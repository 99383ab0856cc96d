// Editing an object in place: the main process keeps the copy, watches it and sends each save.
import type { Responses } from '../../../shared/contract/editing';
import { editsOf } from '../editing-store';
import { requireSession, type Ops } from '../main-state';

export const operations: Ops<keyof Responses> = {
  startEditing: ({ operationId: _id, region, container, name }, state, signal) => {
    requireSession(state);
    return editsOf(state).start(region, container, name, signal);
  },
  stopEditing: async ({ id }, state) => {
    await editsOf(state).stop(id);
    return true;
  },
  listEditing: async (_request, state) => editsOf(state).list(),
  resolveEditConflict: ({ id, choice }, state) => editsOf(state).resolve(id, choice),
  retryEditUpload: ({ id }, state) => editsOf(state).retry(id),
};
