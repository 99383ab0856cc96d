import { useState } from 'react';
import type { SessionInfo } from '../../../shared/domain';
import { setActiveProfile, useActiveProfile } from '../auth/activeProfile';
import { useRememberRegion } from '../profiles/queries';
import { loadRegion, pickRegion, regionStorageKey, saveRegion } from './regionChoice';

/**
 * The region in use, else the catalog's first. Remembered with the saved
 * profile the session came from (in the main process, so it survives a
 * relaunch), or for a quick sign-in per auth URL + user + tenant in localStorage.
 */
export function useRegion(session: SessionInfo): [string | undefined, (region: string) => void] {
  const profile = useActiveProfile();
  const rememberRegion = useRememberRegion();
  const key = profile ? `profile:${profile.id}` : regionStorageKey(session);
  const [chosen, setChosen] = useState<{ key: string; region: string } | null>(null);
  const remembered = profile ? (profile.lastRegion ?? null) : loadRegion(key);
  const region =
    chosen && chosen.key === key && session.regions.some((r) => r.name === chosen.region)
      ? chosen.region
      : pickRegion(session.regions, remembered);

  function choose(next: string) {
    setChosen({ key, region: next });
    if (profile) {
      setActiveProfile({ ...profile, lastRegion: next });
      rememberRegion.mutate({ id: profile.id, region: next });
    } else {
      saveRegion(key, next);
    }
  }
  return [region, choose];
}
