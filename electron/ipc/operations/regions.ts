// Comparing a container between two regions and copying across: long operations, followed and cancelled by id.
import type { Responses } from '../../../shared/contract/regions';
import { compareRegions, copyBetweenRegions } from '../../storage/regions';
import { requireSession as s, type Ops } from '../main-state';
import { progressOf } from '../progress';

export const operations: Ops<keyof Responses> = {
  compareRegions: ({ operationId, source, target, prefix }, state, signal) =>
    compareRegions(s(state), { source, target, prefix, signal, onProgress: progressOf(state, operationId) }),
  copyBetweenRegions: ({ operationId, source, target, items }, state, signal) =>
    copyBetweenRegions(s(state), { source, target, items, signal, onProgress: progressOf(state, operationId) }),
};
