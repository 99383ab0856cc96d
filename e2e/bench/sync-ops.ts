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
import path from 'node:path';
import { MAX_SYNC_ENTRIES, type PlannedAction, type SyncEntry } from '../../shared/sync';
import { planActions } from '../../shared/sync-plan';
import { DEFAULT_EXCLUDES } from '../../shared/sync';
import type { StorageSession } from '../../electron/storage/session';
import { compareFolderPaged, DifferenceFiles, prepareSync } from '../../electron/storage/sync';
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
  /** The MD5 cache's folder (the app keeps it in its data folder; none there: a cold compare); the differences go beside it. */
  cacheDir: string;
}

/**
 * The compare as the app runs it: its differences go to a file in the data
 * folder, and are read back a page at a time as the page reads them (here
 * each page is dropped once counted, or handed to `onPage`).
 */
async function compare(
  session: StorageSession,
  t: SyncTarget,
  onPage: (entries: SyncEntry[]) => void = () => undefined,
) {
  const files = new DifferenceFiles(path.join(path.dirname(t.cacheDir), 'differences'));
  const { entries, next, ...figures } = await compareFolderPaged(
    session,
    REGION,
    {
      container: t.container,
      prefix: t.prefix,
      folder: fs.realpathSync(t.dir),
      excludes: DEFAULT_EXCLUDES,
      cacheDir: t.cacheDir,
    },
    files,
  );
  onPage(entries);
  let listed = entries.length;
  for (let cursor = next; cursor !== null;) {
    const page = await files.page(cursor.comparison, cursor.offset);
    onPage(page.entries);
    listed += page.entries.length;
    cursor = page.next;
  }
  return { ...figures, listed };
}

/** The compare; answers how many names differ (or are on one side only), each read back from its page. */
export const compareOnly = (session: StorageSession, t: SyncTarget) => async (): Promise<OpOutcome> => {
  const { groups, listed } = await compare(session, t);
  const count = groups.onlyLocal.count + groups.onlyRemote.count + groups.different.count;
  if (listed !== Math.min(count, MAX_SYNC_ENTRIES)) throw new Error(`${count} differences, ${listed} read back`);
  return { count };
};

/** Compare, plan the upload direction, run the plan; answers how many files were uploaded. */
export const syncUp = (session: StorageSession, t: SyncTarget, pool: number) => async (): Promise<OpOutcome> => {
  const folder = fs.realpathSync(t.dir);
  const entries: SyncEntry[] = [];
  const comparison = await compare(session, t, (page) => entries.push(...page));
  if (comparison.truncated) throw new Error('the comparison was cut short: more differences than a plan holds');
  const actions = planActions(entries, 'upload', false);
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
