import type { Transfer } from './types';

type Listener = () => void;

/**
 * The list of transfers, outside React: components that show it subscribe
 * with `useSyncExternalStore`, and nothing else re-renders when it changes.
 * Progress events (many a second per transfer) are gathered and applied once
 * per animation frame, so a busy transfer costs one panel render a frame.
 */
export class TransferStore {
  #list: readonly Transfer[] = [];
  readonly #listeners = new Set<Listener>();
  readonly #pending = new Map<string, { loaded: number; total: number | undefined; queued: boolean }>();
  #frame: number | undefined;

  constructor(
    private readonly schedule: (flush: () => void) => number = (f) => requestAnimationFrame(f),
    private readonly unschedule: (handle: number) => void = (h) => cancelAnimationFrame(h),
    private readonly now: () => number = () => performance.now(),
  ) {}

  readonly subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly getSnapshot = (): readonly Transfer[] => this.#list;

  find(id: string): Transfer | undefined {
    return this.#list.find((t) => t.id === id);
  }

  add(transfer: Transfer): void {
    this.#set([...this.#list, transfer]);
  }

  update(id: string, patch: Partial<Transfer>): void {
    // A final state must not be overtaken by a progress event still waiting for its frame.
    if (patch.state !== undefined) this.#pending.delete(id);
    this.#set(this.#list.map((t) => (t.id === id ? { ...t, ...patch } : t)));
  }

  remove(keep: (transfer: Transfer) => boolean): void {
    this.#set(this.#list.filter(keep));
  }

  /** Records progress (or that it waits its turn); applied at the next animation frame, the latest value per transfer. */
  progress(id: string, loaded: number, total: number | undefined, queued = false): void {
    this.#pending.set(id, { loaded, total, queued });
    this.#frame ??= this.schedule(() => this.flush());
  }

  /** Applies the gathered progress now (the animation frame calls this). */
  flush(): void {
    if (this.#frame !== undefined) this.unschedule(this.#frame);
    this.#frame = undefined;
    if (this.#pending.size === 0) return;
    const pending = new Map(this.#pending);
    this.#pending.clear();
    const now = this.now();
    this.#set(
      this.#list.map((t) => {
        const p = pending.get(t.id);
        if (!p || t.state !== 'running') return t;
        // Waiting for its turn says nothing of how far it got (a resumed one keeps what it shows).
        if (p.queued) return { ...t, queued: true, rate: undefined };
        return {
          ...t,
          queued: false,
          loaded: p.loaded,
          total: p.total,
          rate: rateAfter(t, p.loaded, now),
          progressAt: now,
        };
      }),
    );
  }

  #set(list: readonly Transfer[]): void {
    this.#list = list;
    for (const listener of this.#listeners) listener();
  }
}

/** Recent speeds count most (an exponential average), so "time left" follows a transfer that speeds up or slows down. */
const SMOOTHING = 0.3;

function rateAfter(t: Transfer, loaded: number, now: number): number | undefined {
  if (t.progressAt === undefined) return undefined;
  const seconds = (now - t.progressAt) / 1000;
  if (seconds <= 0 || loaded < t.loaded) return t.rate;
  const instant = (loaded - t.loaded) / seconds;
  return t.rate === undefined ? instant : t.rate + SMOOTHING * (instant - t.rate);
}
