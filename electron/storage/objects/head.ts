import type { ManifestKind, ObjectInfo } from '../../../shared/domain';
import { EDITABLE_HEADERS, type ObjectHeaders } from '../../../shared/object-headers';
import { StorageError } from '../errors';
import { symlinkTargetOf } from './symlink-target';
import { intHeader, metadataFromHeaders } from '../headers';
import { errorFromResponse, isSuccess, type HttpResponse } from '../http';
import { objectPath } from '../paths';
import { bareEtag, statusAndId } from '../response-parts';
import type { StorageSession } from '../session';

/**
 * `?symlink=get` makes Swift answer for a symlink itself rather than for its
 * target; for any other object it changes nothing. Every call here that must
 * act on "this object" (head, copy, the HEAD before a delete or a POST) sends it.
 */
export const SYMLINK_ITSELF = { symlink: 'get' } as const;

export function objectNotFound(res: HttpResponse, container: string, name: string): StorageError {
  return new StorageError(
    'not_found',
    `The object "${name}" does not exist in container "${container}".`,
    statusAndId(res),
  );
}

/** Turns an object call's non-2xx answer into an error naming the object. */
export function objectError(res: HttpResponse, what: string, container: string, name: string): StorageError {
  return res.status === 404 ? objectNotFound(res, container, name) : errorFromResponse(res, what);
}

export function manifestKind(headers: Headers): ManifestKind {
  if (headers.has('x-symlink-target')) return 'symlink';
  if ((headers.get('x-static-large-object') ?? '').toLowerCase() === 'true') return 'slo';
  if (headers.has('x-object-manifest')) return 'dlo';
  return 'plain';
}

/** HTTP dates as ISO 8601, like the rest of the app's timestamps; anything unparsable as sent. */
export function isoDate(value: string | null): string {
  if (!value) return '';
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}

/** X-Delete-At (Unix seconds) as an ISO time; undefined when absent or not a number. */
export function deleteAtFromHeaders(headers: Headers): string | undefined {
  const value = headers.get('x-delete-at');
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return new Date(Number(value) * 1000).toISOString();
}

export function objectInfoFromHeaders(container: string, name: string, headers: Headers): ObjectInfo {
  return {
    container,
    name,
    bytes: intHeader(headers, 'content-length'),
    // Swift quotes the etag of large objects (it is not an MD5 of the bytes); the quotes are transport.
    etag: bareEtag(headers.get('etag')),
    contentType: headers.get('content-type') ?? '',
    lastModified: isoDate(headers.get('last-modified')),
    metadata: metadataFromHeaders(headers, 'x-object-meta-'),
    manifest: manifestKind(headers),
    deleteAt: deleteAtFromHeaders(headers),
    ...shownHeaders(headers),
    ...linkTarget(headers),
  };
}

/** A symlink's target, as the object it names (a versioned container's own links are followed before this). */
function linkTarget(headers: Headers): { symlinkTarget?: { container: string; name: string } } {
  const target = symlinkTargetOf(headers.get('x-symlink-target'));
  return target ? { symlinkTarget: target } : {};
}

/** The editable headers other than Content-Type that the object has; nothing when it has none. */
function shownHeaders(headers: Headers): { headers?: ObjectHeaders } {
  const shown: ObjectHeaders = {};
  for (const name of EDITABLE_HEADERS) {
    const value = headers.get(name);
    if (name !== 'content-type' && value !== null) shown[name] = value;
  }
  return Object.keys(shown).length > 0 ? { headers: shown } : {};
}

/**
 * Where a container keeps versions (X-Versions-Enabled), Swift stores each
 * name as a symlink to its current version (`c/o?version-id=…`). That link
 * is Swift's bookkeeping, not a symlink the person made.
 */
export function isVersionLink(headers: Headers): boolean {
  const version = headers.get('x-object-version-id');
  const target = headers.get('x-symlink-target') ?? '';
  return version !== null && target.endsWith(`?version-id=${version}`);
}

/**
 * The raw HEAD answer of the object itself (a symlink, not its target); 404 →
 * not_found. In a versioned container the name's bookkeeping link is followed
 * once, so size, ETag and metadata are the current version's.
 */
export async function headObjectResponse(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  signal?: AbortSignal,
): Promise<HttpResponse> {
  const res = await session.request(region, {
    method: 'HEAD',
    path: objectPath(container, name),
    query: SYMLINK_ITSELF,
    signal,
  });
  if (!isSuccess(res)) throw objectError(res, `Reading "${name}"`, container, name);
  if (!isVersionLink(res.headers)) return res;
  const current = await session.request(region, { method: 'HEAD', path: objectPath(container, name), signal });
  if (!isSuccess(current)) throw objectError(current, `Reading "${name}"`, container, name);
  return current;
}

export async function headObject(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  signal?: AbortSignal,
): Promise<ObjectInfo> {
  const res = await headObjectResponse(session, region, container, name, signal);
  return objectInfoFromHeaders(container, name, res.headers);
}
