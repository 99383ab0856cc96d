/**
 * Picked folders stand for everything under them: before a download or a
 * delete, each is listed whole (no delimiter, pages of the listing limit)
 * into the names of its objects.
 */
import type { QueryClient } from '@tanstack/react-query';
import { LISTING_LIMIT_MAX } from '../../../shared/limits';
import { objectNamesOf } from '../../../shared/listing-columns';
import { call } from '../api';
import { limitsQuery } from './queries';

/** A folder's prefix (ends in "/"), or '' for the whole container: each stands for everything under it. */
export const isFolderName = (name: string) => name === '' || name.endsWith('/');

export async function objectsUnder(
  client: QueryClient,
  region: string,
  container: string,
  names: readonly string[],
  signal?: AbortSignal,
): Promise<string[]> {
  const objects = new Set(names.filter((n) => !isFolderName(n)));
  const folders = names.filter(isFolderName);
  if (folders.length === 0) return [...objects];
  const limits = await client.ensureQueryData(limitsQuery(region));
  const limit = Math.min(LISTING_LIMIT_MAX, limits.containerListingLimit);
  for (const prefix of folders) {
    for (let marker = ''; ;) {
      const page = await call(
        'listObjects',
        { region, container, prefix, limit, ...(marker ? { marker } : {}) },
        signal,
      );
      for (const name of objectNamesOf(page)) objects.add(name);
      if (page.names.length < limit || page.nextMarker === undefined) break;
      marker = page.nextMarker;
    }
  }
  return [...objects];
}
