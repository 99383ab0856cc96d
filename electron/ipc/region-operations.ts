import { compareRegions } from '../storage/regions';
import { copyBetweenRegions } from '../storage/regions';
import { requireSession as s, type Ops } from './main-state';

/** Comparing a container between two regions and copying across: long operations, followed and cancelled by id. */
export const regionOperations: Ops<'compareRegions' | 'copyBetweenRegions'> = {
  compareRegions: ({ operationId, source, target, prefix }, state, signal) =>
    compareRegions(s(state), {
      source,
      target,
      prefix,
      signal,
      onProgress: ({ loaded, total }) => state.emit('progress', { operationId, loaded, total }),
    }),
  copyBetweenRegions: ({ operationId, source, target, items }, state, signal) =>
    copyBetweenRegions(s(state), {
      source,
      target,
      items,
      signal,
      onProgress: ({ loaded, total }) => state.emit('progress', { operationId, loaded, total }),
    }),
};
