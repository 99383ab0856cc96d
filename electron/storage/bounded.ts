/**
 * At most `size` tasks at once; `run` waits for a free place, so whatever
 * feeds it (a listing) never runs far ahead of the work. The first failure
 * fails the next `run` or `drain`; the tasks already running finish.
 */
export class Bounded {
  readonly #running = new Set<Promise<void>>();
  #failure: { error: unknown } | undefined;

  constructor(readonly size: number) {}

  async run(task: () => Promise<void>): Promise<void> {
    while (this.#running.size >= this.size) await Promise.race(this.#running);
    this.#rethrow();
    const done: Promise<void> = task()
      .catch((error: unknown) => {
        this.#failure ??= { error };
      })
      .finally(() => this.#running.delete(done));
    this.#running.add(done);
  }

  async drain(): Promise<void> {
    await Promise.all(this.#running);
    this.#rethrow();
  }

  #rethrow(): void {
    if (this.#failure) throw this.#failure.error;
  }
}
