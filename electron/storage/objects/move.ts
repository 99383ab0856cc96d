/**
 * Renaming and moving, which Swift does not have: a server-side copy, then
 * the original deleted — only once the copy is in place, so a failure
 * half-way leaves the object where it was (and at most an extra copy), never
 * lost. A folder is every object under its prefix, moved one by one, a few at
 * a time, with progress, cancel, and a report of any that did not move.
 */
import { copyObject, deleteObject } from './objects';
import { headObject } from './head';
import { iterateObjects } from './listing';
import { cancelledError } from '../cancel';
import type { StorageSession } from '../session';
import type { MoveFolderResult, ObjectInfo } from '../../../shared/domain';
import { StorageError } from '../errors';
import { errorFromResponse, isSuccess } from '../http';
import { objectPath } from '../paths';

const MOVES_AT_ONCE = 4;

export async function moveObject(
  session: StorageSession,
  region: string,
  from: { container: string; name: string },
  to: { container: string; name: string },
  signal?: AbortSignal,
): Promise<ObjectInfo> {
  if (from.container === to.container && from.name === to.name) {
    throw new StorageError('invalid_input', 'The new name is the name it has.');
  }
  await copyObject(session, region, { from, to, signal });
  await deleteObject(session, region, from.container, from.name, signal);
  return headObject(session, region, to.container, to.name, signal);
}

export async function moveFolder(
  session: StorageSession,
  region: string,
  opts: {
    container: string;
    from: string;
    to: string;
    signal?: AbortSignal | undefined;
    onProgress?: (p: { loaded: number; total: number | undefined }) => void;
  },
): Promise<MoveFolderResult> {
  const { container, from, to, signal } = opts;
  if (!from.endsWith('/') || !to.endsWith('/') || from === to || to.startsWith(from)) {
    throw new StorageError('invalid_input', 'A folder moves to another folder name, not into itself.');
  }
  // The names first (one listing pass), then the moves: moving while listing would list the moved ones again.
  const names: string[] = [];
  for await (const page of iterateObjects(session, region, container, { prefix: from, signal })) {
    for (const entry of page) if ('name' in entry) names.push(entry.name);
  }
  const result: MoveFolderResult = { moved: 0, failed: [] };
  opts.onProgress?.({ loaded: 0, total: names.length });
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      if (signal?.aborted) throw cancelledError();
      const name = names[next++] ?? '';
      try {
        await copyObject(session, region, {
          from: { container, name },
          to: { container, name: to + name.slice(from.length) },
          signal,
        });
        await deleteObject(session, region, container, name, signal);
        result.moved++;
      } catch (err) {
        if (signal?.aborted) throw cancelledError();
        result.failed.push({ name, message: err instanceof Error ? err.message : String(err) });
      }
      opts.onProgress?.({ loaded: result.moved + result.failed.length, total: names.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(MOVES_AT_ONCE, names.length) }, worker));
  return result;
}

/** A folder with nothing in it yet: a zero-byte object named "<prefix>/", as Cyberduck and the Swift CLI make it. */
export async function createFolder(
  session: StorageSession,
  region: string,
  container: string,
  prefix: string,
  signal?: AbortSignal,
): Promise<true> {
  if (!prefix.endsWith('/')) throw new StorageError('invalid_input', 'A folder name ends with "/".');
  const res = await session.request(region, {
    method: 'PUT',
    path: objectPath(container, prefix),
    headers: { 'Content-Type': 'application/directory', 'Content-Length': '0' },
    body: '',
    signal,
  });
  if (isSuccess(res)) return true;
  throw errorFromResponse(res, `Creating the folder "${prefix}"`);
}
