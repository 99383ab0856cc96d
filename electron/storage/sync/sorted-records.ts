import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { compareNames } from '../../../shared/region-diff';
import { nameOffLine, parsedLine, type Line } from './record-lines';

/** One record of the window: taken in by `enter`, written out once `leave` says it is settled. */
export interface RecordEntry<T> {
  readonly name: string;
  /** Its value (undefined: none, not parsed yet, or let go of by `shed`: read from `raw` by `valueOf`). */
  value: T | undefined;
  /** The line it was read as, written back as it was while the value is unchanged; undefined once changed. */
  raw: string | undefined;
  /** Where the value's JSON begins in `raw`, when the name was read off the line (`nameOffLine`). */
  valueAt: number | undefined;
  /** Where that line ends in the old file. */
  end: number | undefined;
  settled: boolean;
}

/** Bytes read from the old file at a time, and written to the new one. */
const CHUNK = 256 * 1024;

/**
 * A file of records sorted by name in Swift's order (one JSON array per line,
 * `[name, value]`, after a first line naming what the file is of), read and
 * rewritten in one pass beside a walk in the same order: a compare of 100,000
 * files holds the handful of records around where it is, not all of them
 * (loaded whole, as one JSON object, the cache of a 100,000-file folder took
 * ~80 MiB of the main process for the whole compare). Records the walk passes
 * without entering are dropped when `inScope` (their file or object is gone)
 * and kept as they were otherwise (outside the compared prefix). Nothing is
 * written until the first change; the new file replaces the old only once the
 * walk has finished; a compare cut short leaves the old file as it was.
 *
 * The disk is read and written synchronously, a chunk at a time, as the
 * folder walk is: through the thread pool every chunk would cost the compare
 * a turn, and a chunk from the page cache takes well under a millisecond.
 */
export class SortedRecords<T> {
  /** The old file, open until the end: read in order, and copied from once something changed. */
  #fd: number | undefined;
  #reading = false;
  #decoder = new StringDecoder('utf8');
  #lines: string[] = [];
  #partial = '';
  /** Bytes of the old file up to the end of the last line taken. */
  #consumed = 0;
  #ahead: Line<T> | undefined;
  #last = '';
  #queue: RecordEntry<T>[] = [];
  #head = 0;
  /** The records entered and not yet written, by name; none kept when the caller holds its entries itself. */
  #window: Map<string, RecordEntry<T>> | undefined;
  /** Where the old file's records written out before the first change end: the new file begins with them. */
  #keptEnd = 0;
  #changed = false;
  /** Lines waiting to be written, once something changed. */
  #chunks: string[] = [];
  #bytes = 0;
  #out: { fd: number; temp: string } | undefined;
  /** Records in the new file (copied or written). */
  #kept = 0;
  /** Finished or abandoned: a judge still running when a compare failed changes nothing any more. */
  #closed = false;

