import { cancelledError } from './cancel';

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  /** The longest wait between two tries, also the cap on a server's `Retry-After`. */
  maxDelayMs: number;
  /**
   * A request that timed out is tried again only if one more full wait for an
   * answer would still end within this long of the first try, so a silent
   * server costs one or two waits, never `attempts` of them.
   */
  timeoutBudgetMs?: number;
}

export const DEFAULT_RETRY: Required<RetryPolicy> = {
  attempts: 4,
  baseDelayMs: 200,
  maxDelayMs: 5_000,
  timeoutBudgetMs: 30_000,
};

/**
 * How long the server asked us to wait (seconds or an HTTP date), capped at
 * `maxDelayMs`: a `Retry-After: 3600` must not hold a listing (and the person
 * waiting on it) for an hour; after the cap we try once more, and the answer
 * that comes back is the one the person sees.
 */
export function retryAfterMs(headers: Headers, policy: Pick<RetryPolicy, 'maxDelayMs'>): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(value)) ms = Number(value) * 1000;
  else {
    const date = Date.parse(value);
    if (Number.isNaN(date)) return undefined;
    ms = date - Date.now();
  }
  return Math.min(Math.max(0, ms), policy.maxDelayMs);
}

export function backoffMs(attempt: number, policy: RetryPolicy): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.random() * ceiling; // full jitter, so parallel clients do not retry in step
}

/**
 * Whether a request that timed out may be tried again: only if waiting
 * `delayMs` and then a whole `headersMs` for an answer still ends within the
 * policy's budget, counted from the first try.
 */
export function mayRetryTimeout(elapsedMs: number, delayMs: number, headersMs: number, policy: RetryPolicy): boolean {
  const budget = policy.timeoutBudgetMs ?? DEFAULT_RETRY.timeoutBudgetMs;
  return elapsedMs + delayMs + headersMs <= budget;
}

export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelledError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
