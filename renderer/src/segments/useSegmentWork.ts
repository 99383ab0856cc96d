import { useEffect, useRef, useState } from 'react';
import type { EventPayloads } from '../../../shared/contract';
import type { SegmentGroupRef, SegmentReclaim, SegmentScan } from '../../../shared/segment-groups';
import { call, isApiError, subscribe } from '../api';

export type SegmentProgress = EventPayloads['progress'];

export interface Running {
  what: 'scan' | 'delete';
  operationId: string;
  progress: SegmentProgress | undefined;
}

let counter = 0;
const sameGroup = (a: SegmentGroupRef, b: SegmentGroupRef) => a.container === b.container && a.prefix === b.prefix;

/**
 * The Segments view's two long operations, each run in the main process under
 * an operation id of its own: its progress events are followed while it runs,
 * `stop` cancels it there, and closing the view stops whatever still runs.
 */
export function useSegmentWork(region: string) {
  const [scan, setScan] = useState<SegmentScan | undefined>();
  const [running, setRunning] = useState<Running | undefined>();
  const [error, setError] = useState<{ what: Running['what']; error: unknown } | undefined>();
  const [stopped, setStopped] = useState<Running['what'] | undefined>();
  const [report, setReport] = useState<SegmentReclaim | undefined>();
  const current = useRef<string | undefined>(undefined);

  useEffect(
    () => () => {
      if (current.current) void call('cancel', { operationId: current.current });
    },
    [],
  );

  async function run<T>(what: Running['what'], start: (operationId: string) => Promise<T>): Promise<T | undefined> {
    const operationId = `segments-${what}-${Date.now().toString(36)}-${++counter}`;
    current.current = operationId;
    setRunning({ what, operationId, progress: undefined });
    setError(undefined);
    setStopped(undefined);
    const stopListening = subscribe('progress', (progress) => {
      if (progress.operationId !== operationId) return;
      setRunning((r) => (r?.operationId === operationId ? { ...r, progress } : r));
    });
    try {
      return await start(operationId);
    } catch (err) {
      if (isApiError(err, 'cancelled')) setStopped(what);
      else setError({ what, error: err });
      return undefined;
    } finally {
      stopListening();
      current.current = undefined;
      setRunning(undefined);
    }
  }

  return {
    scan,
    running,
    error,
    stopped,
    report,
    startScan: async () => {
      const found = await run('scan', (operationId) => call('scanOrphanSegments', { operationId, region }));
      if (found) {
        setScan(found);
        setReport(undefined);
      }
    },
    /** Deletes the groups; those deleted leave the list, those kept stay in it with the report's reason. */
    remove: async (groups: SegmentGroupRef[]) => {
      const done = await run('delete', (operationId) => call('deleteOrphanSegments', { operationId, region, groups }));
      if (!done) return;
      setReport(done);
      const gone = groups.filter((g) => !done.skipped.some((s) => sameGroup(s, g)));
      setScan((old) => old && { ...old, groups: old.groups.filter((g) => !gone.some((x) => sameGroup(x, g))) });
    },
    stop: () => {
      if (running) void call('cancel', { operationId: running.operationId });
    },
  };
}
