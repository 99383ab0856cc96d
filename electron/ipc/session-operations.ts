import { getLimits } from '../storage/info';
import { openSession, requireSession, type Ops } from './main-state';

export const sessionOperations: Ops<'signIn' | 'signOut' | 'getSession' | 'getLimits'> = {
  signIn: ({ operationId: _id, ...credentials }, state, signal) => openSession(state, credentials, signal),
  async signOut(_request, state) {
    // Transfers stop as if paused: signed in again, the person can resume them.
    state.running.pauseAll();
    state.session = undefined;
    return true;
  },
  getSession: async (_request, state) => state.session?.info() ?? null,
  getLimits: (r, state, signal) => getLimits(requireSession(state), r.region, signal),
};
