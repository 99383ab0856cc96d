/**
 * Cirrus's side of each row: the storage client functions the main process
 * calls for the UI, on a session that is signed in and has read the region's
 * /info already (as it has by the time a person can click anything).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ActivityLog } from '../../electron/activity/activity-log';
import { getAccount } from '../../electron/storage/account';
import { Bandwidth } from '../../electron/storage/bandwidth';
import { changeMetadata } from '../../electron/storage/metadata';
import { downloadObject } from '../../electron/storage/download';
import { extractArchive } from '../../electron/storage/archive';
import { getLimits } from '../../electron/storage/info';
import { listObjects } from '../../electron/storage/objects';
import { observeRequests } from '../../electron/storage/request-observer';
import { uploadFile } from '../../electron/storage/upload';
import { openHarnessSession } from '../../testing/electron/harness-session';
import { TransferSlots } from '../../electron/transfers/transfer-slots';
import { REGION, timedCalls, type Op, type OpOutcome } from './ops';
import { compareOnly, syncUp } from './sync-ops';

type CirrusOp = Exclude<Op, { kind: `floor-${string}` }>;

/** A bandwidth limit as the main process keeps one (electron/ipc/settings-store.ts), with no time window. */
function limited(limits: { uploadLimit?: number; downloadLimit?: number }): Bandwidth {
  const bandwidth = new Bandwidth();
  bandwidth.set({ uploadLimit: null, downloadLimit: null, limitFrom: null, limitTo: null, ...limits });
  return bandwidth;
}

/** Signs in and reads /info untimed; answers the timed work. */
export async function prepareCirrus(op: CirrusOp): Promise<() => Promise<OpOutcome>> {
  // The app's handlers always record (ipc/handlers.ts); the bench records only where a row asks, to compare.
  observeRequests('activity' in op && op.activity ? new ActivityLog().record : undefined);
  const session = await openHarnessSession();
  await getLimits(session, REGION);
  switch (op.kind) {
    case 'upload':
      return async () => {
        const { etag } = await uploadFile(session, REGION, {
          container: op.container,
          name: op.name,
          filePath: op.file,
          // As the app asks for a static large object: its segment size and streams (upload.ts).
          segmentSize: op.segmentBytes,
          concurrency: op.streams,
          pace: op.limit ? limited({ uploadLimit: op.limit }).upload.take : undefined,
        });
        return { etag };
      };
    case 'download':
      return async () => {
        const { bytes } = await downloadObject(session, REGION, {
          container: op.container,
          name: op.name,
          targetDir: op.dir,
          fileName: op.fileName,
          overwrite: true,
          pace: op.limit ? limited({ downloadLimit: op.limit }).download.take : undefined,
        });
        return { count: bytes };
      };
    case 'extract':
      return async () => {
        const outcome = await extractArchive(session, REGION, {
          container: op.container,
          prefix: op.prefix,
          filePath: op.file,
        });
        if (outcome.errors.length) throw new Error(`extraction failed for ${outcome.errors.length} members`);
        return { count: outcome.created };
      };
    case 'folder':
      // As the app does with a drop of many files: every upload started at once, run in the main
      // process's pool ("Files at once", transfer-slots.ts) of `op.pool` (swift upload's 10 by default).
      return async () => {
        const files = fs.readdirSync(op.dir).sort();
        const slots = new TransferSlots(op.pool);
        await Promise.all(
          files.map((file) =>
            slots.run(undefined, () =>
              uploadFile(session, REGION, {
                container: op.container,
                name: `${op.prefix}${file}`,
                filePath: path.join(op.dir, file),
              }),
            ),
          ),
        );
        return { count: files.length };
      };
    case 'sync-compare':
      return compareOnly(session, op);
    case 'sync-up':
      return syncUp(session, op, op.pool);
    case 'list':
      // As the UI pages a container: one level, folded at "/", a small first page, then `limit`, until a short page.
      return async () => {
        let count = 0;
        let marker: string | undefined = '';
        for (let limit = op.firstLimit; marker !== undefined; limit = op.limit) {
          const page = await listObjects(session, REGION, op.container, { marker, limit, delimiter: op.delimiter });
          count += page.entries.length;
          marker = page.entries.length < limit ? undefined : page.nextMarker;
        }
        return { count };
      };
    case 'head':
      return async () => ({ calls: await timedCalls(op.calls, () => getAccount(session, REGION)) });
    case 'save':
      return async () => {
        const target = { kind: 'object', container: op.container, name: op.name } as const;
        const calls = await timedCalls(op.calls, (i) =>
          changeMetadata(session, REGION, target, { set: { bench: `cirrus-${i}` } }),
        );
        return { calls };
      };
  }
}
