// The parts of a Swift (or Keystone) answer that errors and checks read, each read one way here.

/**
 * The id of the request, which an operator finds in the service's logs: Swift's
 * `X-Trans-Id` (its catch_errors middleware sends the same value again as
 * `X-Openstack-Request-Id`), or Keystone's `X-Openstack-Request-Id`, its only one.
 */
export function requestIdOf(headers: Headers): string | undefined {
  return headers.get('x-trans-id') ?? headers.get('x-openstack-request-id') ?? undefined;
}

/** `{ requestId }` to spread into a StorageError's options, or nothing when there is none. */
export const withRequestId = (requestId: string | undefined): { requestId?: string } =>
  requestId ? { requestId } : {};

/** The status and request id of an answer, as a StorageError's options. */
export const statusAndId = (res: {
  status: number;
  requestId: string | undefined;
}): { status: number; requestId?: string } => ({ status: res.status, ...withRequestId(res.requestId) });

/** An ETag as Swift sends it, without the quotes it puts around large objects' ETags (not MD5s of the bytes). */
export function bareEtag(etag: string | null | undefined): string {
  return (etag ?? '').trim().replace(/^"(.*)"$/, '$1');
}

/**
 * An error body fit to quote in a message: Swift's errors are small HTML pages
 * ("<html><h1>Not Found</h1><p>…</p></html>"), so the tags go, white space
 * folds to one space, and a long page is cut at `max` characters.
 */
export function errorDetail(text: string, max = 200): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}
