// Comparing a container between two regions and copying across: long operations, followed and cancelled by id.
// A drag of objects from one window to another is the same copy, read with the other window's session.
import type { Responses } from '../../../shared/contract/regions';
import { compareRegions, copyBetweenRegions } from '../../storage/regions';
import { StorageError } from '../../storage/errors';
import { requireSession as s, type MainState, type Ops } from '../main-state';
import { progressOf } from '../progress';

export const operations: Ops<keyof Responses> = {
  compareRegions: ({ operationId, source, target, prefix }, state, signal) =>
    compareRegions(s(state), { source, target, prefix, signal, onProgress: progressOf(state, operationId) }),
  copyBetweenRegions: ({ operationId, source, target, items }, state, signal) =>
    copyBetweenRegions(s(state), { source, target, items, signal, onProgress: progressOf(state, operationId) }),
  offerWindowDrag: async ({ dragId, source, items }, state) => {
    // Only the latest: a person drags one selection at a time.
    state.dragOffer = { dragId, source, items, session: s(state) };
    return true;
  },
  copyWindowDrop: ({ operationId, dragId, target }, state, signal) => {
    // The drop's window writes: its session, its region and container; the offer's window reads.
    const writing = s(state);
    const { source, items, reading } = droppedFrom(state, dragId);
    return copyBetweenRegions(
      { source: reading, target: writing },
      { source, target, items, signal, onProgress: progressOf(state, operationId) },
    );
  },
};

/** The offer a drop names, and the signed-in session of the window that made it. */
function droppedFrom(state: MainState, dragId: string) {
  const found = state.findDragOffer(dragId);
  if (!found) {
    throw new StorageError(
      'not_found',
      'The window these objects were dragged from has closed, or dragged others since.',
    );
  }
  if (found.from === state)
    throw new StorageError('invalid_input', 'Drop the objects on another window to copy them there.');
  const reading = found.from.session;
  if (!reading || reading !== found.offer.session) {
    throw new StorageError(
      'not_signed_in',
      'The window these objects were dragged from has signed out or in again since: drag them again.',
    );
  }
  return { source: found.offer.source, items: found.offer.items, reading };
}
