/**
 * Object versioning in the main process: reading and switching a container's
 * mode, listing an object's versions (`?versions`), and restoring or
 * deleting one by its id (`?version-id`), against Swift's object_versioning
 * and versioned_writes middleware.
 */
import { z } from 'zod';
import type { Container } from '../../../shared/domain';
import { isDeleteMarkerType, VERSIONS_LISTED, type ObjectVersion, type ObjectVersions } from '../../../shared/versions';
import { containerError, getContainer } from '../containers';
import { StorageError } from '../errors';
import { encodeHeaderValue } from '../headers';
import { errorFromResponse, isSuccess, type HttpResponse } from '../http';
import { objectError } from '../objects';
import { containerPath, objectPath } from '../paths';
import { statusAndId } from '../response-parts';
import type { StorageSession } from '../session';
import type { VersioningChange } from '../../../shared/versions';

function changeHeaders(change: VersioningChange): Record<string, string> {
  switch (change.kind) {
    case 'current':
      return { 'x-versions-enabled': String(change.enabled) };
    case 'legacy':
      // One legacy header at a time: Swift refuses both together.
      return change.mode === 'stack'
        ? { 'x-versions-location': encodeHeaderValue(change.location), 'x-remove-history-location': 'x' }
        : { 'x-history-location': encodeHeaderValue(change.location), 'x-remove-versions-location': 'x' };
    case 'legacyOff':
      return { 'x-remove-versions-location': 'x', 'x-remove-history-location': 'x' };
  }
}

/** Switches a container's versioning and answers with the container as Swift now has it. */
export async function setContainerVersioning(
  session: StorageSession,
  region: string,
  container: string,
  change: VersioningChange,
  signal?: AbortSignal,
): Promise<Container> {
  const res = await session.request(region, {
    method: 'POST',
    path: containerPath(container),
    headers: changeHeaders(change),
    signal,
  });
  // Swift's 400 says why in a sentence ("Cannot enable object versioning on a container that is already using…").
  if (!isSuccess(res)) throw containerError(res, `Changing the versioning of "${container}"`, container);
  return getContainer(session, region, container, signal);
}

const versionRow = z.object({
  name: z.string(),
  hash: z.string(),
  bytes: z.number(),
  content_type: z.string(),
  last_modified: z.string(),
  is_latest: z.boolean(),
  version_id: z.string(),
});

function parseVersions(text: string): z.infer<typeof versionRow>[] {
  try {
    // Folded names (`subdir`) cannot appear: no delimiter is sent.
    return z.array(versionRow).parse(JSON.parse(text || '[]'));
  } catch (err) {
    throw new StorageError('server', 'The service sent a list of versions Cirrus cannot read.', { cause: err });
  }
}

/**
 * An object's versions, newest first: the listing of `?versions` with the
 * object's name as prefix, paged by name and version marker, keeping only the
 * rows of exactly this name (a prefix also matches "name.bak").
 */
export async function listObjectVersions(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  signal?: AbortSignal,
): Promise<ObjectVersions> {
  const versions: ObjectVersion[] = [];
  let marker: { name: string; version: string } | undefined;
  for (;;) {
    const res = await session.request(region, {
      method: 'GET',
      path: containerPath(container),
      query: {
        versions: '',
        format: 'json',
        prefix: name,
        limit: VERSIONS_LISTED + 1 - versions.length,
        marker: marker?.name,
        version_marker: marker?.version,
      },
      headers: { accept: 'application/json' },
      signal,
    });
    if (!isSuccess(res)) throw containerError(res, `Listing the versions of "${name}"`, container);
    const rows = res.status === 204 ? [] : parseVersions(res.text);
    const mine = rows.filter((row) => row.name === name);
    for (const row of mine) {
      versions.push({
        versionId: row.version_id,
        bytes: row.bytes,
        etag: row.hash,
        contentType: row.content_type,
        // Swift lists UTC times without a zone; said, so the page does not read them as local time.
        lastModified: /^\d{4}-\d\d-\d\dT[\d:.]+$/.test(row.last_modified) ? `${row.last_modified}Z` : row.last_modified,
        isLatest: row.is_latest,
        deleteMarker: isDeleteMarkerType(row.content_type),
      });
    }
    // Sorted by name: a row of another name means this name's versions are all listed.
    const last = rows.at(-1);
    if (!last || mine.length < rows.length || versions.length > VERSIONS_LISTED) break;
    marker = { name: last.name, version: last.version_id };
  }
  return { versions: versions.slice(0, VERSIONS_LISTED), more: versions.length > VERSIONS_LISTED };
}

/** Makes an old version the current one again (Swift copies it on top; every version stays). */
export async function restoreObjectVersion(
  session: StorageSession,
  region: string,
  target: { container: string; name: string; versionId: string },
  signal?: AbortSignal,
): Promise<true> {
  const { container, name, versionId } = target;
  const res = await session.request(region, {
    method: 'PUT',
    path: objectPath(container, name),
    query: { 'version-id': versionId },
    headers: { 'content-length': '0' },
    signal,
  });
  if (!isSuccess(res)) throw versionError(res, `Restoring a version of "${name}"`, container, name);
  return true;
}

/** Deletes one version for good (a delete marker too, which brings the object back). */
export async function deleteObjectVersion(
  session: StorageSession,
  region: string,
  target: { container: string; name: string; versionId: string },
  signal?: AbortSignal,
): Promise<true> {
  const { container, name, versionId } = target;
  const res = await session.request(region, {
    method: 'DELETE',
    path: objectPath(container, name),
    query: { 'version-id': versionId },
    signal,
  });
  // 404: already gone, which is what was asked.
  if (!isSuccess(res) && res.status !== 404)
    throw versionError(res, `Deleting a version of "${name}"`, container, name);
  return true;
}

function versionError(res: HttpResponse, what: string, container: string, name: string): StorageError {
  if (res.status === 400) {
    return new StorageError('invalid_input', `${what}: versioning is not on for "${container}".`, statusAndId(res));
  }
  return res.status === 404 ? objectError(res, what, container, name) : errorFromResponse(res, what);
}
