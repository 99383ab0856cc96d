import { objectNameProblems } from '../../../shared/validation';
import { parseBulkReport, reportSucceeded } from '../bulk-report';
import { getContainer } from '../containers';
import { StorageError } from '../errors';
import { errorFromResponse, isSuccess } from '../http';
import { getLimits } from '../info';
import { bulkStatusError } from './bulk-delete';
import { headObjectResponse, manifestKind, objectError, objectNotFound, SYMLINK_ITSELF } from './head';
import { objectPath, sourceReference } from '../paths';
import { statusAndId } from '../response-parts';
import type { StorageSession } from '../session';
import { assertNoProblems } from '../validate';

// The object operations in one place for callers; each part lives in its own file.

/** How long a server-side copy may take before Swift answers (see copyObject). */
export const COPY_ANSWER_MS = 15 * 60_000;

export interface ObjectRef {
  container: string;
  name: string;
}

/**
 * Server-side copy within one region. Metadata and content type travel with
 * the object (Swift copies them unless told otherwise).
 *
 * Large objects are copied by content, not by manifest: a manifest copy
 * (`?multipart-manifest=get`) would share the original's segments, and
 * deleteObject removes an SLO's segments, so deleting either copy (or a
 * move = copy + delete) would break the other. The price: Swift refuses to
 * copy more than max_file_size (5 GiB by default) into one object.
 * A symlink is copied as a link (`?symlink=get`), like head and delete see it.
 *
 * Swift answers a copy only once the whole object is written, with nothing
 * sent meanwhile, so the wait for its answer is COPY_ANSWER_MS, not http.ts's
 * 20 s (5 GiB at 10 MiB/s takes about 9 minutes); cancel stops it sooner.
 */
export async function copyObject(
  session: StorageSession,
  region: string,
  opts: { from: ObjectRef; to: ObjectRef; signal?: AbortSignal | undefined },
): Promise<true> {
  const { from, to, signal } = opts;
  assertNoProblems(objectNameProblems(to.name, await getLimits(session, region, signal)), 'Cannot copy the object');
  const res = await session.request(region, {
    method: 'PUT',
    path: objectPath(to.container, to.name),
    query: SYMLINK_ITSELF,
    headers: { 'X-Copy-From': sourceReference(from.container, from.name), 'Content-Length': '0' },
    timeouts: { headersMs: COPY_ANSWER_MS },
    signal,
  });
  if (isSuccess(res)) return true;
  if (res.status === 404) {
    // Swift says 404 both for a missing source and for a missing destination container.
    await headObjectResponse(session, region, from.container, from.name, signal);
    await getContainer(session, region, to.container, signal);
    throw errorFromResponse(res, `Copying "${from.name}" to "${to.name}"`);
  }
  if (res.status === 413) {
    throw new StorageError(
      'limit_exceeded',
      `"${from.name}" is larger than the largest single object this region accepts, so it cannot be copied in one piece.`,
      statusAndId(res),
    );
  }
  throw errorFromResponse(res, `Copying "${from.name}" to "${to.name}"`);
}

/**
 * Deletes one object; a second delete of the same name is a `not_found` error.
 *
 * A HEAD comes first because the right DELETE depends on what the object is:
 * an SLO manifest needs `?multipart-manifest=delete` or its segments stay
 * behind as invisible cost; but that same parameter on a symlink makes Swift
 * follow the link and delete the *target's* segments (seen on Swift 2.30),
 * so it must never be sent blind. DLO segments are left alone: Swift has no
 * server-side way to delete them, and the prefix may hold other objects.
 */
export async function deleteObject(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  signal?: AbortSignal,
): Promise<true> {
  const head = await headObjectResponse(session, region, container, name, signal);
  if (manifestKind(head.headers) === 'slo') {
    const deleted = await deleteSloWithSegments(session, region, container, name, signal);
    if (deleted) return true;
  }
  const res = await session.request(region, { method: 'DELETE', path: objectPath(container, name), signal });
  if (!isSuccess(res)) throw objectError(res, `Deleting "${name}"`, container, name);
  return true;
}

/** True when the manifest and its segments went; false when the object turned out not to be an SLO after all. */
async function deleteSloWithSegments(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  signal?: AbortSignal,
): Promise<boolean> {
  const res = await session.request(region, {
    method: 'DELETE',
    path: objectPath(container, name),
    query: { 'multipart-manifest': 'delete' },
    headers: { accept: 'application/json' },
    signal,
  });
  if (!isSuccess(res)) throw objectError(res, `Deleting "${name}"`, container, name);
  const outcome = parseBulkReport('delete', res.text, `Deleting "${name}"`);
  // Replaced by a plain object since the HEAD: the caller deletes it plainly.
  if (outcome.errors.some((e) => /not an slo manifest/i.test(e.status))) return false;
  if (outcome.errors.length) {
    const failed = outcome.errors.map((e) => `${e.path} (${e.status})`).join(', ');
    throw new StorageError(
      'server',
      `Deleting the large object "${name}" left parts behind: ${failed}.`,
      statusAndId(res),
    );
  }
  if (!reportSucceeded(outcome)) throw bulkStatusError(outcome, `Deleting "${name}"`, res.requestId);
  if (outcome.deleted === 0) throw objectNotFound(res, container, name);
  return true;
}
