// Cancellation as the storage client reports it: one error, whatever was cancelled.
import { StorageError } from './errors';

/** The abort reason of a pause: the transfer stops, but keeps what reached its destination. */
export const PAUSE_REASON = 'paused';

/** Whether `signal` stopped its work for a pause (or the app closing), not for a cancel. */
export const pausedBy = (signal: AbortSignal | undefined): boolean =>
  signal?.aborted === true && signal.reason === PAUSE_REASON;

/** The error every cancelled call ends with; the renderer shows no failure for it. */
export const cancelledError = (cause?: unknown): StorageError =>
  new StorageError('cancelled', 'The operation was cancelled.', { cause });

/**
 * `work`, or a `cancelled` error as soon as `signal` fires, whichever comes
 * first. `work` itself goes on: it is shared (a token renewal, a region's
 * /info), and other callers may still be waiting for it.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(cancelledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
