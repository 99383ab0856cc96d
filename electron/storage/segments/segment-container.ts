// The container a large object's segments go to, and removing segments a failed upload or copy left.
import { DEFAULT_TRANSFER_SETTINGS } from '../../../shared/transfer-settings';
import { StorageError } from '../errors';
import { errorFromResponse, isSuccess } from '../http';
import { containerPath, objectPath } from '../paths';
import { statusAndId } from '../response-parts';
import type { StorageSession } from '../session';

/** Segments sent at once by default (the measured default, shared/transfer-settings.ts), and by the clean-up of a failed upload. */
export const DEFAULT_CONCURRENCY = DEFAULT_TRANSFER_SETTINGS.streams;

/**
 * Creates `<container>_segments` if missing, with the main container's storage
 * policy (as the swift client does) so both halves of the object live alike.
 */
export async function ensureSegmentContainer(
  session: StorageSession,
  region: string,
  container: string,
  segContainer: string,
  signal: AbortSignal | undefined,
  what = `Uploading into "${container}"`,
): Promise<void> {
  const main = await session.request(region, { method: 'HEAD', path: containerPath(container), signal });
  if (main.status === 404) {
    const message = `${what} failed: the container "${container}" does not exist.`;
    throw new StorageError('not_found', message, statusAndId(main));
  }
  if (!isSuccess(main)) throw errorFromResponse(main, what);
  const existing = await session.request(region, { method: 'HEAD', path: containerPath(segContainer), signal });
  if (isSuccess(existing)) return;
  if (existing.status !== 404) throw errorFromResponse(existing, `Reading the segment container "${segContainer}"`);
  const policy = main.headers.get('x-storage-policy');
  const created = await session.request(region, {
    method: 'PUT',
    path: containerPath(segContainer),
    headers: policy ? { 'x-storage-policy': policy } : {},
    signal,
  });
  if (!isSuccess(created)) throw errorFromResponse(created, `Creating the segment container "${segContainer}"`);
}

/** Best-effort clean-up, without the (possibly aborted) caller's signal; a 404 is already clean. */
export async function deleteAll(
  session: StorageSession,
  region: string,
  container: string,
  names: string[],
): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < names.length) {
      const name = names[next++]!;
      await session.request(region, { method: 'DELETE', path: objectPath(container, name) }).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(DEFAULT_CONCURRENCY, names.length) }, worker));
}
