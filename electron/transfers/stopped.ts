/**
 * What becomes of a journaled transfer that stopped, whatever its kind: a
 * pause (or the app closing) keeps everything for Resume; a cancel, or an
 * error that another attempt will not cure, gives it up and deletes what it
 * kept; any other error keeps it, marked failed, so Resume goes on from there.
 */
import type { StoppedRequest } from '../../shared/contract/transfers';
import type { ErrorCode } from '../../shared/errors';
import { pausedBy } from '../storage/cancel';
import { StorageError, toAppError } from '../storage/errors';
import type { StorageSession } from '../storage/session';
import { DURABLE_AFTER_MS, type JournalEntry, type TransferJournal } from './transfer-journal';

/** Errors another attempt may get past (the network, the service, the token). */
const WORTH_RESUMING: ReadonlySet<ErrorCode> = new Set(['network', 'timeout', 'server', 'unexpected', 'auth_failed']);

/** The journal serves resuming; a journal that cannot be written must not stop the transfer itself. */
export const quietly = (write: Promise<void>): Promise<void> => write.catch(() => undefined);

/** Runs a transfer's work when its turn comes (transfer-slots.ts: the "Files at once" setting). */
export type Turn = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Runs one transfer under the journal, whatever its kind: recorded when it starts (from the
 * entry of an earlier run when resuming), written to disk once worth it, removed when it
 * finishes, settled by `settleStopped` (`discard` gives it up) when it stops. It waits for its
 * `turn` already recorded: one paused while it waits is kept, to resume like any other.
 */
export async function underJournal<T>(
  journal: TransferJournal,
  session: StorageSession,
  run: {
    id: string;
    request: StoppedRequest;
    signal: AbortSignal;
    resumes?: JournalEntry | undefined;
    turn?: Turn | undefined;
  },
  work: (entry: JournalEntry) => Promise<T>,
  discard: () => Promise<void>,
): Promise<T> {
  const { id, request, signal } = run;
  const entry: JournalEntry = {
    done: 0,
    ...run.resumes,
    id,
    account: session.region(request.region).endpoint,
    request,
    state: 'running',
    error: undefined,
  };
  await quietly(journal.put(entry));
  const persisted = persistLater(journal, id);
  try {
    const result = await (run.turn ? run.turn(() => work(entry)) : work(entry));
    persisted();
    await quietly(journal.remove(id));
    return result;
  } catch (err) {
    persisted();
    return settleStopped(journal, id, err, signal, discard);
  }
}

/** Writes the transfer to disk once it has run `DURABLE_AFTER_MS`; call the answer when it ends. */
function persistLater(journal: TransferJournal, id: string): () => void {
  const timer = setTimeout(() => void quietly(journal.persist(id)), DURABLE_AFTER_MS);
  timer.unref();
  return () => clearTimeout(timer);
}

/** Records why the transfer `id` stopped, gives it up (`discard`) if it will not be resumed, and rethrows. */
export async function settleStopped(
  journal: TransferJournal,
  id: string,
  err: unknown,
  signal: AbortSignal,
  discard: () => Promise<void>,
): Promise<never> {
  if (pausedBy(signal)) {
    await quietly(journal.patch(id, { state: 'paused' }));
    throw new StorageError('cancelled', 'Paused. Resume it from the transfers list.', { cause: err });
  }
  const error = toAppError(err);
  if (error.code === 'cancelled' || !WORTH_RESUMING.has(error.code)) {
    await discard().catch(() => undefined);
  } else {
    await quietly(journal.patch(id, { state: 'failed', error }));
  }
  throw err;
}
