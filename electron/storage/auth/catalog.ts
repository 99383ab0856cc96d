import type { Region } from '../../../shared/domain';

export interface CatalogEndpoint {
  region: string | undefined;
  url: string | undefined;
}

/** One object-store endpoint per region, in catalog order; the first listed wins. */
export function regionsFromEndpoints(endpoints: CatalogEndpoint[]): Region[] {
  const regions: Region[] = [];
  for (const endpoint of endpoints) {
    if (!endpoint.url) continue;
    const name = endpoint.region ?? 'default';
    if (!regions.some((r) => r.name === name)) regions.push({ name, endpoint: endpoint.url.replace(/\/+$/, '') });
  }
  return regions;
}

export function parseExpiry(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}
