import { useState } from 'react';
import type { SessionInfo } from '../../shared/domain';
import { loadRegion, pickRegion, regionStorageKey, saveRegion } from './regionChoice';

/** The region in use: remembered per auth URL + user + tenant, else the catalog's first. */
export function useRegion(session: SessionInfo): [string | undefined, (region: string) => void] {
  const key = regionStorageKey(session);
  const [chosen, setChosen] = useState<{ key: string; region: string } | null>(null);
  const region =
    chosen && chosen.key === key && session.regions.some((r) => r.name === chosen.region)
      ? chosen.region
      : pickRegion(session.regions, loadRegion(key));

  function choose(next: string) {
    saveRegion(key, next);
    setChosen({ key, region: next });
  }
  return [region, choose];
}
