import { PAUSE_REASON } from '../storage/cancel';
import { StorageError } from '../storage/errors';

/**
 * Long operations by the id the renderer gave them, each with the
 * AbortController that cancels it (the way Bruno cancels requests).
 */
export class RunningOperations {
  readonly #controllers = new Map<string, AbortController>();
  readonly #work = new Set<Promise<unknown>>();

  async run<T>(operationId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.#controllers.has(operationId)) {
      throw new StorageError('conflict', `An operation with the id "${operationId}" is already running.`);
    }
    const controller = new AbortController();
    this.#controllers.set(operationId, controller);
    let running: Promise<T>;
    try {
      running = work(controller.signal);
    } catch (err) {
      // Work that throws at once must still end below, or its id would stay taken.
      running = Promise.reject(err);
    }
    const settled = running.catch(() => undefined);
    this.#work.add(settled);
    try {
      return await running;
    } finally {
      this.#controllers.delete(operationId);
      this.#work.delete(settled);
    }
  }

  /** Resolves once everything running now has ended (a host waits for paused transfers to record where they stopped). */
  async settled(): Promise<void> {
    await Promise.all([...this.#work]);
  }

  /** True when the operation was running (it then ends with code `cancelled`). */
  cancel(operationId: string): boolean {
    const controller = this.#controllers.get(operationId);
    controller?.abort();
    return controller !== undefined;
  }

  /** Like cancel, but the work keeps what it did, to resume (transfers do; anything else simply stops). */
  pause(operationId: string): boolean {
    const controller = this.#controllers.get(operationId);
    controller?.abort(PAUSE_REASON);
    return controller !== undefined;
  }

  isRunning(operationId: string): boolean {
    return this.#controllers.has(operationId);
  }

  /** The app is closing: every transfer stops as if paused, so the next start offers to resume it. */
  pauseAll(): void {
    for (const controller of this.#controllers.values()) controller.abort(PAUSE_REASON);
  }

  cancelAll(): void {
    for (const controller of this.#controllers.values()) controller.abort();
  }
}
