// The hidden temporary file a download writes into before it is renamed into
// place: created exclusively, or (a resumed download) reopened without
// following a symlink, written at explicit positions, and synced to disk
// before anyone is told how many of its bytes there are.
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { localError } from './target';
import { StorageError } from '../errors';
import { tempNameFor, onLocalDisk } from '../local';

/** How many bytes (at most `want`, at least 1) the next write may take: a number now, or a promise of one later. */
export type WritePace = (want: number) => number | Promise<number>;

/** How much of the already-written part is read back at a time to be checked again. */
const READ_CHUNK = 256 * 1024;

/**
 * Every this many bytes written, the file is flushed to disk in the background. Why: Linux
 * starts writing dirty pages only at ~10% of memory, so a 1 GiB download was all still in memory
 * at its final sync, which then waited ~0.6 s for the disk; flushed as it goes, the network and the
 * disk overlap (1 GiB: 4.45 s instead of 4.85 s, median of 4 interleaved runs each, here).
 */
const FLUSH_EVERY = 64 * 1024 * 1024;

/** What the temporary file holds: the object's ETag (when Swift sent one), full length and date. */
export interface Held {
  etag: string | undefined;
  size: number | undefined;
  lastModified: string | undefined;
}

export class TempFile {
  readonly path: string;
  /** Set by the download as it learns which object (version) the bytes belong to. */
  held: Held = { etag: undefined, size: undefined, lastModified: undefined };
  readonly #handle: fs.promises.FileHandle;
  /** The write in flight, if any: nothing may truncate, sync or close under it. */
  #pending: Promise<unknown> = Promise.resolve();
  /** The background flush in flight, if any (see FLUSH_EVERY); never rejects. */
  #flushing: Promise<void> | undefined;
  /** Set once closed: the length that was synced before closing. */
  #closedAt: number | undefined;
  /** Writes go straight from this thread (see local/disk.ts), not through the thread pool. */
  readonly #inPlace: boolean;

  private constructor(filePath: string, handle: fs.promises.FileHandle, inPlace: boolean) {
    this.path = filePath;
    this.#handle = handle;
    this.#inPlace = inPlace;
  }

  /** A new temporary file for `finalName` in `dir`; 'wx' (O_EXCL): never writes through something already there. */
  static async create(dir: string, finalName: string): Promise<TempFile> {
    const filePath = path.join(dir, tempNameFor(finalName));
    try {
      return new TempFile(filePath, await fs.promises.open(filePath, 'wx'), await onLocalDisk(dir));
    } catch (err) {
      throw localError(err, `Saving "${finalName}"`);
    }
  }

  /**
   * The temporary file of an earlier attempt, or a new one under that name if
   * it is gone. O_NOFOLLOW and the checks after opening refuse a symlink, a
   * folder, or a hard link to some other file planted under the name: the
   * file is appended to and truncated, so it must be nothing but ours.
   */
  static async reopen(filePath: string): Promise<TempFile> {
    const refuse = () =>
      new StorageError('invalid_input', `"${path.basename(filePath)}" is not a partial download Cirrus may continue.`);
    let handle: fs.promises.FileHandle;
    const inPlace = await onLocalDisk(path.dirname(filePath));
    try {
      handle = await fs.promises.open(filePath, fs.constants.O_RDWR | (fs.constants.O_NOFOLLOW ?? 0));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ELOOP' || code === 'EISDIR') throw refuse();
      if (code !== 'ENOENT') throw localError(err, `Opening "${path.basename(filePath)}"`);
      try {
        return new TempFile(filePath, await fs.promises.open(filePath, 'wx'), inPlace);
      } catch (again) {
        throw localError(again, `Saving "${path.basename(filePath)}"`);
      }
    }
    const stat = await handle.stat();
    if (!stat.isFile() || stat.nlink !== 1) {
      await handle.close();
      throw refuse();
    }
    return new TempFile(filePath, handle, inPlace);
  }

