/** The IPC requests of containers: listing them, reading one, creating, deleting and emptying. */
import { z } from 'zod';
import type { Container, ContainerPage, EmptyContainerResult } from '../domain';
import { LISTING_LIMIT_MAX } from '../limits';
import { cancellable, containerName, listingText, operationId, region, storagePolicy } from './fields';

export const requests = {
  listContainers: z.strictObject({
    ...cancellable,
    region,
    marker: listingText,
    prefix: listingText,
    endMarker: listingText,
    reverse: z.boolean().optional(),
    limit: z.number().int().min(1).max(LISTING_LIMIT_MAX).optional(),
  }),
  getContainer: z.strictObject({ ...cancellable, region, container: containerName }),
  createContainer: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    /** Sent as X-Storage-Policy: one of the region's policies (the main process checks it against /info). */
    storagePolicy,
  }),
  deleteContainer: z.strictObject({ ...cancellable, region, container: containerName }),
  /** Deletes every object of the container (a long operation: progress, cancel), then the container if asked. */
  emptyContainer: z.strictObject({ operationId, region, container: containerName, thenDelete: z.boolean() }),
} as const;

export interface Responses {
  listContainers: ContainerPage;
  getContainer: Container;
  /** True when the container was new, false when it already existed. */
  createContainer: boolean;
  deleteContainer: true;
  emptyContainer: EmptyContainerResult;
}
