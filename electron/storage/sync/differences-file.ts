import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DIFFERENCES_PAGE, type DifferencesPage, type SyncEntry } from '../../../shared/sync';
import { StorageError } from '../errors';

/** Bytes read at a time for a page: a whole line always fits (an entry holds one name of at most 4,096 characters). */
const CHUNK = 256 * 1024;

/** Comparisons a window keeps unread at once: a page reads its own at once, so more are ones it gave up on. */
const KEEP = 4;

/** A file left by a process that ended before its page read it (a crash) is removed once it is this old. */
const LEFTOVER_MS = 60 * 60 * 1000;

/**
 * A comparison's differences in a file of the main process's own, one JSON
 * line each, written in order as the compare settles them and read back a
 * page at a time: neither the compare nor any one answer holds them all.
 * Held in memory and sent whole, 100,000 differences grew the main process
 * by the size of all of them, twice (the array, then its IPC message).
 */
export class DifferencesFile {
  #size = 0;
  /** Its compare still writes to it. */
  #writing = true;
  /** Writes and reads under way. */
  #busy = 0;
  #removed = false;
  /** The offsets this file has answered as a next page: the only ones a page may ask for. */
  readonly #starts = new Set([0]);

  private constructor(
    readonly id: string,
    readonly path: string,
    readonly handle: fs.promises.FileHandle,
  ) {}

  static async create(dir: string): Promise<DifferencesFile> {
    await fs.promises.mkdir(dir, { recursive: true });
    const id = randomUUID();
    const file = path.join(dir, `${id}.jsonl`);
    return new DifferencesFile(id, file, await fs.promises.open(file, 'wx+', 0o600));
  }

  /** In use: being written by its compare, or read; such a file is never the one a window lets go of. */
  get inUse(): boolean {
    return this.#writing || this.#busy > 0;
  }

  /** Its compare has ended: from now on it is only read. */
  finish(): void {
    this.#writing = false;
  }

  /** Adds entries after those already written, in the order given. */
  async append(entries: readonly SyncEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const bytes = Buffer.from(`${entries.map((e) => JSON.stringify(e)).join('\n')}\n`);
    await this.#use(async () => {
      for (let done = 0; done < bytes.length;) {
        const { bytesWritten } = await this.handle.write(bytes, done, bytes.length - done, this.#size + done);
        done += bytesWritten;
      }
    });
    this.#size += bytes.length;
  }

  /** Up to `max` entries from `offset` (where an earlier page said the next starts), and where the one after starts. */
  async page(offset: number, max = DIFFERENCES_PAGE): Promise<{ entries: SyncEntry[]; next: number | null }> {
    if (!this.#starts.has(offset)) throw new StorageError('invalid_input', 'No page of this comparison starts there.');
    return this.#use(() => this.#read(offset, max));
  }

  async #read(offset: number, max: number): Promise<{ entries: SyncEntry[]; next: number | null }> {
    const entries: SyncEntry[] = [];
    let at = offset;
    while (entries.length < max && at < this.#size) {
      const buffer = Buffer.alloc(Math.min(CHUNK, this.#size - at));
      for (let filled = 0; filled < buffer.length;) {
        const { bytesRead } = await this.handle.read(buffer, filled, buffer.length - filled, at + filled);
        if (bytesRead === 0) throw new StorageError('unexpected', 'The comparison’s differences were cut short.');
        filled += bytesRead;
      }
      let start = 0;
      for (let nl = buffer.indexOf(10); nl !== -1 && entries.length < max; nl = buffer.indexOf(10, start)) {
        entries.push(JSON.parse(buffer.toString('utf8', start, nl)) as SyncEntry);
        start = nl + 1;
      }
      if (start === 0) throw new StorageError('unexpected', 'A difference of this comparison is longer than a page.');
      at += start;
    }
    const next = at < this.#size ? at : null;
    if (next !== null) this.#starts.add(next);
    return { entries, next };
  }

  /** A removed file's read or write fails as a comparison no longer kept, not as a closed descriptor. */
  async #use<T>(work: () => Promise<T>): Promise<T> {
    if (this.#removed) throw noLongerKept();
    this.#busy++;
    try {
      return await work();
    } catch (err) {
      throw this.#removed ? noLongerKept() : err;
    } finally {
      this.#busy--;
    }
  }

  /** Never fails: a file that could not be removed now is a leftover the next window's first compare removes. */
  async remove(): Promise<void> {
    this.#removed = true;
    await this.handle.close().catch(() => undefined);
    await fs.promises.rm(this.path, { force: true }).catch(() => undefined);
  }
}

/**
 * One window's comparisons not yet read to the end, by id: the page names a
 * comparison only by the id its answer gave, never by a path. A file is
 * removed once its last page is read, when it is one too many, or when the
 * window goes.
 */
export class DifferenceFiles {
  readonly #open = new Map<string, DifferencesFile>();
  #swept = false;

  constructor(readonly dir: string) {}

  async create(): Promise<DifferencesFile> {
    if (!this.#swept) {
      this.#swept = true;
      await removeLeftovers(this.dir);
    }
    const file = await DifferencesFile.create(this.dir);
    this.#open.set(file.id, file);
    for (const [id, old] of this.#open) {
      if (this.#open.size <= KEEP) break;
      if (old.inUse) continue;
      this.#open.delete(id);
      await old.remove();
    }
    return file;
  }

  /** A page of a comparison's differences; the file goes once the last page has been read. */
  async page(comparison: string, offset: number): Promise<DifferencesPage> {
    const file = this.#open.get(comparison);
    if (!file) throw noLongerKept();
    const { entries, next } = await file.page(offset);
    if (next === null) await this.discard(comparison);
    return { entries, next: next === null ? null : { comparison, offset: next } };
  }

  async discard(comparison: string): Promise<void> {
    const file = this.#open.get(comparison);
    this.#open.delete(comparison);
    await file?.remove();
  }

  async discardAll(): Promise<void> {
    for (const id of [...this.#open.keys()]) await this.discard(id);
  }
}

const noLongerKept = () =>
  new StorageError('not_found', 'This comparison’s differences are no longer kept. Compare again to see them.');

async function removeLeftovers(dir: string): Promise<void> {
  const names = await fs.promises.readdir(dir).catch(() => [] as string[]);
  const before = Date.now() - LEFTOVER_MS;
  for (const name of names) {
    if (!name.endsWith('.jsonl')) continue;
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => undefined);
    if (stat && stat.mtimeMs < before) await fs.promises.rm(file, { force: true }).catch(() => undefined);
  }
}
