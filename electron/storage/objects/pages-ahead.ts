import type { ListingEntry } from '../../../shared/domain';
import { connectionFreed, requestWritten } from '../request-turns';
import type { StorageSession } from '../session';
import { markerAfter, objectPageEntries, requestObjectPage, type ListObjectsOptions } from './listing';

/**
 * The name (or pseudo-folder) a JSON listing body ends with, read off its
 * last row alone, so the next page can be asked for before the page is
 * parsed. Undefined when the body has no row or its end does not read as one.
 * The last row's opening brace is the first brace, counted from the end, at
 * which the rest of the body parses as a row: a brace inside a name is
 * followed by the rest of that name's JSON string, which cannot parse so
 * (Swift escapes every quote in a name). The caller checks the guess against
 * the parsed page all the same.
 */
export function lastNameOf(body: string): string | undefined {
  const end = body.lastIndexOf('}');
  // A row is a few hundred characters; a name is at most 1,024 bytes, each escaped to at most 6 characters.
  const floor = Math.max(0, end - 16 * 1024);
  for (let start = body.lastIndexOf('{', end); start >= floor; start = body.lastIndexOf('{', start - 1)) {
    let row: unknown;
    try {
      row = JSON.parse(body.slice(start, end + 1));
    } catch {
      continue;
    }
    if (typeof row !== 'object' || row === null) return undefined;
    const { name, subdir } = row as { name?: unknown; subdir?: unknown };
    if (typeof name === 'string') return name;
    return typeof subdir === 'string' ? subdir : undefined;
  }
  return undefined;
}

/**
 * Every page of a listing, in order, as `iterateObjects` gives them, with
 * the next page asked for as soon as this one's body is in: its marker is
 * read off the body's end (`lastNameOf`), so Swift reads the next page while
 * this one is parsed and the caller works on it. Parsing 10,000 rows
 * (~20-40 ms) otherwise sits between every two requests: a warm compare of
 * 100,000 files is little but its ten pages one after another. One request
 * at most is on its way ahead of the page the caller holds; a guess the
 * parsed page does not bear out is let go of and the right page asked for.
 */
export async function* objectPagesAhead(
  session: StorageSession,
  region: string,
  container: string,
  opts: ListObjectsOptions = {},
): AsyncGenerator<ListingEntry[]> {
  const ask = (marker: string | undefined) => {
    const stop = new AbortController();
    const signal = opts.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
    const page = requestObjectPage(session, region, container, { ...opts, marker, signal });
    // Awaited when the caller comes for it; this only keeps a failure meanwhile from going unhandled.
    page.catch(() => undefined);
    return { page, stop };
  };
  let next = ask(opts.marker);
  try {
    for (;;) {
      const res = await next.page;
      const guess = res.status === 204 ? undefined : lastNameOf(res.text);
      if (guess !== undefined) {
        // On the connection this page came on, and written before the parse (request-turns.ts): parsed
        // straight away, this page kept the next one from going out until it was done.
        await connectionFreed();
        next = ask(guess);
        await requestWritten();
      }
      const entries = objectPageEntries(res, container);
      const marker = markerAfter(entries);
      if (marker === undefined) return;
      if (marker !== guess) {
        next.stop.abort();
        next = ask(marker);
      }
      yield entries;
    }
  } finally {
    // The last page's guess, or the caller stopped early (a Stop, a failure): what is on its way is not needed.
    // (Stopping a request already answered does nothing.)
    next.stop.abort();
  }
}
