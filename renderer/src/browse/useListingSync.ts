/**
 * Every object listing carries its container's own figures in its headers
 * (counts, metadata, ACLs — what a HEAD would say). When one arrives (a
 * refresh, a Retry, a page scrolled to), the container's row in the cached
 * container listings and the container's own entry are updated from it, so
 * the tree and the details pane stay current without asking again. So is
 * the row when the container's own HEAD comes back.
 */
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Container, ContainerPage } from '../../../shared/domain';
import { patchContainerCounts } from '../cache/containerListCache';
import type { ListingPage } from '../cache/listingPage';
import { containerKey, containerListsScope } from '../cache/queryKeys';

export function useListingSync(region: string): void {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        // Only a listing Swift just sent: a page edited in place (setQueryData, `manual`) still carries the
        // figures of when it was listed, which would undo fresher ones (versioning turned on since, say).
        if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
        const key = event.query.queryKey;
        if (key[0] !== 'region' || key[1] !== region || key[2] !== 'container') return;
        const patchRow = (figures: Container) =>
          client.setQueriesData<InfiniteData<ContainerPage, unknown>>(
            { queryKey: containerListsScope(region) },
            (data) => patchContainerCounts(data, figures),
          );
        // The container's own HEAD (['region', region, 'container', c, 'figures']), asked again after an
        // upload, a delete or an extraction into it: now that those edit the listings in place, this is
        // what keeps the tree's counts true.
        if (key[4] === 'figures' && key.length === 5) {
          const figures = event.query.state.data as Container | undefined;
          if (figures) patchRow(figures);
          return;
        }
        // An objects listing of this region: ['region', region, 'container', c, 'objects', …].
        if (key[4] !== 'objects') return;
        const listing = event.query.state.data as InfiniteData<ListingPage, unknown> | undefined;
        const figures = listing?.pages.at(-1)?.container;
        if (!figures) return;
        patchRow(figures);
        client.setQueryData<Container>(containerKey(region, figures.name), figures);
      }),
    [client, region],
  );
}
