import { z } from 'zod';
import type { ListingEntry, ObjectListing } from '../../../shared/domain';
import { containerError, containerFromHeaders } from '../containers';
import { StorageError } from '../errors';
import { isSuccess, type HttpResponse } from '../http';
import { containerPath } from '../paths';
import { statusAndId } from '../response-parts';
import type { StorageSession } from '../session';

export interface ListObjectsOptions {
  marker?: string | undefined;
  limit?: number | undefined;
  prefix?: string | undefined;
  /** Usually '/': names sharing the part up to the next delimiter fold into one `subdir` entry. */
  delimiter?: string | undefined;
  endMarker?: string | undefined;
  /** Descending order; `marker` and `endMarker` then bound from above and below. */
  reverse?: boolean | undefined;
  signal?: AbortSignal | undefined;
}

// Swift adds fields of its own (symlink_path…); zod's objects drop them, so only the ones Cirrus uses are
// kept. Objects first: nearly every row is one, and a union stops at the first shape that fits (a listing
// of 10,000 names, each row first failing the pseudo-folder shape and then copied once more, parsed in
// 65-100 ms in a fresh process; now 48-73 ms, and 3-25 ms once warm against 15-60).
const listingRow = z.union([
  z.object({
    name: z.string(),
    hash: z.string(),
    bytes: z.number(),
    content_type: z.string(),
    last_modified: z.string(),
    slo_etag: z.string().optional(),
  }),
  z.object({ subdir: z.string() }),
]);
const listingBody = z.array(listingRow);

/** A container listing body as entries; throws on anything that is not Swift's JSON listing. */
export function parseObjectListing(text: string): ListingEntry[] {
  return listingBody.parse(JSON.parse(text || '[]'));
}

/** The marker that continues after `entries`; a trailing pseudo-folder continues after all of it. */
export const markerAfter = (entries: ListingEntry[]): string | undefined => {
  const last = entries.at(-1);
  return last === undefined ? undefined : 'subdir' in last ? last.subdir : last.name;
};

/** Asks for one page of a container's objects; the answer is a success, its body not yet read as entries. */
export async function requestObjectPage(
  session: StorageSession,
  region: string,
  container: string,
  opts: ListObjectsOptions = {},
): Promise<HttpResponse> {
  const res = await session.request(region, {
    method: 'GET',
    path: containerPath(container),
    query: {
      format: 'json',
      marker: opts.marker || undefined,
      limit: opts.limit,
      prefix: opts.prefix || undefined,
      delimiter: opts.delimiter || undefined,
      end_marker: opts.endMarker || undefined,
      reverse: opts.reverse ? 'true' : undefined,
    },
    headers: { accept: 'application/json' },
    signal: opts.signal,
  });
  if (!isSuccess(res)) throw containerError(res, `Listing the objects of "${container}"`, container);
  return res;
}

/** A page's answer as entries; an answer that is not Swift's JSON listing is the service's fault. */
export function objectPageEntries(res: HttpResponse, container: string): ListingEntry[] {
  try {
    return res.status === 204 ? [] : parseObjectListing(res.text);
  } catch (err) {
    throw new StorageError('server', `Listing "${container}" failed: the service sent a listing Cirrus cannot read.`, {
      ...statusAndId(res),
      cause: err,
    });
  }
}

/**
 * One page of a container's objects. `nextMarker` is set for every non-empty
 * page: only an empty page ends a listing, because Swift may return short
 * pages before the end.
 */
export async function listObjects(
  session: StorageSession,
  region: string,
  container: string,
  opts: ListObjectsOptions = {},
): Promise<ObjectListing> {
  const res = await requestObjectPage(session, region, container, opts);
  const entries = objectPageEntries(res, container);
  return { container: containerFromHeaders(container, res.headers), entries, nextMarker: markerAfter(entries) };
}

/** Every page of a listing, in order, until Swift answers with an empty one. */
export async function* iterateObjects(
  session: StorageSession,
  region: string,
  container: string,
  opts: ListObjectsOptions = {},
): AsyncGenerator<ListingEntry[]> {
  let marker = opts.marker;
  for (;;) {
    const page = await listObjects(session, region, container, { ...opts, marker });
    if (page.nextMarker === undefined) return;
    yield page.entries;
    marker = page.nextMarker;
  }
}
