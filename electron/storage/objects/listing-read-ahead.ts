// Container listings read one page ahead in the main process, so the next page of a long scroll is
// on its way from Swift while the current one crosses to the window and is drawn.
import type { ObjectListing } from '../../../shared/domain';
import { untilAborted } from '../cancel';
import { listObjects, type ListObjectsOptions } from './listing';
import type { StorageSession } from '../session';

/**
 * Pages of at least this many names can be followed by a read-ahead: the
 * grid's later pages (up to the cluster's listing limit), not the tree's nor
 * a first page.
 */
export const READ_AHEAD_FROM = 1000;
/**
 * A read-ahead starts once this many pages in a row each began where the one
 * before ended, reading forward: a scroll that has gone on that long tends to
 * go on. A jump to a name, the End key (backwards), "Load all" after one page
 * or a look at a folder reads nothing it was not asked for.
 */
export const READ_AHEAD_AFTER = 3;
/** A page read ahead and not asked for within this long is dropped (the person stopped scrolling). */
export const READ_AHEAD_KEEP_MS = 30_000;

interface Ahead {
  key: string;
  page: Promise<ObjectListing>;
  /** The session's change count when the read began (StorageSession.changes). */
  changes: number;
  timer: NodeJS.Timeout;
}

/** One page ahead per session: a scroll reads one listing at a time. */
const ahead = new WeakMap<StorageSession, Ahead>();
/** The session's last listing: which one, where it ended, and how many pages in a row led there. */
const runs = new WeakMap<StorageSession, { listing: string; next: string | undefined; pages: number }>();

/** Which listing, whatever the page. */
const listingOf = (region: string, container: string, opts: ListObjectsOptions): string =>
  JSON.stringify([region, container, opts.prefix, opts.delimiter, opts.endMarker, opts.reverse]);
/** Which page of which listing. */
const keyOf = (region: string, container: string, opts: ListObjectsOptions): string =>
  JSON.stringify([listingOf(region, container, opts), opts.marker, opts.limit]);

function drop(session: StorageSession): void {
  const held = ahead.get(session);
  if (held) clearTimeout(held.timer);
  ahead.delete(session);
}

/**
 * One page of a container's objects, as `listObjects` answers it, taken from
 * the page read ahead when that is the one asked for and nothing this session
 * sent could have changed the container meanwhile. A full page of
 * READ_AHEAD_FROM names or more, the READ_AHEAD_AFTER-th of a forward scroll
 * or later, starts the read of the next. A read ahead that failed is read
 * again, so its error is the one a normal read would give.
 */
export async function listObjectsReadingAhead(
  session: StorageSession,
  region: string,
  container: string,
  opts: ListObjectsOptions = {},
  readAheadFrom = READ_AHEAD_FROM,
): Promise<ObjectListing> {
  const { signal, ...query } = opts;
  const held = ahead.get(session);
  drop(session);
  const fresh = () => listObjects(session, region, container, opts);
  const listing =
    held?.key === keyOf(region, container, query) && held.changes === session.changes
      ? await untilAborted(held.page, signal).catch((err: unknown) => (signal?.aborted ? Promise.reject(err) : fresh()))
      : await fresh();
  const which = listingOf(region, container, query);
  const before = runs.get(session);
  const pages = before?.listing === which && before.next === query.marker ? before.pages + 1 : 1;
  runs.set(session, { listing: which, next: listing.nextMarker, pages });
  const limit = query.limit ?? 0;
  const full = limit >= readAheadFrom && listing.entries.length >= limit && listing.nextMarker !== undefined;
  if (full && pages >= READ_AHEAD_AFTER && !query.reverse) {
    const next = { ...query, marker: listing.nextMarker };
    const page = listObjects(session, region, container, next);
    page.catch(() => undefined); // asked for, a failed read ahead is read again; never asked for, it is nobody's
    const timer = setTimeout(() => drop(session), READ_AHEAD_KEEP_MS);
    timer.unref();
    ahead.set(session, { key: keyOf(region, container, next), page, changes: session.changes, timer });
  }
  return listing;
}
