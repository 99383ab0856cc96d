import { StorageError } from '../storage/errors';

/**
 * Long operations by the id the renderer gave them, each with the
 * AbortController that cancels it (the way Bruno cancels requests).
 */
export class RunningOperations {
  readonly #controllers = new Map<string, AbortController>();

  async run<T>(operationId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (this.#controllers.has(operationId)) {
      throw new StorageError('conflict', `An operation with the id "${operationId}" is already running.`);
    }
    const controller = new AbortController();
    this.#controllers.set(operationId, controller);
    try {
      return await work(controller.signal);
    } finally {
      this.#controllers.delete(operationId);
    }
  }

  /** True when the operation was running (it then ends with code `cancelled`). */
  cancel(operationId: string): boolean {
    const controller = this.#controllers.get(operationId);
    controller?.abort();
    return controller !== undefined;
  }

  cancelAll(): void {
    for (const controller of this.#controllers.values()) controller.abort();
  }
}
