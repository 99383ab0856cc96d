/**
 * At most `size` tasks at once; `run` waits for a free place, so whatever
 * feeds it (a listing) never runs far ahead of the work. The first failure
 * fails the next `run` or `drain`; the tasks already running finish.
 *
 * A place freed is handed straight to the longest waiter. Not a
 * `Promise.race` over the running tasks: that hangs a reaction on every one
 * of them at each wait, so a compare of 10,000 pairs 32 at a time made
 * 320,000 of them, the largest share of its garbage.
 */
export class Bounded {
  readonly #running = new Set<Promise<void>>();
  readonly #waiting: (() => void)[] = [];
  #taken = 0;
  #failure: { error: unknown } | undefined;

  constructor(readonly size: number) {}

  async run(task: () => Promise<void>): Promise<void> {
    if (this.#taken < this.size) this.#taken++;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    if (this.#failure) {
      this.#release();
      throw this.#failure.error;
    }
    const done: Promise<void> = task()
      .catch((error: unknown) => {
        this.#failure ??= { error };
      })
      .finally(() => {
        this.#running.delete(done);
        this.#release();
      });
    this.#running.add(done);
  }

  async drain(): Promise<void> {
    while (this.#running.size > 0) await Promise.all(this.#running);
    if (this.#failure) throw this.#failure.error;
  }

  /** The place goes to the next waiter, who then holds it; with none waiting, it is free. */
  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#taken--;
  }
}
