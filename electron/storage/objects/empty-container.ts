import type { EmptyContainerResult } from '../../../shared/domain';
import { deleteContainer, getContainer } from '../containers';
import { StorageError } from '../errors';
import { sleep } from '../http';
import { getLimits } from '../info';
import { bulkDelete } from './bulk-delete';
import { listObjects } from './listing';
import type { StorageSession } from '../session';
import type { ProgressListener } from '../transfer-stream';

export interface EmptyContainerOptions {
  /** Delete the container itself once it is empty. */
  thenDelete: boolean;
  signal?: AbortSignal | undefined;
  /** Objects deleted so far, of the count the container's HEAD gave at the start. */
  onProgress?: ProgressListener | undefined;
  /** Names listed (and deleted) per round; default the region's listing limit. */
  pageSize?: number;
}

/**
 * Swift updates a container's object count a moment after the deletes (the
 * container server hears of them asynchronously), so a DELETE right after
 * emptying may still be refused with 409; it is asked again a few times.
 */
const DELETE_ATTEMPTS = 5;
const DELETE_PAUSE_MS = 400;

/**
 * Deletes every object of a container, a listing page at a time through bulk
 * delete, and then, if asked, the container. Stops at the first object Swift
 * refuses to delete, naming it; cancelling stops between requests, and what
 * was deleted stays deleted.
 */
export async function emptyContainer(
  session: StorageSession,
  region: string,
  container: string,
  opts: EmptyContainerOptions,
): Promise<EmptyContainerResult> {
  const { signal } = opts;
  const [figures, limits] = await Promise.all([
    getContainer(session, region, container, signal),
    getLimits(session, region, signal),
  ]);
  const total = figures.objectCount;
  const done = { deleted: 0, notFound: 0 };
  opts.onProgress?.({ loaded: 0, total });
  let marker: string | undefined;
  for (;;) {
    const page = await listObjects(session, region, container, {
      limit: Math.min(opts.pageSize ?? limits.containerListingLimit, limits.containerListingLimit),
      signal,
      ...(marker ? { marker } : {}),
    });
    if (page.nextMarker === undefined) break;
    const items = page.entries.flatMap((e) => ('name' in e ? [{ container, name: e.name }] : []));
    const result = await bulkDelete(session, region, items, signal);
    done.deleted += result.deleted;
    done.notFound += result.notFound;
    opts.onProgress?.({ loaded: done.deleted + done.notFound, total: Math.max(total, done.deleted + done.notFound) });
    const first = result.errors[0];
    if (first) {
      throw new StorageError(
        'server',
        `Emptying "${container}": ${result.errors.length} could not be deleted (first: ${first.path}, ${first.status}).`,
      );
    }
    marker = page.nextMarker;
  }
  if (!opts.thenDelete) return { ...done, containerDeleted: false };
  for (let attempt = 1; ; attempt++) {
    try {
      await deleteContainer(session, region, container, signal);
      return { ...done, containerDeleted: true };
    } catch (err) {
      if (!(err instanceof StorageError) || err.code !== 'conflict' || attempt >= DELETE_ATTEMPTS) throw err;
      await sleep(DELETE_PAUSE_MS, signal);
    }
  }
}
