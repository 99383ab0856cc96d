import { StorageSession } from '../session';

/**
 * Who reads and who writes a copy. One session for a copy between two regions of its own
 * catalog; two for a copy between two windows, each signed in to its own account (or to the
 * same one again): the source's GETs and HEADs carry its token, the target's PUTs the other's.
 */
export interface CopySessions {
  source: StorageSession;
  target: StorageSession;
}

export const copySessionsOf = (sessions: StorageSession | CopySessions): CopySessions =>
  sessions instanceof StorageSession ? { source: sessions, target: sessions } : sessions;

/**
 * Two regions are one Swift cluster and account when their storage URLs have
 * the same origin and the same path (`/v1/AUTH_…`): then Swift can copy an
 * object itself (X-Copy-From) instead of its bytes passing through Cirrus.
 * Two proxies in front of one cluster would list as two origins and be
 * streamed: slower, never wrong. Two accounts never are one: their paths differ.
 */
export function sameCluster(sessions: CopySessions, a: string, b: string): boolean {
  const one = new URL(sessions.source.region(a).endpoint);
  const two = new URL(sessions.target.region(b).endpoint);
  return one.origin === two.origin && one.pathname.replace(/\/+$/, '') === two.pathname.replace(/\/+$/, '');
}
