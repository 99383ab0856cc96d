import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ApiError, call, subscribe } from '../api';
import { forgetDeletedContainer, invalidateContainerContent, showWrittenObject } from '../cache/invalidate';
import { useSession } from '../cache/queries';
import { stoppedTransfersKey } from '../cache/queryKeys';
import { mergeStopped } from './stoppedTransfers';
import { TransferStore } from './transferStore';
import type { Transfer, TransferRequest } from './types';

/** What components do with transfers; stable for the provider's life, so using it re-renders nothing. */
interface TransfersActions {
  /** Starts a transfer; resolves when it has finished, whatever the outcome. */
  start(request: TransferRequest, label: string): Promise<Transfer>;
  /** Lists one that will not run, and why (a clause: "its name …"); Retry is not offered. */
  skip(request: TransferRequest, label: string, why: string): void;
  /** Cancels a running transfer; a stopped one is given up (what it had sent or saved is deleted). */
  cancel(id: string): void;
  /** Stops an upload or download but keeps what it did, to resume. */
  pause(id: string): void;
  /** Goes on with a paused (or resumable failed) transfer from where it stopped. */
  resume(id: string): Promise<Transfer>;
  retry(id: string): Promise<Transfer>;
  /** Removes finished transfers from the list. */
  clearFinished(): void;
}

interface TransfersContextValue {
  actions: TransfersActions;
  store: TransferStore;
}

const TransfersContext = createContext<TransfersContextValue | null>(null);

let counter = 0;
const newId = () => `t-${Date.now().toString(36)}-${(counter++).toString(36)}`;

async function run(id: string, request: TransferRequest): Promise<Partial<Transfer>> {
  switch (request.kind) {
    case 'upload': {
      const { kind: _kind, ...r } = request;
      await call('uploadFile', { operationId: id, ...r });
      return {};
    }
    case 'download': {
      const { kind: _kind, ...r } = request;
      return { filePath: (await call('downloadObject', { operationId: id, ...r })).filePath };
    }
    case 'empty': {
      const { kind: _kind, ...r } = request;
      return { emptied: await call('emptyContainer', { operationId: id, ...r }) };
    }
    case 'regionCopy': {
      const { region, container, from, items, dragId } = request;
      // Dropped from another window: copied with that window's session, into this window's region and container.
      if (dragId !== undefined) {
        return { regionCopy: await call('copyWindowDrop', { operationId: id, dragId, target: { region, container } }) };
      }
      const regionCopy = await call('copyBetweenRegions', {
        operationId: id,
        source: { region: from, container },
        target: { region, container },
        items,
      });
      return { regionCopy };
    }
    case 'extract': {
      const { kind: _kind, ...r } = request;
      return { extract: await call('extractArchive', { operationId: id, ...r }) };
    }
  }
}

async function resumeRun(id: string): Promise<Partial<Transfer>> {
  const result = await call('resumeTransfer', { operationId: id });
  return result.kind === 'download' ? { filePath: result.filePath } : {};
}

/** Only what a finished transfer could have changed is asked again. */
function afterTransfer(client: QueryClient, finished: Transfer): void {
  const { request } = finished;
  if (request.kind === 'download') return;
  // Emptying removes objects (some, if cancelled), and the container too when it was to go and did.
  if (request.kind === 'empty' && request.thenDelete && finished.emptied?.containerDeleted) {
    void forgetDeletedContainer(client, request.region, request.container);
    return;
  }
  // One new object: its row goes where it belongs. Extraction and emptying change names anywhere.
  if (request.kind === 'upload' && finished.state === 'done') {
    void showWrittenObject(client, request.region, request.container, request.name).catch(() => undefined);
    return;
  }
  void invalidateContainerContent(client, request.region, request.container);
}

const journaled = (t: Transfer) => t.request.kind === 'upload' || t.request.kind === 'download';

