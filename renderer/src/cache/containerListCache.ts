/**
 * After a container is created or deleted, the region's cached container
 * lists are edited where the name lies instead of being listed again: an
 * account scrolled through thousands of containers would otherwise ask for
 * every loaded page (1,000 names each) to show one new or one gone row.
 * A row's counts are patched the same way when fresher ones arrive.
 */
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ContainerPage, ContainerSummary } from '../../../shared/domain';
import { compareNames } from '../../../shared/listing-order';
import { containerListsScope } from './queryKeys';
import { editCached } from './editCached';

type Lists = InfiniteData<ContainerPage, unknown>;

/** Every container list of the region (one per filter prefix): key [..., 'containers', prefix]. */
function editLists(client: QueryClient, region: string, edit: (data: Lists, prefix: string) => Lists): void {
  for (const query of client.getQueryCache().findAll({ queryKey: containerListsScope(region) })) {
    const prefix = query.queryKey[3];
    if (typeof prefix === 'string') editCached<Lists>(client, query, (data) => edit(data, prefix));
  }
}

/**
 * Writes a new container's row where it sorts, in the one page that covers
 * that place. A name past the loaded pages is left to the listing, unless
 * the list has been read to its end (its last page has no next marker).
 */
export function putListedContainer(client: QueryClient, region: string, row: ContainerSummary): void {
  editLists(client, region, (data, prefix) => {
    if (!row.name.startsWith(prefix)) return data;
    const last = data.pages.length - 1;
    let target = data.pages.findIndex((page) => {
      const end = page.containers.at(-1);
      return end !== undefined && compareNames(row.name, end.name) <= 0;
    });
    if (target < 0 && data.pages[last]?.nextMarker === undefined) target = last;
    const page = data.pages[target];
    if (!page) return data;
    const at = page.containers.findIndex((c) => compareNames(c.name, row.name) >= 0);
    const exists = page.containers[at]?.name === row.name;
    const containers = [...page.containers];
    containers.splice(at < 0 ? containers.length : at, exists ? 1 : 0, row);
    return { ...data, pages: data.pages.map((p, i) => (i === target ? { ...p, containers } : p)) };
  });
}

/** Takes a deleted container's row out of every list of the region. */
export function removeListedContainer(client: QueryClient, region: string, name: string): void {
  editLists(client, region, (data) => {
    const target = data.pages.findIndex((page) => page.containers.some((c) => c.name === name));
    if (target < 0) return data;
    return {
      ...data,
      pages: data.pages.map((p, i) =>
        i === target ? { ...p, containers: p.containers.filter((c) => c.name !== name) } : p,
      ),
    };
  });
}

/** A container's row with the counts it now has (from a HEAD or a listing's headers), in one list. */
export function patchContainerCounts(
  data: Lists | undefined,
  figures: { name: string; objectCount: number; bytesUsed: number },
): Lists | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const index = page.containers.findIndex((c) => c.name === figures.name);
    const old = page.containers[index];
    if (!old || (old.objectCount === figures.objectCount && old.bytesUsed === figures.bytesUsed)) return page;
    changed = true;
    const containers = [...page.containers];
    containers[index] = { ...old, objectCount: figures.objectCount, bytesUsed: figures.bytesUsed };
    return { ...page, containers };
  });
  // The same object back means "no change": nothing re-renders.
  return changed ? { ...data, pages } : data;
}
