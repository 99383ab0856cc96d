/**
 * Whether Swift's object is still the one the copy was opened (or last saved) at. Swift 2.30 ignores
 * `If-Match` on a PUT: on the harness, a PUT with `If-Match: "deadbeef…"` over an object whose ETag
 * was another answered 201 and replaced it (and `If-None-Match` takes only `*`). So each save asks
 * first (a HEAD) and sends only when the ETag is the one it holds; the moment between the two is the
 * window left, far shorter than an editing session.
 */
import type { ObjectInfo } from '../../shared/domain';
import type { AppError } from '../../shared/errors';

/** The conflict to put to the person, or undefined when the object is as the copy last saw it. */
export function conflictWith(name: string, expectedEtag: string, now: ObjectInfo | undefined): AppError | undefined {
  if (!now) {
    return { code: 'conflict', message: `"${name}" was deleted from Swift after you opened it.` };
  }
  if (now.etag === expectedEtag) return undefined;
  const when = now.lastModified ? ` (at ${now.lastModified})` : '';
  return { code: 'conflict', message: `"${name}" was changed in Swift${when} after you opened it.` };
}
