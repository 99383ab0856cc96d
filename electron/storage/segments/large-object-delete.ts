import type { BulkDeleteResult } from '../../../shared/domain';
import { StorageError } from '../errors';
import { errorFromResponse, isSuccess } from '../http';
import { eachAtOnce } from './large-objects';
import { deleteObject, bulkDelete, manifestKind } from '../objects';
import { objectPath } from '../paths';
import { deleteSegments, dloOwnedSegments, keepsVersions } from './replaced';
import type { StorageSession } from '../session';

/**
 * Deletes the objects the person chose, the large ones among them
 * (`large`, as largeObjectsAmong found them and the confirmation showed)
 * with their segments, so a delete leaves no orphans: Swift's bulk delete
 * removes only an SLO's manifest, and Swift has no way at all to delete a
 * DLO's segments with it. The rest go in as few bulk requests as the region allows.
 */
export async function deleteObjectsWithSegments(
  session: StorageSession,
  region: string,
  container: string,
  names: readonly string[],
  large: readonly string[],
  signal?: AbortSignal,
): Promise<BulkDeleteResult> {
  const chosen = new Set(names);
  const withParts = [...new Set(large)].filter((n) => chosen.has(n));
  const parted = new Set(withParts);
  const plain = names.filter((n) => !parted.has(n)).map((name) => ({ container, name }));
  const result: BulkDeleteResult = plain.length
    ? await bulkDelete(session, region, plain, signal)
    : { deleted: 0, notFound: 0, errors: [] };
  await eachAtOnce(withParts, async (name) => {
    try {
      await deleteWithSegments(session, region, container, name, signal);
      result.deleted++;
    } catch (err) {
      if (signal?.aborted) throw err;
      if (err instanceof StorageError && err.code === 'not_found') result.notFound++;
      else result.errors.push({ path: `/${container}/${name}`, status: (err as Error).message });
    }
  });
  return result;
}

async function deleteWithSegments(
  session: StorageSession,
  region: string,
  container: string,
  name: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const head = await session.request(region, {
    method: 'HEAD',
    path: objectPath(container, name),
    query: { symlink: 'get' },
    signal,
  });
  const kind = isSuccess(head) ? manifestKind(head.headers) : 'plain';
  // Where versions are kept, a delete is a marker and the old version still needs its segments.
  if (kind === 'plain' || kind === 'symlink' || (await keepsVersions(session, region, container, signal))) {
    await deleteObject(session, region, container, name, signal);
    return;
  }
  if (kind === 'slo') {
    await deleteObject(session, region, container, name, signal); // ?multipart-manifest=delete, segments and all
    return;
  }
  // A DLO: its own segments are read first, because once the manifest is gone nothing names them.
  const owned = await dloOwnedSegments(
    session,
    region,
    container,
    name,
    head.headers.get('x-object-manifest') ?? '',
    signal,
  );
  const res = await session.request(region, { method: 'DELETE', path: objectPath(container, name), signal });
  if (!isSuccess(res)) throw errorFromResponse(res, `Deleting "${name}"`);
  if (!owned) return;
  const gone = await deleteSegments(session, region, owned);
  if (gone < owned.items.length) {
    throw new StorageError(
      'server',
      `"${name}" was deleted, but ${owned.items.length - gone} of its ${owned.items.length} segments in ${owned.location} could not be; delete them there.`,
    );
  }
}
