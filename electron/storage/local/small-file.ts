// A small file on a local disk hashed with synchronous calls, for a compare that hashes thousands of them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { StorageError } from '../errors';
import { fileError, notRegularFile } from './file';

/** Files up to this size are read in one synchronous call: a few microseconds from the page cache. */
export const SMALL_FILE = 128 * 1024;

/** As LocalFile.open: a named pipe with no writer opens at once (and is then refused) rather than never. */
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/**
 * The MD5 of a file's first `length` bytes (at most SMALL_FILE; fewer if the
 * file got shorter) on a local disk (local/disk.ts), opened, checked, read and
 * closed with synchronous calls. Through LocalFile, a cold compare of 100,000
 * small files made each one a FileHandle, a statfs and a dozen promises on
 * the thread pool: ~20 KiB of garbage a file, enough to grow V8's young
 * generation to its largest and the main process's RSS with it. Only where no
 * call can hang (a local disk), and the caller gives the event loop a turn
 * between files.
 */
export function md5OfSmallFileNow(path: string, length: number): string {
  if (length > SMALL_FILE) throw new RangeError(`md5OfSmallFileNow reads at most ${SMALL_FILE} bytes`);
  let fd: number;
  try {
    fd = fs.openSync(path, OPEN_FLAGS);
  } catch (err) {
    throw fileError(path, err);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw notRegularFile(path, stat);
    const buffer = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const bytesRead = fs.readSync(fd, buffer, done, length - done, done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return createHash('md5').update(buffer.subarray(0, done)).digest('hex');
  } catch (err) {
    throw err instanceof StorageError ? err : fileError(path, err);
  } finally {
    fs.closeSync(fd);
  }
}
