/**
 * The transfers that may need to go on later, kept in `<userDataDir>/transfers.json`
 * while they run and after they stop: the request as the renderer made it, how
 * far it got, and what lets it resume (a segmented upload's timestamp and segment
 * size, a download's partial file and the ETag it was reading). Only the main
 * process writes it, so a path in it is one the person chose when the transfer
 * started; the renderer names entries by id, never by path.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { requestSchemas } from '../../shared/contract';
import type { StoppedRequest } from '../../shared/contract/transfers';
import { ERROR_CODES, type AppError } from '../../shared/errors';
import type { UploadLayout } from '../storage/segments';

export const JOURNAL_FILE = 'transfers.json';

/** A download's partial file, hidden beside the final name, and the object version it holds the start of. */
export interface PartialFile {
  tempPath: string;
  finalPath: string;
  etag: string;
}

export interface JournalEntry {
  id: string;
  /** The storage URL of the request's region when it started: only the same account resumes it. */
  account: string;
  request: StoppedRequest;
  /** `running` on disk after a restart means the app stopped while it ran. */
  state: 'running' | 'paused' | 'failed';
  error?: AppError | undefined;
  done: number;
  total?: number | undefined;
  layout?: UploadLayout | undefined;
  partial?: PartialFile | undefined;
}

// The stored request is checked by the contract's own schemas: a hand-edited file cannot smuggle in what IPC refuses.
const { operationId: _u, ...uploadShape } = requestSchemas.uploadFile.shape;
const { operationId: _d, ...downloadShape } = requestSchemas.downloadObject.shape;
const storedRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('upload'), ...uploadShape }),
  z.object({ kind: z.literal('download'), ...downloadShape }),
]);
const count = z.number().int().nonnegative();
const storedEntry = z.object({
  id: z.string().min(1).max(200),
  account: z.string().min(1),
  request: storedRequest,
  state: z.enum(['running', 'paused', 'failed']),
  error: z.object({ code: z.enum(ERROR_CODES), message: z.string(), status: z.number().optional() }).optional(),
  done: count,
  total: count.optional(),
  layout: z.object({ stamp: z.string().regex(/^\d+\.\d{6}$/), segmentSize: count, count, fileSize: count }).optional(),
  partial: z.object({ tempPath: z.string().min(1), finalPath: z.string().min(1), etag: z.string().min(1) }).optional(),
});

/**
 * A transfer is written to disk only once it has run this long (or stopped, or
 * kept something worth resuming sooner): a write costs an fsync (some 25 ms
 * here), and a folder of small files would otherwise pay two per file for
 * transfers that end before anyone could pause them.
 */
export const DURABLE_AFTER_MS = 1000;

export class TransferJournal {
  readonly #file: string;
  #entries: Map<string, JournalEntry> | undefined;
  /** Entries on disk (or to be at the next write); changes to the others stay in memory. */
  readonly #durable = new Set<string>();
  /** The write in progress; a change while it runs is written once it ends (the latest state, once). */
  #writing: Promise<void> | undefined;
  #dirty = false;

  constructor(userDataDir: string) {
    this.#file = path.join(userDataDir, JOURNAL_FILE);
  }

  async entries(): Promise<JournalEntry[]> {
    return [...(await this.#load()).values()];
  }

  async get(id: string): Promise<JournalEntry | undefined> {
    return (await this.#load()).get(id);
  }

  /** Records a transfer; written to disk only if it already was, or once `persist`, `durable` or a stop says so. */
  async put(entry: JournalEntry, opts: { durable?: boolean } = {}): Promise<void> {
    (await this.#load()).set(entry.id, entry);
    if (opts.durable) this.#durable.add(entry.id);
    if (this.#durable.has(entry.id)) await this.#save();
  }

  /** Writes the transfer to disk from now on (it has run long enough to be worth resuming). */
  async persist(id: string): Promise<void> {
    if (!(await this.#load()).has(id) || this.#durable.has(id)) return;
    this.#durable.add(id);
    await this.#save();
  }

  /**
   * Changes an entry that is still there (one removed meanwhile stays removed). A new state (paused,
   * failed) or `durable` writes it to disk whatever its age: that is what a later launch must find.
   */
  async patch(id: string, change: Partial<Omit<JournalEntry, 'id'>>, opts: { durable?: boolean } = {}): Promise<void> {
    const entries = await this.#load();
    const entry = entries.get(id);
    if (!entry) return;
    entries.set(id, { ...entry, ...change });
    if (change.state !== undefined || opts.durable) this.#durable.add(id);
    if (this.#durable.has(id)) await this.#save();
  }

  async remove(id: string): Promise<void> {
    if (!(await this.#load()).delete(id)) return;
    // Never written, nothing to take back.
    if (this.#durable.delete(id)) await this.#save();
  }

  /** Resolves once everything changed so far is on disk. */
  async flushed(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #load(): Promise<Map<string, JournalEntry>> {
    if (this.#entries) return this.#entries;
    let raw: unknown = [];
    try {
      raw = JSON.parse(await fs.readFile(this.#file, 'utf8'));
    } catch {
      // Missing (nothing ever stopped) or unreadable: no transfer to resume, and the next write starts afresh.
    }
    const entries = new Map<string, JournalEntry>();
    for (const item of Array.isArray(raw) ? raw : []) {
      const parsed = storedEntry.safeParse(item);
      if (parsed.success) {
        entries.set(parsed.data.id, parsed.data as JournalEntry);
        this.#durable.add(parsed.data.id);
      }
    }
    this.#entries ??= entries;
    return this.#entries;
  }

  #save(): Promise<void> {
    this.#dirty = true;
    this.#writing ??= this.#writeWhileDirty().finally(() => (this.#writing = undefined));
    return this.#writing;
  }

  async #writeWhileDirty(): Promise<void> {
    while (this.#dirty) {
      this.#dirty = false;
      const durable = [...(this.#entries?.values() ?? [])].filter((e) => this.#durable.has(e.id));
      const text = JSON.stringify(durable, null, 1);
      // Temp file, fsync, rename: a crash mid-write leaves the old journal or the new one, never half of one.
      await fs.mkdir(path.dirname(this.#file), { recursive: true });
      const temp = `${this.#file}.${process.pid}.tmp`;
      const handle = await fs.open(temp, 'w', 0o600);
      try {
        await handle.writeFile(text);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temp, this.#file);
    }
  }
}