  async size(): Promise<number> {
    return (await this.#handle.stat()).size;
  }

  /** Empties the file, for a download that starts again from the first byte. */
  async truncate(): Promise<void> {
    await this.#settled();
    await this.#handle.truncate(0);
  }

  /** Syncs what was written to disk; its length, which a later resume may rely on. */
  async durable(): Promise<number> {
    if (this.#closedAt !== undefined) return this.#closedAt;
    await this.#settled();
    await this.#handle.sync();
    return (await this.#handle.stat()).size;
  }

  /**
   * Sets the file's access and modification times (seconds since the epoch) through its own
   * descriptor, so nothing swapped in under its name meanwhile is touched. Call once the last
   * byte is written: a write after it would move the time again.
   */
  async setTimes(seconds: number): Promise<void> {
    await this.#settled();
    await this.#handle.utimes(seconds, seconds);
  }

  /** Syncs and closes; the bytes on disk. */
  async close(): Promise<number> {
    if (this.#closedAt !== undefined) return this.#closedAt;
    const bytes = await this.durable();
    await this.#handle.close();
    this.#closedAt = bytes;
    return bytes;
  }

  /** Closes without syncing (what is left is thrown away) and deletes the file. */
  async remove(): Promise<void> {
    if (this.#closedAt === undefined) {
      await this.#settled();
      await this.#handle.close().catch(() => undefined);
      this.#closedAt = 0;
    }
    await fs.promises.rm(this.path, { force: true }).catch(() => undefined);
  }

  /** Once no write and no background flush is in flight. */
  async #settled(): Promise<void> {
    await this.#pending;
    await this.#flushing;
  }

  /** Starts a flush to disk unless one is running; what it does not cover, the final sync does. */
  #flushInBackground(): void {
    this.#flushing ??= this.#handle
      .datasync()
      .catch(() => undefined) // the final sync reports a disk that fails
      .finally(() => (this.#flushing = undefined));
  }

  /** The first `length` bytes, read back so the download's checks cover the whole file, never all at once. */
  async *prefix(length: number): AsyncGenerator<Buffer> {
    for (let position = 0; position < length;) {
      const buffer = Buffer.allocUnsafe(Math.min(READ_CHUNK, length - position));
      const { bytesRead } = await this.#handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) {
        throw new StorageError('conflict', `"${path.basename(this.path)}" got shorter while it was being read.`);
      }
      position += bytesRead;
      yield buffer.subarray(0, bytesRead);
    }
  }

  /**
   * A sink for the file's whole content from byte 0: the first `from` bytes
   * (already on disk, passed again only to be checked) are skipped, the rest
   * written at their own positions. `inspect` sees every chunk first, in
   * order; an error it answers ends the stream before that chunk is written.
   * `pace` (the bandwidth limit) is asked before each new piece is written: the
   * write is held back, and with it the reads from the network behind it.
   */
  sink(from: number, inspect?: (chunk: Buffer) => Error | undefined, pace?: WritePace): Writable {
    let position = 0;
    let flushedAt = from;
    const { fd } = this.#handle;
    const write = async (chunks: Buffer[]): Promise<void> => {
      for (const chunk of chunks) {
        const problem = inspect?.(chunk);
        if (problem) throw problem;
        const skip = Math.min(chunk.length, Math.max(0, from - position));
        for (let offset = skip; offset < chunk.length;) {
          const granted = pace ? pace(chunk.length - offset) : chunk.length - offset;
          const length = typeof granted === 'number' ? granted : await granted;
          offset += this.#inPlace
            ? fs.writeSync(fd, chunk, offset, length, position + offset)
            : (await this.#handle.write(chunk, offset, length, position + offset)).bytesWritten;
        }
        position += chunk.length;
      }
      if (position - flushedAt >= FLUSH_EVERY) {
        flushedAt = position;
        // At most one flush behind: a disk slower than the network slows the download down instead
        // of letting unwritten pages pile up until the kernel stalls a write (in place, the thread).
        await this.#flushing;
        this.#flushInBackground();
      }
    };
    const track = (work: Promise<void>, callback: (err?: Error | null) => void) => {
      this.#pending = work.catch(() => undefined);
      work.then(() => callback(), callback);
    };
    return new Writable({
      write: (chunk: Buffer, _encoding, callback) => track(write([chunk]), callback),
      writev: (chunks, callback) => track(write(chunks.map((c) => c.chunk as Buffer)), callback),
    });
  }
}
