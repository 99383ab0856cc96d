import fs from 'node:fs';
import path from 'node:path';
import type { ServiceLimits } from '../../../shared/limits';
import { compareNames } from '../../../shared/region-diff';
import type { PlannedAction, SyncPreparation } from '../../../shared/sync';
import { cancelledError } from '../cancel';
import { StorageError, toAppError } from '../errors';
import { getLimits } from '../info';
import { iterateObjects } from '../objects';
import { deleteObjectsWithSegments, largeObjectsAmong } from '../segments';
import type { StorageSession } from '../session';
import { removeEmptiedFolders } from './emptied-folders';
import { localState, type LocalState } from './local-state';
import { remoteNameProblem } from './names';

export interface PrepareOptions {
  container: string;
  prefix: string;
  /** The chosen folder's real path. */
  folder: string;
  actions: readonly PlannedAction[];
  signal?: AbortSignal | undefined;
}

const MTIME_SLACK_S = 0.001;

function localChanged(seen: PlannedAction['local'], now: LocalState): string | undefined {
  if (now.kind === 'other') return 'it is no longer a regular file on this computer';
  if (!seen) return now.kind === 'file' ? 'a file of that name appeared on this computer' : undefined;
  if (now.kind === 'missing') return 'the file is gone from this computer';
  if (now.bytes !== seen.bytes || Math.abs(now.mtime - seen.mtime) > MTIME_SLACK_S)
    return 'the file changed on this computer';
  return undefined;
}

function remoteChanged(
  seen: PlannedAction['remote'],
  now: { hash: string; bytes: number } | undefined,
): string | undefined {
  if (!seen) return now ? 'an object of that name appeared in Swift' : undefined;
  if (!now) return 'the object is gone from Swift';
  if (now.hash !== seen.etag || now.bytes !== seen.bytes) return 'the object changed in Swift';
  return undefined;
}

/**
 * Checks each action of a reviewed plan against what is there now: a file or
 * an object that changed since the plan saw it is skipped and named, never
 * overwritten or deleted. Then the deletions are done (a large object with its
 * segments); the uploads and downloads are handed back to run as ordinary
 * transfers, through the queue, pause and resume of every other.
 */
export async function prepareSync(
  session: StorageSession,
  region: string,
  opts: PrepareOptions,
): Promise<SyncPreparation> {
  const { container, prefix, folder, signal } = opts;
  const remote = new Map<string, { hash: string; bytes: number }>();
  try {
    const window = listingWindow(
      prefix,
      opts.actions.map((a) => a.name),
    );
    for await (const page of iterateObjects(session, region, container, {
      prefix: prefix || undefined,
      ...window,
      signal,
    })) {
      for (const e of page) if ('name' in e) remote.set(e.name.slice(prefix.length), { hash: e.hash, bytes: e.bytes });
    }
  } catch (err) {
    // A container that does not exist holds nothing: every upload creates what it needs.
    if (!(err instanceof StorageError && err.code === 'not_found')) throw err;
  }
  const out: SyncPreparation = { uploads: [], downloads: [], deleted: [], skipped: [], failed: [] };
  // A name over the region's limit would only fail as a 400 once queued, with no word of why: it fails here,
  // named, and the rest go on. The limits are asked for once, and only when the plan uploads something.
  let limits: Promise<ServiceLimits> | undefined;
  const nameTooLong = async (objectName: string): Promise<string | undefined> => {
    const max = (await (limits ??= getLimits(session, region, signal))).maxObjectNameLength;
    const bytes = Buffer.byteLength(objectName);
    return bytes > max
      ? `Swift cannot hold this name: it is ${bytes} bytes long as an object name and this region allows at most ${max}.`
      : undefined;
  };
  const deleteRemote: string[] = [];
  for (const action of opts.actions) {
    if (signal?.aborted) throw cancelledError();
    const problem = remoteNameProblem(action.name, folder);
    if (problem) {
      out.skipped.push({ name: action.name, reason: problem });
      continue;
    }
    const filePath = path.join(folder, ...action.name.split('/'));
    const now = await localState(folder, filePath);
    const changed = localChanged(action.local, now) ?? remoteChanged(action.remote, remote.get(action.name));
    if (changed) {
      out.skipped.push({ name: action.name, reason: `Not done, it changed since the plan was made: ${changed}.` });
      continue;
    }
    if (action.kind === 'upload') {
      const refused = await nameTooLong(prefix + action.name);
      if (refused) out.failed.push({ name: action.name, message: refused });
      else out.uploads.push({ name: action.name, filePath, replaces: action.remote !== undefined });
    } else if (action.kind === 'download') out.downloads.push({ name: action.name });
    else if (action.kind === 'deleteRemote') deleteRemote.push(action.name);
    else {
      try {
        await fs.promises.unlink(filePath);
        out.deleted.push(action.name);
        await removeEmptiedFolders(
          { session, region, container, prefix, root: folder, signal },
          path.dirname(filePath),
        );
      } catch (err) {
        out.failed.push({ name: action.name, message: `It could not be deleted: ${toAppError(err).message}` });
      }
    }
  }
  if (deleteRemote.length > 0) await deleteObjects(session, region, container, prefix, deleteRemote, out, signal);
  return out;
}

async function deleteObjects(
  session: StorageSession,
  region: string,
  container: string,
  prefix: string,
  names: string[],
  out: SyncPreparation,
  signal: AbortSignal | undefined,
): Promise<void> {
  const full = names.map((n) => prefix + n);
  const large = (await largeObjectsAmong(session, region, container, full, signal)).map((l) => l.name);
  const result = await deleteObjectsWithSegments(session, region, container, full, large, signal);
  for (const name of names) {
    // Swift reports each failure by its path, `/container/name` (made readable by bulk-report.ts).
    const error = result.errors.find((e) => e.path === `/${container}/${prefix}${name}`);
    if (error) out.failed.push({ name, message: `Swift did not delete it (${error.status}).` });
    else out.deleted.push(name);
  }
}

/**
 * The part of the listing that holds every name of a batch (a plan is in
 * Swift's name order, so a batch is one stretch of it): from just before the
 * first (its last character dropped: Swift's marker is exclusive) to just
 * after the last (followed by the highest code point). A few names beyond
 * the batch may come too; none of it is missed, and a batch of a plan of
 * 100,000 objects lists one page, not all of them.
 */
export function listingWindow(prefix: string, names: readonly string[]): { marker?: string; endMarker?: string } {
  if (names.length === 0) return {};
  let first = names[0]!;
  let last = first;
  for (const n of names) {
    if (compareNames(n, first) < 0) first = n;
    if (compareNames(n, last) > 0) last = n;
  }
  const before = [...`${prefix}${first}`].slice(0, -1).join('');
  return { ...(before ? { marker: before } : {}), endMarker: `${prefix}${last}\u{10FFFF}` };
}
