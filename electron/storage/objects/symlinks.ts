/**
 * Symlinks (Swift's symlink middleware): an object that points at another
 * (`X-Symlink-Target: container/object`). A GET follows it; a HEAD with
 * `?symlink=get` shows the link itself, which is how the details read it.
 */
import type { ObjectInfo } from '../../../shared/domain';
import { objectNameProblems } from '../../../shared/validation';
import { StorageError } from '../errors';
import { errorFromResponse, isSuccess } from '../http';
import { getLimits } from '../info';
import { headObject } from './head';
import { objectPath } from '../paths';
import { statusAndId } from '../response-parts';
import type { StorageSession } from '../session';
import { assertNoProblems } from '../validate';

/**
 * Makes `name` a symlink to `target` in the same account. `If-None-Match: *`
 * makes Swift refuse (412) when the name is taken: a link never replaces an
 * object silently. The answer is the link as Swift now holds it.
 */
export async function createSymlink(
  session: StorageSession,
  region: string,
  link: { container: string; name: string; target: { container: string; name: string } },
  signal?: AbortSignal,
): Promise<ObjectInfo> {
  const { container, name, target } = link;
  assertNoProblems(objectNameProblems(name, await getLimits(session, region, signal)), 'Cannot make the link');
  const res = await session.request(region, {
    method: 'PUT',
    path: objectPath(container, name),
    headers: {
      // "container/object", quoted as in a path: the target's own path below the account.
      'X-Symlink-Target': objectPath(target.container, target.name),
      'If-None-Match': '*',
      'Content-Length': '0',
    },
    signal,
  });
  if (res.status === 412) {
    throw new StorageError(
      'conflict',
      `"${name}" already exists in "${container}"; choose another name for the link.`,
      statusAndId(res),
    );
  }
  if (!isSuccess(res)) throw errorFromResponse(res, `Making the link "${name}"`);
  return headObject(session, region, container, name, signal);
}
