/**
 * Remembers the last region chosen per auth URL + user + tenant. Region
 * names are not secret; nothing else is stored.
 */
import type { Region, SessionInfo } from '../../../shared/domain';

const PREFIX = 'cirrus.region:';

export function regionStorageKey(session: Pick<SessionInfo, 'authUrl' | 'userName' | 'tenantName'>): string {
  return PREFIX + JSON.stringify([session.authUrl, session.userName, session.tenantName ?? '']);
}

/** The remembered region if the catalog still has it, else the first one. */
export function pickRegion(regions: readonly Region[], remembered: string | null): string | undefined {
  if (remembered && regions.some((r) => r.name === remembered)) return remembered;
  return regions[0]?.name;
}

export function loadRegion(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function saveRegion(key: string, region: string): void {
  try {
    window.localStorage.setItem(key, region);
  } catch {
    // Storage may be unavailable; the choice then lasts for this session only.
  }
}
