// Listing, reading, creating, deleting and emptying containers.
import type { Responses } from '../../../shared/contract/containers';
import { listContainers } from '../../storage/account';
import { createContainer, deleteContainer, getContainer } from '../../storage/containers';
import { emptyContainer } from '../../storage/objects';
import { requireSession as s, type Ops } from '../main-state';
import { progressOf } from '../progress';

export const operations: Ops<keyof Responses> = {
  listContainers: (r, state, signal) => listContainers(s(state), r.region, { ...r, signal }),
  getContainer: (r, state, signal) => getContainer(s(state), r.region, r.container, signal),
  createContainer: (r, state, signal) =>
    createContainer(s(state), r.region, r.container, { policy: r.storagePolicy, signal }),
  deleteContainer: (r, state, signal) => deleteContainer(s(state), r.region, r.container, signal),
  emptyContainer: ({ operationId, region, container, thenDelete }, state, signal) =>
    emptyContainer(s(state), region, container, { thenDelete, signal, onProgress: progressOf(state, operationId) }),
};