  /** `file` undefined: nothing read or written (a compare with no cache kept). */
  /**
   * `byName` false: `get` is not used, each caller keeping the entry `enter`
   * answered (a compare's files: a map of 10,000 names set and deleted again
   * cost a warm compare's merge some milliseconds).
   */
  constructor(
    readonly file: string | undefined,
    readonly of: string,
    readonly inScope: (name: string) => boolean,
    byName = true,
  ) {
    if (byName) this.#window = new Map();
    if (!file) return;
    try {
      this.#fd = fs.openSync(file, 'r');
      this.#reading = true;
      if (this.#nextLine() === header(of)) this.#keptEnd = this.#consumed;
    } catch {
      // None yet, or unreadable: an empty cache, filled again by this compare.
      this.#closeOld();
    }
    if (this.#keptEnd === 0) this.#stopReading(); // none, another scope's file, or an older format
    this.#readAhead();
  }

  /** The record kept for `name` (names entered in Swift's order), into the window until it is left. */
  enter(name: string): RecordEntry<T> {
    while (this.#ahead && compareNames(this.#ahead.name, name) < 0) {
      this.#pass(this.#ahead);
      this.#readAhead();
    }
    let entry: RecordEntry<T> = {
      name,
      value: undefined,
      raw: undefined,
      valueAt: undefined,
      end: undefined,
      settled: false,
    };
    const ahead = this.#ahead;
    if (ahead?.name === name) {
      entry = { name, value: ahead.value, raw: ahead.raw, valueAt: ahead.valueAt, end: ahead.end, settled: false };
      this.#readAhead();
    }
    if (this.#closed) return entry;
    this.#queue.push(entry);
    this.#window?.set(name, entry);
    return entry;
  }

  /** The record of a name in the window (entered, not yet written). */
  get(name: string): RecordEntry<T> | undefined {
    if (!this.#window) throw new Error('sorted records kept without names asked for one by name');
    return this.#window.get(name);
  }

  /** The record's value, read again from its line if `shed` let go of it; undefined: none. */
  valueOf(entry: RecordEntry<T>): T | undefined {
    if (entry.value !== undefined || entry.raw === undefined) return entry.value;
    const value = parsedLine<T>(entry.raw)?.value;
    // A line that does not parse holds nothing, and is not written back.
    if (value === undefined) this.set(entry, undefined);
    return value;
  }

  /**
   * The parsed value of an unchanged record let go of until asked for again
   * (`valueOf`): a compare holds a page's worth of records while the listing
   * is on its way, long enough for minor collections to copy each one twice,
   * and most are never looked at again. A file's parsed record held ~350
   * bytes of the ~840 a walked file held.
   */
  shed(entry: RecordEntry<T>): void {
    if (entry.raw !== undefined) entry.value = undefined;
  }

  /** A new value (or none) for a record in the window. */
  set(entry: RecordEntry<T>, value: T | undefined): void {
    if (this.#closed) return;
    this.#changed = true;
    entry.value = value;
    entry.raw = undefined;
  }

  /** Settled: written out once every record before it is. */
  leave(entry: RecordEntry<T>): void {
    if (this.#closed) return;
    entry.settled = true;
    while (this.#head < this.#queue.length && this.#queue[this.#head]!.settled) this.#write(this.#queue[this.#head++]!);
    // Written records are let go of in bulk, once they are at least half the queue: cut every 1,024, a
    // compare's queue of the 10,000 files walked ahead was moved ten times over (~5 ms of a warm merge).
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue.splice(0, this.#head);
      this.#head = 0;
    }
  }

  /** The rest of the old file taken in, and the new file put in its place if anything changed. */
  finish(): void {
    if (this.#closed) return;
    while (this.#ahead) {
      this.#pass(this.#ahead);
      this.#readAhead();
    }
    if (this.#head < this.#queue.length) throw new Error('sorted records finished with records not settled');
    if (!this.#changed || !this.file) return this.abandon();
    if (this.#kept === 0) {
      // Nothing left to keep: no file, rather than one holding only its first line.
      this.abandon();
      fs.rmSync(this.file, { force: true });
      return;
    }
    try {
      this.#flush();
    } catch (err) {
      this.abandon();
      throw err;
    }
    const out = this.#out!;
    this.#closed = true;
    this.#closeOld();
    this.#out = undefined;
    fs.closeSync(out.fd);
    fs.renameSync(out.temp, this.file);
  }

  /** The walk ended early (or changed nothing): the old file stays as it was, and no temporary one is left. */
  abandon(): void {
    this.#closed = true;
    this.#chunks = [];
    this.#window?.clear();
    const out = this.#out;
    this.#out = undefined;
    try {
      this.#closeOld();
    } finally {
      if (out) {
        fs.closeSync(out.fd);
        fs.rmSync(out.temp, { force: true });
      }
    }
  }

  /** A record the walk went past without entering: gone when in scope, kept when not. */
  #pass(record: Line<T>): void {
    if (this.inScope(record.name)) {
      this.#changed = true;
      return;
    }
    const entry: RecordEntry<T> = { ...record, settled: false };
    this.#queue.push(entry);
    this.leave(entry);
  }

  #write(entry: RecordEntry<T>): void {
    this.#window?.delete(entry.name);
    if (entry.value === undefined && entry.raw === undefined) return;
    this.#kept++;
    if (!this.#changed) {
      // Unchanged so far, so this is the old file's next record: where it ends is all that is kept.
      this.#keptEnd = entry.end!;
      return;
    }
    const line = entry.raw ?? JSON.stringify([entry.name, entry.value]);
    this.#chunks.push(line);
    this.#bytes += line.length + 1;
    if (this.#bytes >= CHUNK) this.#flush();
  }

  /**
   * The lines waiting written to the new file, begun on the first flush with
   * the old file's records kept before the first change, copied as they are.
   * Nothing is written before something changed, so a compare that changes
   * nothing (a warm one) costs the disk no write at all.
   */
  #flush(): void {
    if (!this.#out) {
      fs.mkdirSync(path.dirname(this.file!), { recursive: true });
      const temp = `${this.file}.${randomBytes(6).toString('hex')}.tmp`;
      this.#out = { fd: fs.openSync(temp, 'w'), temp };
      if (this.#keptEnd === 0) this.#chunks.unshift(header(this.of));
      else this.#copyKept(this.#out.fd);
    }
    if (this.#chunks.length === 0) return;
    fs.writeSync(this.#out.fd, this.#chunks.join('\n') + '\n');
    this.#chunks = [];
    this.#bytes = 0;
  }

  #copyKept(fd: number): void {
    const buffer = Buffer.allocUnsafe(CHUNK);
    for (let at = 0; at < this.#keptEnd;) {
      const read = fs.readSync(this.#fd!, buffer, 0, Math.min(CHUNK, this.#keptEnd - at), at);
      if (read === 0) throw new Error('the sync cache file got shorter while it was read');
      fs.writeSync(fd, buffer, 0, read);
      at += read;
    }
  }

  #closeOld(): void {
    const fd = this.#fd;
    this.#fd = undefined;
    this.#reading = false;
    this.#ahead = undefined;
    if (fd !== undefined) fs.closeSync(fd);
  }

  /**
   * The next record of the old file, in order. Its name is read off the line
   * and its value left to `valueOf` where the line allows (`nameOffLine`):
   * a warm compare parsed every line of a 10,000-file cache (~10 ms, and
   * some MiB for the collector while the listing was on its way) to look at
   * the values of none but the changed. A damaged line, where seen, ends the
   * reading (and is dropped).
   */
  #readAhead(): void {
    this.#ahead = undefined;
    const line = this.#nextLine();
    if (line === undefined) return;
    const quick = nameOffLine(line);
    const record = quick ?? parsedLine<T>(line);
    if (record && (this.#last === '' || compareNames(this.#last, record.name) < 0)) {
      this.#last = record.name;
      this.#ahead = {
        name: record.name,
        value: quick ? undefined : (record as { value: T }).value,
        raw: line,
        valueAt: quick?.valueAt,
        end: this.#consumed,
      };
      return;
    }
    // Damaged, or out of order: the rest is not trusted.
    this.#stopReading();
  }

  /** The old file is read no further; what it held past here is not kept. */
  #stopReading(): void {
    this.#reading = false;
    this.#lines = [];
    this.#changed = true;
  }

  #nextLine(): string | undefined {
    while (this.#lines.length === 0 && this.#reading) {
      const buffer = Buffer.allocUnsafe(CHUNK);
      const read = fs.readSync(this.#fd!, buffer, 0, CHUNK, null);
      if (read === 0) {
        this.#reading = false;
        // Every line written ends in a newline: a last one without is cut short, and left out.
        if (this.#partial + this.#decoder.end() !== '') this.#changed = true;
        break;
      }
      const text = this.#partial + this.#decoder.write(buffer.subarray(0, read));
      const lines = text.split('\n');
      this.#partial = lines.pop()!;
      // Reversed so that each line is taken with pop(), not shift().
      this.#lines = lines.reverse();
    }
    const line = this.#lines.pop();
    if (line !== undefined) this.#consumed += Buffer.byteLength(line) + 1;
    return line;
  }
}

const header = (of: string) => JSON.stringify({ cirrus: 'sync-cache', version: 2, of });