function createActions(store: TransferStore, client: QueryClient): TransfersActions {
  /** Transfers asked to pause: their "cancelled" answer means paused. */
  const pausing = new Set<string>();

  async function execute(transfer: Transfer, work = () => run(transfer.id, transfer.request)): Promise<Transfer> {
    let outcome: Partial<Transfer>;
    try {
      outcome = { ...(await work()), state: 'done', resumable: false, interrupted: false, queued: false };
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError({ code: 'unexpected', message: String(error) });
      const paused = apiError.code === 'cancelled' && pausing.has(transfer.id);
      outcome = paused
        ? { state: 'paused', resumable: true, error: undefined, queued: false }
        : { state: apiError.code === 'cancelled' ? 'cancelled' : 'failed', error: apiError, queued: false };
    }
    pausing.delete(transfer.id);
    // A stopped upload or download may be kept by the main process: ask which, and how much it kept.
    if ((outcome.state === 'failed' || outcome.state === 'paused') && journaled(transfer))
      void client.invalidateQueries({ queryKey: stoppedTransfersKey });
    // Only the outcome: the progress it reached stays, so a cancelled bar shows where it stopped.
    store.update(transfer.id, outcome);
    const finished = store.find(transfer.id) ?? { ...transfer, ...outcome };
    afterTransfer(client, finished);
    return finished;
  }

  const listed = (request: TransferRequest, label: string): Transfer => ({
    id: newId(),
    request,
    label,
    state: 'running',
    loaded: 0,
    total: undefined,
    error: undefined,
    extract: undefined,
    filePath: undefined,
  });

  function start(request: TransferRequest, label: string): Promise<Transfer> {
    const transfer = listed(request, label);
    store.add(transfer);
    return execute(transfer);
  }

  /** Gives a stopped transfer up in the main process, which deletes what it kept. */
  function discard(id: string): void {
    void call('discardTransfer', { operationId: id }).then(
      () => store.update(id, { state: 'cancelled', resumable: false, error: undefined }),
      (error: unknown) => store.update(id, { state: 'failed', error: error instanceof ApiError ? error : undefined }),
    );
  }

  function resume(id: string): Promise<Transfer> {
    const transfer = store.find(id);
    if (!transfer) return Promise.reject(new Error(`No transfer ${id}`));
    store.update(id, {
      state: 'running',
      error: undefined,
      interrupted: false,
      rate: undefined,
      progressAt: undefined,
    });
    return execute(transfer, () => resumeRun(id));
  }

  return {
    start,
    skip: (request, label, why) => store.add({ ...listed(request, label), state: 'skipped', skipped: why }),
    cancel: (id) => {
      const transfer = store.find(id);
      if (transfer?.state === 'running') void call('cancel', { operationId: id });
      else if (transfer?.resumable) discard(id);
    },
    pause: (id) => {
      pausing.add(id);
      void call('pauseTransfer', { operationId: id });
    },
    resume,
    retry: (id) => {
      const old = store.find(id);
      if (!old) return Promise.reject(new Error(`No transfer ${id}`));
      if (old.resumable) return resume(id);
      store.remove((t) => t.id !== id);
      return start(old.request, old.label);
    },
    // Paused transfers stay (they are waiting for the person); a failed one that is cleared is given up.
    clearFinished: () => {
      for (const t of store.getSnapshot()) if (t.state === 'failed' && t.resumable) discard(t.id);
      store.remove((t) => t.state === 'running' || t.state === 'paused');
    },
  };
}

/**
 * Every long transfer of the window: its progress (from the main process's
 * progress events), cancel, retry and final state. The list lives in a
 * store outside React; only the components that show it re-render.
 */
export function TransfersProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const value = useMemo(() => {
    const store = new TransferStore();
    return { store, actions: createActions(store, client) };
  }, [client]);

  // Transfers belong to the session that started them: signing out (or in as someone else) clears the list;
  // the main process has already cancelled what was still running.
  const session = useSession().data;
  const who = session ? JSON.stringify([session.authUrl, session.userName, session.tenantName]) : null;
  useEffect(() => value.store.remove(() => false), [who, value]);

  // What the main process kept of transfers that stopped (in this run of the app or an earlier one).
  const stopped = useQuery({
    queryKey: [...stoppedTransfersKey, who],
    queryFn: () => call('listStoppedTransfers', {}),
    enabled: who !== null,
  }).data;
  useEffect(() => {
    if (!stopped) return;
    const { add, update } = mergeStopped(value.store.getSnapshot(), stopped);
    for (const [id, patch] of update) value.store.update(id, patch);
    for (const transfer of add) value.store.add(transfer);
  }, [stopped, value]);

  useEffect(
    () =>
      subscribe('progress', ({ operationId, loaded, total, queued }) =>
        value.store.progress(operationId, loaded, total, queued === true),
      ),
    [value],
  );

  return <TransfersContext.Provider value={value}>{children}</TransfersContext.Provider>;
}

function useTransfersContext(): TransfersContextValue {
  const value = useContext(TransfersContext);
  if (!value) throw new Error('useTransfers outside TransfersProvider');
  return value;
}

/** Start, cancel, retry, clear: stable, so a component that only starts transfers never re-renders for them. */
export const useTransfers = (): TransfersActions => useTransfersContext().actions;

/** The transfers as they stand; the component re-renders when the list or a transfer's progress changes. */
export function useTransferList(): readonly Transfer[] {
  const { store } = useTransfersContext();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
