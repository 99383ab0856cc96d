// One shared budget of bytes per second: every transfer of one direction asks it before it moves a piece,
// so all of them together keep to the rate, however many files and segments run at once.
import { cancelledError } from './cancel';

/** Time as the bucket sees it; tests give a clock they move by hand. */
export interface Clock {
  /** Milliseconds, never going back. */
  now(): number;
  /** The local wall clock's minute of the day (0 to 1439): the limit's window is the person's time. */
  minuteOfDay(): number;
  /** Runs `run` after `ms`; answers a function that stops it. */
  setTimer(run: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  minuteOfDay: () => {
    const date = new Date();
    return date.getHours() * 60 + date.getMinutes();
  },
  setTimer: (run, ms) => {
    const timer = setTimeout(run, ms);
    return () => clearTimeout(timer);
  },
};

/** Asks for up to `want` bytes: how many may move now (at least 1), at once when they are there. */
export type Pace = (want: number, signal?: AbortSignal) => number | Promise<number>;

/**
 * The most a piece may be: a tenth of a second's bytes, kept between 16 KiB (the lowest limit: one
 * piece a second) and 256 KiB (a file read's size, so a fast limit costs no extra reads).
 */
export const burstOf = (rate: number): number => Math.min(256 * 1024, Math.max(16 * 1024, Math.floor(rate / 10)));

/**
 * What the bucket holds at most: two pieces. Were it one, the bytes earned while a timer fires late
 * (a millisecond or two of every wait) would spill over and be lost: 10 MiB/s ran 11 % slow so.
 * A transfer idle for a while gains at most this head start.
 */
const capacityOf = (rate: number): number => 2 * burstOf(rate);

interface Waiter {
  want: number;
  resolve: (granted: number) => void;
  reject: (err: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * A token bucket whose rate is read from `rateNow` (bytes per second, or null for none) on every ask,
 * so a new limit, or the end of its window, applies to transfers already running. Waiters are served
 * in the order they asked, each a piece no larger than the burst; with no limit a piece is granted
 * whole and at once, with no promise and no timer: "off" costs a function call.
 */
export class TokenBucket {
  readonly #clock: Clock;
  readonly #rateNow: () => number | null;
  #rate: number | null = null;
  #tokens = 0;
  #last = 0;
  readonly #queue: Waiter[] = [];
  #stopTimer: (() => void) | undefined;

  constructor(rateNow: () => number | null, clock: Clock = systemClock) {
    this.#rateNow = rateNow;
    this.#clock = clock;
  }

  /** The rate in force now, null for none. */
  get rate(): number | null {
    return this.#refill();
  }

  readonly take: Pace = (want, signal) => {
    const rate = this.#refill();
    if (rate === null && this.#queue.length === 0) return want;
    if (signal?.aborted) return Promise.reject(cancelledError());
    const piece = rate === null ? want : Math.min(want, burstOf(rate));
    if (this.#queue.length === 0 && this.#tokens >= piece) {
      this.#tokens -= piece;
      return piece;
    }
    return new Promise<number>((resolve, reject) => {
      // The piece is cut when it is served, at the rate in force then.
      const waiter: Waiter = { want, resolve, reject, signal, onAbort: () => this.#abandon(waiter) };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.#queue.push(waiter);
      this.#serve();
    });
  };

  /** The limit changed: serve the waiters at the new rate now rather than at the end of their old wait. */
  changed(): void {
    this.#serve();
  }

  /** Adds the tokens earned since the last look at the rate then in force, and takes up the rate in force now. */
  #refill(): number | null {
    const now = this.#clock.now();
    const rate = this.#rateNow();
    if (this.#rate !== null) {
      this.#tokens = Math.min(capacityOf(this.#rate), this.#tokens + ((now - this.#last) / 1000) * this.#rate);
    }
    if (rate !== this.#rate) {
      // A limit switched on starts with one piece; a changed one keeps what it had, up to its new capacity.
      this.#tokens = this.#rate === null ? burstOf(rate ?? 0) : Math.min(this.#tokens, capacityOf(rate ?? 0));
      this.#rate = rate;
    }
    this.#last = now;
    return rate;
  }

  #serve(): void {
    this.#stopTimer?.();
    this.#stopTimer = undefined;
    const rate = this.#refill();
    for (let head = this.#queue[0]; head; head = this.#queue[0]) {
      if (rate !== null) {
        const want = Math.min(head.want, burstOf(rate));
        // A hair under: the timer fires at the millisecond, the tokens are counted in fractions of one.
        if (this.#tokens + 1e-6 < want) {
          const ms = Math.max(1, Math.ceil(((want - this.#tokens) / rate) * 1000));
          this.#stopTimer = this.#clock.setTimer(() => this.#serve(), ms);
          return;
        }
        this.#tokens -= want;
        head.want = want;
      }
      this.#queue.shift();
      head.signal?.removeEventListener('abort', head.onAbort);
      head.resolve(head.want);
    }
  }

  /** A waiter whose transfer was cancelled leaves the queue; the one behind it may go sooner. */
  #abandon(waiter: Waiter): void {
    const at = this.#queue.indexOf(waiter);
    if (at < 0) return;
    this.#queue.splice(at, 1);
    waiter.reject(cancelledError());
    this.#serve();
  }
}
