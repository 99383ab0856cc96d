import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { ApiError, call } from '../api';
import type { Transfer, TransferRequest } from './types';

interface TransfersApi {
  transfers: Transfer[];
  /** Starts a transfer; resolves when it has finished, whatever the outcome. */
  start(request: TransferRequest, label: string): Promise<Transfer>;
  cancel(id: string): void;
  retry(id: string): Promise<Transfer>;
  /** Removes finished transfers from the list. */
  clearFinished(): void;
}

const TransfersContext = createContext<TransfersApi | null>(null);

let counter = 0;
const newId = () => `t-${Date.now().toString(36)}-${(counter++).toString(36)}`;

async function run(id: string, request: TransferRequest): Promise<Partial<Transfer>> {
  if (request.kind === 'upload') {
    const { kind: _kind, ...r } = request;
    await call('uploadFile', { operationId: id, ...r });
    return {};
  }
  if (request.kind === 'download') {
    const { kind: _kind, ...r } = request;
    return { filePath: (await call('downloadObject', { operationId: id, ...r })).filePath };
  }
  const { kind: _kind, ...r } = request;
  return { extract: await call('extractArchive', { operationId: id, ...r }) };
}

/**
 * Every long transfer of the window: its progress (from the main process's
 * progress events), cancel, retry and final state. After a transfer that
 * changed a container, that container's listings are invalidated.
 */
export function TransfersProvider({ children }: { children: ReactNode }) {
  const [transfers, setTransfers] = useState<Transfer[]>([]);
  const client = useQueryClient();

  const update = useCallback((id: string, patch: Partial<Transfer>) => {
    setTransfers((all) => all.map((t) => (t.id === id ? { ...t, ...patch } : t)));
  }, []);

  useEffect(
    () =>
      window.cirrus.on('progress', ({ operationId, loaded, total }) => {
        setTransfers((all) =>
          all.map((t) => (t.id === operationId && t.state === 'running' ? { ...t, loaded, total } : t)),
        );
      }),
    [],
  );

  const execute = useCallback(
    async (transfer: Transfer): Promise<Transfer> => {
      let outcome: Partial<Transfer>;
      try {
        outcome = { ...(await run(transfer.id, transfer.request)), state: 'done' };
      } catch (error) {
        const apiError =
          error instanceof ApiError ? error : new ApiError({ code: 'unexpected', message: String(error) });
        outcome = { state: apiError.code === 'cancelled' ? 'cancelled' : 'failed', error: apiError };
      }
      // Only the outcome: the progress it reached stays, so a cancelled bar shows where it stopped.
      update(transfer.id, outcome);
      const finished: Transfer = { ...transfer, ...outcome };
      if (transfer.request.kind !== 'download') {
        // Only what this transfer could have changed: the region's listings of that container, and the account counters.
        const { region, container } = transfer.request;
        void client.invalidateQueries({
          predicate: (q) =>
            q.queryKey.includes(region) && (q.queryKey.includes(container) || q.queryKey[0] === 'account'),
        });
      }
      return finished;
    },
    [client, update],
  );

  const start = useCallback(
    (request: TransferRequest, label: string) => {
      const transfer: Transfer = {
        id: newId(),
        request,
        label,
        state: 'running',
        loaded: 0,
        total: undefined,
        error: undefined,
        extract: undefined,
        filePath: undefined,
      };
      setTransfers((all) => [...all, transfer]);
      return execute(transfer);
    },
    [execute],
  );

  const api = useMemo<TransfersApi>(
    () => ({
      transfers,
      start,
      cancel: (id) => void call('cancel', { operationId: id }),
      retry: (id) => {
        const old = transfers.find((t) => t.id === id);
        if (!old) return Promise.reject(new Error(`No transfer ${id}`));
        setTransfers((all) => all.filter((t) => t.id !== id));
        return start(old.request, old.label);
      },
      clearFinished: () => setTransfers((all) => all.filter((t) => t.state === 'running')),
    }),
    [transfers, start],
  );

  return <TransfersContext.Provider value={api}>{children}</TransfersContext.Provider>;
}

export function useTransfers(): TransfersApi {
  const api = useContext(TransfersContext);
  if (!api) throw new Error('useTransfers outside TransfersProvider');
  return api;
}
