/**
 * How many uploads and downloads run at once (the "Files at once" setting):
 * the rest wait their turn, first come first served. Dropping 1,000 files
 * starts 1,000 transfers; without a bound each would open its own connection
 * and read its own file at the same time. Plain Node: the handlers hold one
 * for the app, the bench one of its own.
 */
import { cancelledError } from '../storage/cancel';

interface Waiter {
  start: () => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

export class TransferSlots {
  #limit: number;
  #running = 0;
  readonly #waiting: Waiter[] = [];

  constructor(limit: number) {
    this.#limit = Math.max(1, limit);
  }

  get limit(): number {
    return this.#limit;
  }

  /** A new bound applies to the transfers still waiting: a larger one starts them at once. */
  set limit(limit: number) {
    this.#limit = Math.max(1, limit);
    this.#startWaiting();
  }

  /** Transfers running, and waiting for a slot. */
  get counts(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /**
   * Runs `work` in a slot, at once when one is free, else once one is
   * (`onWait` is told it waits). An abort while it waits ends it with
   * `cancelled` and sends nothing; the slot is freed however `work` ends.
   */
  async run<T>(signal: AbortSignal | undefined, work: () => Promise<T>, onWait?: () => void): Promise<T> {
    if (signal?.aborted) throw cancelledError();
    if (this.#running >= this.#limit || this.#waiting.length > 0) {
      onWait?.();
      await this.#wait(signal);
    } else {
      this.#running += 1;
    }
    try {
      return await work();
    } finally {
      this.#running -= 1;
      this.#startWaiting();
    }
  }

  #wait(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        signal,
        // Counted as running by #startWaiting before it starts.
        start: () => {
          signal?.removeEventListener('abort', waiter.onAbort);
          resolve();
        },
        onAbort: () => {
          const at = this.#waiting.indexOf(waiter);
          if (at >= 0) this.#waiting.splice(at, 1);
          reject(cancelledError());
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.#waiting.push(waiter);
    });
  }

  #startWaiting(): void {
    while (this.#running < this.#limit && this.#waiting.length > 0) {
      const next = this.#waiting.shift()!;
      this.#running += 1;
      next.start();
    }
  }
}
