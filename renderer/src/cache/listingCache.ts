/**
 * After a change, the cached listings are edited where the change lies
 * instead of being fetched again: a level scrolled through 100,000 rows would
 * otherwise refetch every loaded page (one listing call per page) to show one
 * saved key, one new file or one deleted object. Only the page that holds the
 * name becomes a new object, so nothing else re-renders.
 */
import type { InfiniteData, Query, QueryClient } from '@tanstack/react-query';
import { compareNames } from '../../../shared/listing-order';
import { isObjectListingKey, objectListsScope } from './queryKeys';
import { editCached } from './editCached';
import { keepRows, LATER_PAGE, putRow, type ListedObject, type ListingPage, type PageParam } from './listingPage';

type Window = InfiniteData<ListingPage, unknown>;

/** The folder level a listing query lists (its key: [..., 'objects', prefix, delimiter, start?]). */
const levelOf = (query: Query): string | undefined => {
  const prefix = query.queryKey[5];
  return typeof prefix === 'string' ? prefix : undefined;
};

function editWindows(
  client: QueryClient,
  region: string,
  container: string,
  edit: (data: Window, level: string) => Window,
): void {
  for (const query of client.getQueryCache().findAll({ queryKey: objectListsScope(region, container) })) {
    const level = levelOf(query);
    if (level !== undefined) editCached<Window>(client, query, (data) => edit(data, level));
  }
}

const withPages = (data: Window, pages: ListingPage[]): Window =>
  pages.every((page, i) => page === data.pages[i]) ? data : { ...data, pages };

/** The row a name shows as at `level`: itself, or the folder that holds it there; none outside the level. */
function rowAt(level: string, name: string): ListedObject | undefined {
  if (!name.startsWith(level) || name === level) return undefined;
  const slash = name.indexOf('/', level.length);
  if (slash < 0) return undefined;
  return { name: name.slice(0, slash + 1), bytes: -1, contentType: '', lastModified: '' };
}

/**
 * Writes `object`'s row into every window of the level it shows at, and its
 * folder's row into the levels above: over the row of the same name, or
 * inserted in listing order where the window covers that place. A name past
 * the loaded pages is left for the listing to bring when scrolled to.
 */
export function putListedObject(client: QueryClient, region: string, container: string, object: ListedObject): void {
  editWindows(client, region, container, (data, level) => {
    const row = rowAt(level, object.name) ?? (object.name.startsWith(level) ? object : undefined);
    const target = row && pageFor(data.pages, row.name);
    if (!row || target === undefined) return data;
    const page = data.pages[target];
    if (!page) return data;
    let at = 0;
    while (at < page.names.length && compareNames(page.names[at] ?? '', row.name) < 0) at++;
    const exists = page.names[at] === row.name;
    // A folder row that is there already says all it can.
    if (exists && row !== object) return data;
    return withPages(
      data,
      data.pages.map((p, i) => (i === target ? putRow(page, at, exists, row) : p)),
    );
  });
}

/**
 * The page a name belongs in: the first whose end is at or after it (a name
 * between two pages goes at the end of the first). None when the name lies
 * before the window's first page or after its last, unless that is the
 * listing's own start or end.
 */
function pageFor(pages: readonly ListingPage[], name: string): number | undefined {
  const first = pages[0];
  if (!first || (!first.atStart && compareNames(name, first.before) < 0)) return undefined;
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i];
    const next = pages[i + 1];
    if (!page) break;
    if (next ? compareNames(name, next.before) < 0 : page.atEnd || compareNames(name, page.after) <= 0) return i;
  }
  return undefined;
}

/** Changes the figures of a row that is listed, without adding it where it is not. */
export function patchListedObject(client: QueryClient, region: string, container: string, object: ListedObject): void {
  editWindows(client, region, container, (data) =>
    withPages(
      data,
      data.pages.map((page) => {
        const at = page.names.indexOf(object.name);
        return at >= 0 && (page.bytes[at] ?? -1) >= 0 ? putRow(page, at, true, object) : page;
      }),
    ),
  );
}

/** Takes deleted objects out of every window of the container (their folders stay until listed again). */
export function removeListedObjects(
  client: QueryClient,
  region: string,
  container: string,
  names: readonly string[],
): void {
  const gone = new Set(names);
  editWindows(client, region, container, (data) =>
    withPages(
      data,
      data.pages.map((page) => keepRows(page, (name) => !gone.has(name))),
    ),
  );
}

/**
 * A window cut back to the page it started from, which a refresh lists again.
 * A jump's window (End, a typed name) grows pages before its start; keeping
 * the first of those would keep rows above where the person went and drop the
 * ones they were on. If the start page itself was dropped (maxPages), the
 * first page that is left.
 */
function startPageOnly(data: Window): Window {
  if (data.pages.length <= 1) return data;
  const start = Math.max(
    0,
    data.pageParams.findIndex((param) => (param as PageParam | undefined)?.limit !== LATER_PAGE),
  );
  return { pages: data.pages.slice(start, start + 1), pageParams: data.pageParams.slice(start, start + 1) };
}

/**
 * After work that changed names anywhere (an extraction, emptying): each
 * window keeps only its start page and lists that again — one call a window,
 * not one per page scrolled through.
 */
export function restartListings(client: QueryClient, region: string, container: string): Promise<void> {
  editWindows(client, region, container, startPageOnly);
  return client.invalidateQueries({ queryKey: objectListsScope(region, container) });
}

/**
 * File → Refresh (F5): every object window in the cache back to its start
 * page, then everything on screen asks again. A level scrolled to its end
 * costs one listing call, not one per page loaded; the grid starts its window
 * again where the person was. Container lists keep their pages: they come in
 * thousands, and their pane has no place to find again.
 */
export function refreshEverything(client: QueryClient): Promise<void> {
  for (const query of client.getQueryCache().findAll({ predicate: ({ queryKey }) => isObjectListingKey(queryKey) })) {
    const data = query.state.data as Window | undefined;
    if (data && data.pages.length > 1) client.setQueryData(query.queryKey, startPageOnly(data));
  }
  return client.invalidateQueries({ refetchType: 'active' });
}
