import { getLimits } from '../storage/info';
import { StorageSession } from '../storage/session';
import { requireSession, type MainState, type Ops } from './main-state';

/** Replaces the signed-in session; whatever the old one was doing stops. */
export async function openSession(
  state: MainState,
  credentials: Parameters<typeof StorageSession.open>[0],
  signal?: AbortSignal,
) {
  const session = await StorageSession.open(credentials, state.authenticate, signal);
  state.running.cancelAll();
  state.session = session;
  return session.info();
}

export const sessionOperations: Ops<'signIn' | 'signOut' | 'getSession' | 'getLimits'> = {
  signIn: ({ operationId: _id, ...credentials }, state, signal) => openSession(state, credentials, signal),
  async signOut(_request, state) {
    state.running.cancelAll();
    state.session = undefined;
    return true;
  },
  getSession: async (_request, state) => state.session?.info() ?? null,
  getLimits: (r, state, signal) => getLimits(requireSession(state), r.region, signal),
};
