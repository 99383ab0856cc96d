import { HARNESS, type HarnessUserName } from '../swift/config';
import type { Credentials } from '../../electron/storage/auth';
import { StorageSession } from '../../electron/storage/session';

/** v2 password credentials of a harness user. */
export function harnessCredentials(who: HarnessUserName = 'admin'): Credentials {
  const user = HARNESS.users[who];
  return {
    authUrl: HARNESS.authUrlV2,
    userName: user.user,
    secret: { kind: 'password', value: user.password },
    tenantName: user.tenantName,
  };
}

export const openHarnessSession = (who: HarnessUserName = 'admin'): Promise<StorageSession> =>
  StorageSession.open(harnessCredentials(who));

/** A name no earlier run used, so tests never see each other's leftovers. */
export const uniqueName = (prefix: string): string =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
