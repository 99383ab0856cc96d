/**
 * Cirrus's side of the sync rows, run in the bench worker: the compare the
 * main process runs for "Compare with a local folder…", and a sync up of its
 * differences. The main process has no "run the plan" function: the page
 * builds the plan (shared/sync-plan.ts), has the main process check it a
 * batch at a time (prepareSync) and queues each batch's uploads as ordinary
 * transfers (renderer/src/sync/useRunSync.ts). So does this, with the upload
 * door in the transfers' pool of the app's default size.
 */
import fs from 'node:fs';
import type { PlannedAction } from '../../shared/sync';
import { planActions } from '../../shared/sync-plan';
import { DEFAULT_EXCLUDES } from '../../shared/sync';
import type { StorageSession } from '../../electron/storage/session';
import { compareFolder, prepareSync } from '../../electron/storage/sync';
import { uploadFile } from '../../electron/storage/upload';
import { TransferSlots } from '../../electron/transfers/transfer-slots';
import { REGION, type OpOutcome } from './ops';

/** As useRunSync.ts: each batch checked just before its transfers start. */
const BATCH = 100;

export interface SyncTarget {
  container: string;
  /** Ends in "/". */
  prefix: string;
  dir: string;
  /** The MD5 cache's folder (the app keeps it in its data folder); empty or absent: a cold compare. */
  cacheDir: string;
}

const compare = (session: StorageSession, t: SyncTarget) =>
  compareFolder(session, REGION, {
    container: t.container,
    prefix: t.prefix,
    folder: fs.realpathSync(t.dir),
    excludes: DEFAULT_EXCLUDES,
    cacheDir: t.cacheDir,
  });

/** The compare; answers how many names differ (or are on one side only). */
export const compareOnly = (session: StorageSession, t: SyncTarget) => async (): Promise<OpOutcome> => {
  const { groups } = await compare(session, t);
  return { count: groups.onlyLocal.count + groups.onlyRemote.count + groups.different.count };
};

/** Compare, plan the upload direction, run the plan; answers how many files were uploaded. */
export const syncUp = (session: StorageSession, t: SyncTarget, pool: number) => async (): Promise<OpOutcome> => {
  const folder = fs.realpathSync(t.dir);
  const comparison = await compare(session, t);
  if (comparison.truncated) throw new Error('the comparison was cut short: more differences than a plan holds');
  const actions = planActions(comparison.entries, 'upload', false);
  const slots = new TransferSlots(pool);
  let uploaded = 0;
  for (let at = 0; at < actions.length; at += BATCH) {
    const batch: PlannedAction[] = actions.slice(at, at + BATCH).map((a) => ({
      name: a.name,
      kind: 'upload',
      ...(a.entry.local ? { local: { bytes: a.entry.local.bytes, mtime: a.entry.local.mtime } } : {}),
      ...(a.entry.remote ? { remote: { bytes: a.entry.remote.bytes, etag: a.entry.remote.etag } } : {}),
    }));
    const prepared = await prepareSync(session, REGION, {
      container: t.container,
      prefix: t.prefix,
      folder,
      actions: batch,
    });
    if (prepared.skipped.length || prepared.failed.length)
      throw new Error(`the plan's check left out ${prepared.skipped.length + prepared.failed.length} action(s)`);
    await Promise.all(
      prepared.uploads.map((u) =>
        slots.run(undefined, () =>
          uploadFile(session, REGION, { container: t.container, name: t.prefix + u.name, filePath: u.filePath }),
        ),
      ),
    );
    uploaded += prepared.uploads.length;
  }
  return { count: uploaded };
};
