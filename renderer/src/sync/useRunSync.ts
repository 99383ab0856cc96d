import { useRef, useState } from 'react';
import type { PlannedAction, SyncPreparation } from '../../../shared/sync';
import type { PlanAction } from '../../../shared/sync-plan';
import { call } from '../api';
import { useTransfers } from '../transfers/TransfersProvider';
import type { Transfer } from '../transfers/types';
import { visibleName } from '../ui/untrustedText';
import type { FolderTarget } from './useFolderComparison';

export interface SyncOutcome {
  uploaded: number;
  downloaded: number;
  deleted: number;
  /** Actions not done, each named with why: its target changed since the plan, or its transfer failed or stopped. */
  notDone: { name: string; reason: string }[];
}

/**
 * Actions checked and queued this many at a time, each batch once the one
 * before has ended: every action is checked against what is there at most a
 * batch's transfers before it starts, and a huge plan never holds more file
 * grants than the main process keeps.
 */
const BATCH = 100;
let counter = 0;
const notStarted = (name: string) => ({ name, reason: 'Not started: the sync was stopped.' });

const planned = (a: PlanAction): PlannedAction => ({
  name: a.name,
  kind: a.kind === 'conflict' ? 'upload' : a.kind,
  ...(a.entry.local ? { local: { bytes: a.entry.local.bytes, mtime: a.entry.local.mtime } } : {}),
  ...(a.entry.remote ? { remote: { bytes: a.entry.remote.bytes, etag: a.entry.remote.etag } } : {}),
});

/**
 * Runs a reviewed plan: the main process checks each batch against what is
 * there now and does its deletions; its uploads and downloads then run as
 * ordinary transfers (the transfers panel's queue, pause, resume and retry).
 */
export function useRunSync(target: FolderTarget, folder: string, recordSynced: (at: number) => Promise<unknown>) {
  const transfers = useTransfers();
  const [running, setRunning] = useState(false);
  const [outcome, setOutcome] = useState<SyncOutcome | undefined>(undefined);
  // Stop: no transfer starts after it; those running finish (the transfers panel can stop them one by one).
  const stopping = useRef(false);
  // Shown: a Stop the person clicked says so at once, though the running transfers may take a while yet.
  const [stopRequested, setStopRequested] = useState(false);

  async function run(actions: readonly PlanAction[]): Promise<SyncOutcome> {
    setRunning(true);
    setOutcome(undefined);
    stopping.current = false;
    setStopRequested(false);
    const result: SyncOutcome = { uploaded: 0, downloaded: 0, deleted: 0, notDone: [] };
    const { region, container, prefix } = target;
    const startedAt = Date.now() / 1000;
    const namesFrom = (at: number) => actions.slice(at).flatMap((a) => (a.kind === 'conflict' ? [] : [a.name]));
    try {
      for (let at = 0; at < actions.length; at += BATCH) {
        const batch = actions.slice(at, at + BATCH).filter((a) => a.kind !== 'conflict');
        if (stopping.current) {
          result.notDone.push(...namesFrom(at).map(notStarted));
          break;
        }
        if (batch.length === 0) continue;
        const prepared: SyncPreparation = await call('prepareSync', {
          operationId: `sync-${Date.now().toString(36)}-${++counter}`,
          region,
          container,
          ...(prefix ? { prefix } : {}),
          folder,
          actions: batch.map(planned),
        });
        result.deleted += prepared.deleted.length;
        result.notDone.push(...prepared.skipped, ...prepared.failed.map((f) => ({ name: f.name, reason: f.message })));
        if (stopping.current) {
          // Stopped while this batch was being checked: none of its transfers has started, so none starts.
          const unstarted = [...prepared.uploads, ...prepared.downloads].map((a) => a.name);
          result.notDone.push(...[...unstarted, ...namesFrom(at + BATCH)].map(notStarted));
          break;
        }
        const runs: Promise<[string, 'up' | 'down', Transfer]>[] = [
          ...prepared.uploads.map(async (u) => {
            const request = {
              kind: 'upload' as const,
              region,
              container,
              name: prefix + u.name,
              filePath: u.filePath,
              replaces: u.replaces,
            };
            return [
              u.name,
              'up',
              await transfers.start(request, `${visibleName(u.name)} → ${visibleName(container)}`),
            ] as [string, 'up', Transfer];
          }),
          ...prepared.downloads.map(async (d) => {
            const request = {
              kind: 'download' as const,
              region,
              container,
              name: prefix + d.name,
              targetDir: folder,
              fileName: d.name,
              overwrite: true,
            };
            return [d.name, 'down', await transfers.start(request, `${visibleName(d.name)} → this computer`)] as [
              string,
              'down',
              Transfer,
            ];
          }),
        ];
        for (const [name, way, transfer] of await Promise.all(runs)) {
          if (transfer.state === 'done') result[way === 'up' ? 'uploaded' : 'downloaded']++;
          else result.notDone.push({ name, reason: transfer.error?.message ?? `The transfer was ${transfer.state}.` });
        }
      }
      // Only a sync that did everything it was asked is one both sides' later changes are measured from.
      if (result.notDone.length === 0) await recordSynced(startedAt);
      return result;
    } finally {
      setOutcome(result);
      setRunning(false);
    }
  }
  const stop = () => {
    stopping.current = true;
    setStopRequested(true);
  };
  // For the plan, once the person has moved on from the run (PlanSection).
  const dismiss = () => setOutcome(undefined);
  return { run, stop, dismiss, running, stopRequested, outcome };
}
