/**
 * Runs work for one key strictly one after another, in the order asked.
 * Metadata saves need it: an object's save reads the whole set, merges and
 * writes it all back, so two saves in flight on one object each write a set
 * without the other's key (12 saves at once used to leave 1 key of 12).
 */
export class SerialQueue {
  readonly #tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    // A failed save must not block the ones queued behind it.
    const result = previous.catch(() => undefined).then(work);
    const tail = result.catch(() => undefined);
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /** How many keys have work queued or running (for tests). */
  get size(): number {
    return this.#tails.size;
  }
}
