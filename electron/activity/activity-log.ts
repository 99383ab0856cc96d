/**
 * The last requests the main process made, in memory and bounded: a ring of ACTIVITY_CAPACITY
 * entries, each appended in O(1) by overwriting the oldest. Plain Node: the storage client tells it of
 * each request through storage/request-observer.ts, and the IPC operations read it.
 */
import { ACTIVITY_CAPACITY, type ActivityEntry } from '../../shared/activity';
import type { ObservedRequest } from '../storage/request-observer';
import { scrubbedEntry } from './scrub';

export class ActivityLog {
  readonly #capacity: number;
  readonly #ring: (ActivityEntry | undefined)[];
  /** The seq the next entry gets; entry `seq` sits at `seq % capacity`. */
  #next = 1;
  /** The oldest seq still held (everything before it was evicted or cleared). */
  #first = 1;

  constructor(capacity = ACTIVITY_CAPACITY) {
    this.#capacity = capacity;
    this.#ring = new Array<ActivityEntry | undefined>(capacity);
  }

  /** Keeps one request, scrubbed; the storage client's observer. */
  readonly record = (request: ObservedRequest): void => {
    this.append(scrubbedEntry(request));
  };

  append(entry: Omit<ActivityEntry, 'seq'>): ActivityEntry {
    const seq = this.#next++;
    const kept = { seq, ...entry };
    this.#ring[seq % this.#capacity] = kept;
    if (seq - this.#first >= this.#capacity) this.#first = seq - this.#capacity + 1;
    return kept;
  }

  /** The seq of the oldest entry held; `next` when none is. */
  get first(): number {
    return this.#first;
  }

  /** The seq the next entry will get. */
  get next(): number {
    return this.#next;
  }

  /** Up to `limit` entries after seq `after`, oldest first. */
  since(after: number, limit: number): ActivityEntry[] {
    const from = Math.max(after + 1, this.#first);
    const to = Math.min(this.#next, from + limit);
    const entries: ActivityEntry[] = [];
    for (let seq = from; seq < to; seq++) entries.push(this.#ring[seq % this.#capacity]!);
    return entries;
  }

  /** Every entry held, oldest first. */
  all(): ActivityEntry[] {
    return this.since(0, this.#capacity);
  }

  /** Forgets every entry; seqs go on from where they were, so a reader sees the log was cleared. */
  clear(): void {
    this.#first = this.#next;
    this.#ring.fill(undefined);
  }
}
