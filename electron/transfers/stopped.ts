/**
 * What becomes of a journaled transfer that stopped, whatever its kind: a
 * pause (or the app closing) keeps everything for Resume; a cancel, or an
 * error that another attempt will not cure, gives it up and deletes what it
 * kept; any other error keeps it, marked failed, so Resume goes on from there.
 */
import type { ErrorCode } from '../../shared/errors';
import { pausedBy } from '../storage/cancel';
import { StorageError, toAppError } from '../storage/errors';
import { DURABLE_AFTER_MS, type TransferJournal } from './transfer-journal';

/** Errors another attempt may get past (the network, the service, the token). */
const WORTH_RESUMING: ReadonlySet<ErrorCode> = new Set(['network', 'timeout', 'server', 'unexpected', 'auth_failed']);

/** The journal serves resuming; a journal that cannot be written must not stop the transfer itself. */
export const quietly = (write: Promise<void>): Promise<void> => write.catch(() => undefined);

/** Writes the transfer to disk once it has run `DURABLE_AFTER_MS`; call the answer when it ends. */
export function persistLater(journal: TransferJournal, id: string): () => void {
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
