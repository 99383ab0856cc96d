import { z } from 'zod';
import type { ListedObject } from '../../../shared/region-diff';
import { containerError } from '../containers';
import { StorageError } from '../errors';
import { isSuccess } from '../http';
import { containerPath } from '../paths';
import { statusAndId } from '../response-parts';
import type { StorageSession } from '../session';

// Unlike objects/listing.ts, `slo_etag` is kept: it is what makes two large objects the same.
const row = z.object({
  name: z.string(),
  hash: z.string(),
  bytes: z.number(),
  content_type: z.string(),
  last_modified: z.string(),
  slo_etag: z.string().optional(),
});

export interface ListingWalk {
  /** False when the container does not exist (then no rows). */
  exists: boolean;
  /** The container's object count from the first page's headers (undefined when missing). */
  objectCount: number | undefined;
  rows: AsyncGenerator<ListedObject>;
}

/**
 * Every object of a container (under `prefix`), one page at a time in Swift's
 * order, as rows: only one page is held. The first page is read before this
 * returns, so a missing container is known before the walk begins. Only an
 * empty page ends the walk (Swift may answer short pages before the end).
 */
export async function walkListing(
  session: StorageSession,
  region: string,
  container: string,
  prefix: string | undefined,
  signal: AbortSignal | undefined,
): Promise<ListingWalk> {
  const page = async (marker: string | undefined) => {
    const res = await session.request(region, {
      method: 'GET',
      path: containerPath(container),
      query: { format: 'json', prefix: prefix || undefined, marker },
      headers: { accept: 'application/json' },
      signal,
    });
    if (res.status === 404) return { missing: true, rows: [] as ListedObject[], count: undefined };
    if (!isSuccess(res)) throw containerError(res, `Listing "${container}" in ${region}`, container);
    const count = Number(res.headers.get('x-container-object-count') ?? NaN);
    try {
      const rows = res.status === 204 ? [] : z.array(row).parse(JSON.parse(res.text || '[]'));
      return { missing: false, rows, count: Number.isFinite(count) ? count : undefined };
    } catch (err) {
      throw new StorageError('server', `Listing "${container}" in ${region} failed: the listing cannot be read.`, {
        ...statusAndId(res),
        cause: err,
      });
    }
  };
  const first = await page(undefined);
  async function* rows(): AsyncGenerator<ListedObject> {
    let current = first.rows;
    while (current.length > 0) {
      yield* current;
      current = (await page(current.at(-1)!.name)).rows;
    }
  }
  return { exists: !first.missing, objectCount: first.count, rows: rows() };
}
