import type { StorageSession } from '../session';

/**
 * Two regions are one Swift cluster and account when their storage URLs have
 * the same origin and the same path (`/v1/AUTH_…`): then Swift can copy an
 * object itself (X-Copy-From) instead of its bytes passing through Cirrus.
 * Two proxies in front of one cluster would list as two origins and be
 * streamed: slower, never wrong.
 */
export function sameCluster(session: StorageSession, a: string, b: string): boolean {
  const one = new URL(session.region(a).endpoint);
  const two = new URL(session.region(b).endpoint);
  return one.origin === two.origin && one.pathname.replace(/\/+$/, '') === two.pathname.replace(/\/+$/, '');
}
