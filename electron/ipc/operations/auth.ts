// Signing in and out, the session the renderer may know of, and cancelling any call by its id.
import type { Responses } from '../../../shared/contract/auth';
import { editsOf } from '../editing-store';
import { openSession, type Ops } from '../main-state';

export const operations: Ops<keyof Responses> = {
  signIn: ({ operationId: _id, ...credentials }, state, signal) => openSession(state, credentials, signal),
  async signOut(_request, state) {
    // Transfers stop as if paused: signed in again, the person can resume them.
    state.running.pauseAll();
    // Objects edited in place stop, and their copies go: the page asked first when one was unsaved.
    await editsOf(state).stopAll();
    state.session = undefined;
    return true;
  },
  getSession: async (_request, state) => state.session?.info() ?? null,
  cancel: async (r, state) => state.running.cancel(r.operationId),
};
