import { metadataHeaders } from '../headers';
import { isSuccess } from '../http';
import { applyChange, type MetadataChange } from '../../../shared/metadata-change';
import { assertMetadataFits } from '../metadata-post';
import type { ObjectInfo } from '../../../shared/domain';
import type { EditableHeader, ObjectHeaders } from '../../../shared/object-headers';
import { headObjectResponse, isoDate, manifestKind, objectError, objectInfoFromHeaders } from '../objects';
import { objectPath } from '../paths';
import type { StorageSession } from '../session';

/**
 * Headers an object POST silently drops unless they are sent again: Swift's
 * object server keeps from the original PUT only its size, etag, content type
 * and system metadata, and takes every header in its `allowed_headers` list
 * from the POST alone. Verified on Swift 2.30: without resending, a POST loses
 * Content-Disposition, Content-Encoding, Cache-Control, Content-Language,
 * Expires, X-Delete-At (the object no longer expires) and X-Object-Manifest
 * (a DLO turns into an empty plain object). Content-Type, an SLO's marker and
 * a symlink's target are kept by Swift and are not sent.
 */
export const HEADERS_POST_DROPS = [
  'content-disposition',
  'content-encoding',
  'cache-control',
  'content-language',
  'expires',
  'x-robots-tag',
  'x-delete-at',
  'x-object-manifest',
] as const;

/** The headers of a HEAD answer that must go with the POST, as the raw bytes Swift sent. */
export function headersToKeep(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of HEADERS_POST_DROPS) {
    const value = headers.get(name);
    if (value !== null) kept[name] = value;
  }
  return kept;
}

/**
 * An object POST replaces the whole metadata set (unlike an account or
 * container POST, which merges), so the current set is read, changed and
 * checked against the region's limits before all of it is sent back.
 *
 * Between the HEAD and the POST another writer may change the metadata; the
 * last writer wins. Swift's object POST ignores If-Match (verified: a wrong
 * etag still gets 202), so there is no cheap way to detect that race.
 */
export async function changeObjectMetadata(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  change: MetadataChange,
  signal?: AbortSignal,
  also: { deleteAt?: number | null; headers?: ObjectHeaders } = {},
): Promise<ObjectInfo> {
  const head = await headObjectResponse(session, region, container, name, signal);
  const current = objectInfoFromHeaders(container, name, head.headers);
  const next = applyChange(current.metadata, change);
  await assertMetadataFits(session, region, change, next, `Cannot change the metadata of "${name}"`, signal);
  const kept = headersToKeep(head.headers);
  // A new expiry replaces the kept one; null leaves it out, which is how a POST clears it.
  if (also.deleteAt !== undefined) delete kept['x-delete-at'];
  if (also.deleteAt) kept['x-delete-at'] = String(also.deleteAt);
  // The same for the editable headers: a value replaces the kept one, '' leaves it out.
  for (const [header, value] of Object.entries(also.headers ?? {})) {
    delete kept[header];
    if (value) kept[header] = value;
  }
  const res = await session.request(region, {
    method: 'POST',
    path: objectPath(container, name),
    headers: { ...kept, ...metadataHeaders('X-Object-Meta-', next) },
    signal,
  });
  // Swift applies a POST to the symlink itself and answers 307, pointing at the target it did not touch.
  const appliedToSymlink = res.status === 307 && manifestKind(head.headers) === 'symlink';
  if (!isSuccess(res) && !appliedToSymlink) {
    throw objectError(res, `Changing the metadata of "${name}"`, container, name);
  }
  // The object as it now stands, so the UI needs no HEAD (nor a listing) to show it: the set just
  // written, and a new Last-Modified. Swift stamps a POST with its own timestamp (verified on 2.30:
  // HEAD after a POST gives the POST's second), and the answer's Date is that second.
  const date = res.headers.get('date');
  const shown = { ...current.headers };
  for (const [header, value] of Object.entries(also.headers ?? {})) {
    if (header === 'content-type') continue;
    if (value) shown[header as EditableHeader] = value;
    else delete shown[header as EditableHeader];
  }
  const { headers: _old, ...rest } = current;
  return {
    ...rest,
    ...(Object.keys(shown).length > 0 ? { headers: shown } : {}),
    contentType: also.headers?.['content-type'] ?? current.contentType,
    metadata: next,
    lastModified: date ? isoDate(date) : current.lastModified,
    deleteAt:
      also.deleteAt === undefined
        ? current.deleteAt
        : also.deleteAt === null
          ? undefined
          : new Date(also.deleteAt * 1000).toISOString(),
  };
}
