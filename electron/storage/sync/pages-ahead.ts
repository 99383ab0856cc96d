/**
 * The pages of a listing with the next one already asked for while the
 * caller works on the current one: a compare merges each page of up to
 * 10,000 names while Swift reads the next, and the empty page that ends
 * every listing is asked for during the last page's merge, not after it.
 */
export async function* pagesAhead<T>(pages: AsyncGenerator<T>): AsyncGenerator<T> {
  let next = pages.next();
  try {
    for (;;) {
      const page = await next;
      if (page.done) return;
      next = pages.next();
      // Awaited on the next turn; this only keeps a failure during the caller's work from going unhandled.
      next.catch(() => undefined);
      yield page.value;
    }
  } finally {
    // The caller stopped early (a Stop, a failure): the listing ends once the request in flight does.
    void pages.return(undefined).catch(() => undefined);
  }
}
