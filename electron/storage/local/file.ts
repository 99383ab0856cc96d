// A local file opened for reading without a race between "is it a file?" and "read it": one
// descriptor, checked with fstat, and every byte read from that descriptor.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { addAbortSignal, Readable } from 'node:stream';
import { StorageError } from '../errors';
import { onLocalDisk } from './disk';

/**
 * O_NONBLOCK: opening a named pipe that has no writer returns at once instead of waiting forever
 * (and holding one of libuv's four file threads, which stalls every file operation of the main
 * process). Regular files ignore the flag. Windows has neither the flag nor such pipes.
 */
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);
/**
 * One read's size. fs.createReadStream's 64 KiB made a 1 GiB upload 16,384
 * trips to the thread pool and back (3.43 s, 1.06x the swift CLI, in the
 * bench); 128 KiB makes it 8,192 (2.83 s, 0.91x). Larger chunks were no faster
 * and left more buffers for the collector (1 MiB: RSS growth 79 MiB).
 */
const CHUNK = 128 * 1024;
/**
 * One read's size when reading in place (a local disk, see local/disk.ts):
 * fewer, larger chunks for the hash and the socket (1 GiB upload: ~4.45 s
 * against ~4.6 s at 128 KiB); the minor collections during a transfer keep
 * the buffers from piling up.
 */
const CHUNK_IN_PLACE = 256 * 1024;

/** A failed look at a local path, as the error a person reads. */
export function fileError(path: string, err: unknown, what: 'file' | 'folder' = 'file'): StorageError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new StorageError('not_found', `The ${what} "${path}" does not exist.`, { cause: err });
  return new StorageError('invalid_input', `The ${what} "${path}" cannot be read (${code ?? 'error'}).`, {
    cause: err,
  });
}

/** What a path that is not a regular file is, for the message. */
export function kindOf(stat: fs.Stats): string {
  if (stat.isFile()) return 'a file';
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  return 'something else';
}

export const notRegularFile = (path: string, stat: fs.Stats): StorageError =>
  new StorageError('invalid_input', `"${path}" is not a regular file (it is ${kindOf(stat)}).`);

/** How many bytes (at most `want`, at least 1) the next read may take: a number now, or a promise of one later. */
export type ReadPace = (want: number) => number | Promise<number>;

export class LocalFile {
  private constructor(
    readonly path: string,
    readonly handle: fs.promises.FileHandle,
    /** As fstat saw the open file. */
    readonly stat: fs.Stats,
    /** On a local disk: read with synchronous calls, not through the thread pool (local/disk.ts). */
    readonly inPlace: boolean,
  ) {}

  get size(): number {
    return this.stat.size;
  }

  /** Opens a regular file; `invalid_input` for a folder, pipe, socket or device, `not_found` when missing. */
  static async open(path: string): Promise<LocalFile> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(path, OPEN_FLAGS);
    } catch (err) {
      // Windows opens no folder for reading: say what it is rather than "cannot be read".
      const stat = await fs.promises.stat(path).catch(() => undefined);
      if (stat && !stat.isFile()) throw notRegularFile(path, stat);
      throw fileError(path, err);
    }
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw notRegularFile(path, stat);
      return new LocalFile(path, handle, stat, await onLocalDisk(path));
    } catch (err) {
      await handle.close().catch(() => undefined);
      throw err instanceof StorageError ? err : fileError(path, err);
    }
  }

  /**
   * Bytes `start` to `end` (inclusive), each read at its own position, so several streams can read
   * the one descriptor at once. Not fs.createReadStream: a stream destroyed half-way (a cancel, a
   * retry) closes the descriptor it was given, whatever `autoClose` says, under the other readers.
   * `pace` (the bandwidth limit, storage/bandwidth.ts) says how many bytes the next read may take,
   * and when: the limit holds the reads back, so nothing waits in memory for its turn.
   */
  stream(start = 0, end = this.size - 1, onChunk?: (chunk: Buffer) => void, pace?: ReadPace): Readable {
    const handle = this.handle;
    if (this.inPlace) {
      let position = start;
      const readNow = (stream: Readable, length: number) => {
        const buffer = Buffer.allocUnsafe(Math.max(length, 0));
        let bytesRead = 0;
        try {
          if (length > 0) bytesRead = fs.readSync(handle.fd, buffer, 0, length, position);
        } catch (err) {
          return void stream.destroy(err as Error);
        }
        // Past the end, or the file got shorter: the request's Content-Length check says so.
        if (bytesRead === 0) return void stream.push(null);
        position += bytesRead;
        const chunk = buffer.subarray(0, bytesRead);
        onChunk?.(chunk);
        stream.push(chunk);
      };
      return new Readable({
        highWaterMark: CHUNK_IN_PLACE,
        read() {
          const want = Math.min(CHUNK_IN_PLACE, end - position + 1);
          const granted = pace && want > 0 ? pace(want) : want;
          if (typeof granted === 'number') return readNow(this, granted);
          granted.then(
            (length) => void (this.destroyed || readNow(this, length)),
            (err: unknown) => void this.destroy(err as Error),
          );
        },
      });
    }
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let position = start; position <= end;) {
        const want = Math.min(CHUNK, end - position + 1);
        const length = pace ? await pace(want) : want;
        const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafe(length), 0, length, position);
        if (bytesRead === 0) return; // the file got shorter: the request's Content-Length check says so
        position += bytesRead;
        const chunk = buffer.subarray(0, bytesRead);
        onChunk?.(chunk);
        yield chunk;
      }
    }
    return Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK });
  }

  /** Closes the descriptor once the reads under way are done (FileHandle waits for them). */
  close(): Promise<void> {
    return this.handle.close().catch(() => undefined);
  }
}

/** Opens `path` as a regular file for the length of `work`. */
export async function withLocalFile<T>(path: string, work: (file: LocalFile) => Promise<T>): Promise<T> {
  const file = await LocalFile.open(path);
  try {
    return await work(file);
  } finally {
    await file.close();
  }
}

/**
 * The MD5 of a byte range of the file, streamed: a whole file or one segment, compared with Swift's
 * ETag. The chunks go to `hash.update`, not through `pipeline` into the Hash as a stream: that
 * stream's machinery cost ~15 KiB of garbage a file, so hashing 10,000 small files for a compare
 * grew RSS by 149 MiB in 2.7 s; fed directly, 12 MiB in 1.5 s. A Stop ends the read as `pipeline`
 * did (an AbortError).
 */
export async function md5OfRange(
  file: LocalFile,
  start: number,
  length: number,
  signal?: AbortSignal,
): Promise<string> {
  const hash = createHash('md5');
  if (length > 0) {
    signal?.throwIfAborted();
    const stream = file.stream(start, start + length - 1);
    if (signal) addAbortSignal(signal, stream);
    for await (const chunk of stream) hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}
