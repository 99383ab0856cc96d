import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { compareNames } from '../../../shared/region-diff';
import type { Exclusions } from '../../../shared/sync-exclude';
import { cancelledError } from '../cancel';
import { fileError } from '../local';
import type { FileRecord } from './file-record';

/** One regular file of the compared folder. */
export interface LocalEntry {
  /** The path inside the folder, `/`-separated. */
  name: string;
  /** The file's real path, inside the folder. */
  readonly filePath: string;
  size: number;
  mtimeMs: number;
  /**
   * The file's record in a compare's MD5 cache, and the whole file's MD5 when
   * that knows it for this size and mtime: set as the walk reaches the file
   * (the compare's `onWalked`), so judging it against a listing row and
   * letting its record go ask the cache for nothing by name.
   */
  cached?: FileRecord | undefined;
  knownMd5?: string | undefined;
}

/**
 * A file as the walk found it. A compare holds a page's worth of these (and
 * their records) while the listing is on its way, long enough for each to be
 * copied by two minor collections; the real path, the longest string of
 * them, is put together only when asked for, which a warm compare never
 * does. Every field is set here, so that all of them share one shape.
 */
class WalkedFile implements LocalEntry {
  cached: FileRecord | undefined = undefined;
  knownMd5: string | undefined = undefined;

  constructor(
    readonly name: string,
    readonly size: number,
    readonly mtimeMs: number,
    /** The folder's real path, and the file's name in it. */
    private readonly dir: string,
    private readonly base: string,
  ) {}

  get filePath(): string {
    return childPath(this.dir, this.base);
  }
}

/**
 * Joined as it is: a folder's path is already normal, and a name from
 * readdir holds no separator (path.join normalizes the whole path again, for
 * every file).
 */
const childPath = (dir: string, base: string): string => (dir.endsWith(path.sep) ? dir + base : dir + path.sep + base);

/**
 * The disk is asked synchronously, this many calls at a time, with a turn of
 * the event loop between: through the thread pool each lstat and readdir
 * waited its turn, and walking 10,000 files in 200 folders took ~330 ms of a
 * warm compare's ~1.1 s (64 lstats at once; one by one, ~550 ms). Asked
 * directly, the same walk takes ~60 ms, and no stretch holds the main process
 * for more than a millisecond or two.
 */
const CALLS_PER_TURN = 256;

/** One folder being walked: its entries in Swift's order, and how far the walk is through them. */
interface Level {
  relative: string;
  dir: string;
  /** A folder's key is its name and "/", so that it sorts where the names inside it do. */
  entries: { key: string; entry: fs.Dirent }[];
  at: number;
}

/**
 * Every regular file under `root` (a real path), one at a time in the order
 * Swift lists names (compareNames), so that a compare merges it with a
 * listing while holding only the folders on the way down, not the whole tree:
 * each folder's entries are sorted with a folder keyed as "name/", which puts
 * everything inside it exactly where a sort of the full names would. Links are
 * never followed, to files or folders, so nothing outside the chosen folder is
 * read; they, and sockets or devices, are listed as skipped. Excluded folders
 * are not entered at all (a node_modules of 100,000 files costs one readdir).
 */
export class FolderWalk {
  readonly skipped: { name: string; reason: string }[] = [];
  /** Files walked ahead of the caller (`ahead`), in order. */
  #ready: LocalEntry[] = [];
  #taken = 0;
  #levels: Level[] | undefined;
  #failure: unknown;
  #filling = false;

  /** `onWalked`: each file as the walk reaches it, in order, once (before anyone can peek at it). */
  constructor(
    readonly root: string,
    readonly exclude: Exclusions,
    readonly signal?: AbortSignal,
    readonly onWalked?: (file: LocalEntry) => void,
  ) {}

  /** The next file, not taken; undefined once the walk is done. */
  peek(): LocalEntry | undefined {
    if (this.#failure !== undefined) throw this.#failure;
    if (this.#taken < this.#ready.length) return this.#ready[this.#taken];
    const file = this.#step();
    if (file) this.#push(file);
    return file;
  }

  take(): LocalEntry | undefined {
    const file = this.peek();
    if (file) this.#taken++;
    return file;
  }

  /**
   * Walks on until `count` files wait to be taken, a turn of the event loop
   * every CALLS_PER_TURN calls: run while the listing's next page is on its
   * way, so the walk costs a warm compare nearly nothing. A failure is kept
   * for the caller's next `peek`.
   */
  async ahead(count: number): Promise<void> {
    if (this.#filling) return;
    this.#filling = true;
    try {
      let calls = 0;
      while (this.#failure === undefined && this.#ready.length - this.#taken < count) {
        if (++calls % CALLS_PER_TURN === 0) await nextTurn();
        const file = this.#step();
        if (!file) break;
        this.#push(file);
      }
    } catch (err) {
      this.#failure = err;
    } finally {
      this.#filling = false;
    }
  }

  #push(file: LocalEntry): void {
    // Taken files are let go a few thousand at a time, not one by one (shift() moves every other), and once
    // they are at least half of those held, so what is left is not moved again and again.
    if (this.#taken > 4096 && this.#taken * 2 > this.#ready.length) {
      this.#ready.splice(0, this.#taken);
      this.#taken = 0;
    }
    this.onWalked?.(file);
    this.#ready.push(file);
  }

  /** The next regular file from the disk, or undefined at the end. */
  #step(): LocalEntry | undefined {
    if (this.signal?.aborted) throw cancelledError();
    this.#levels ??= [this.#open('', this.root)!];
    for (;;) {
      const level = this.#levels.at(-1);
      if (!level) return undefined;
      const next = level.entries[level.at++];
      if (!next) {
        this.#levels.pop();
        continue;
      }
      const base = next.entry.name;
      const name = level.relative === '' ? base : `${level.relative}/${base}`;
      if (next.entry.isDirectory()) {
        const inner = this.#open(name, childPath(level.dir, base));
        if (inner) this.#levels.push(inner);
        continue;
      }
      const stat = lstatOrGone(childPath(level.dir, base));
      if (stat?.isFile()) return new WalkedFile(name, stat.size, stat.mtimeMs, level.dir, base);
    }
  }

  /** A folder's entries, sorted; links and the like listed as skipped, excluded names left out. */
  #open(relative: string, dir: string): Level | undefined {
    let dirents: fs.Dirent[];
    try {
      dirents = fs.readdirSync(dir, { withFileTypes: true });
    } catch (err) {
      if (relative === '') throw fileError(this.root, err, 'folder');
      this.skipped.push({ name: `${relative}/`, reason: 'This folder cannot be read.' });
      return undefined;
    }
    const entries: Level['entries'] = [];
    for (const entry of dirents) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      // The folders above were each kept: only this entry's own name and path are checked.
      if (entry.isDirectory()) {
        if (!this.exclude.excludesFolderIn(name)) entries.push({ key: `${entry.name}/`, entry });
      } else if (this.exclude.excludesFileIn(name, entry.name)) {
        continue;
      } else if (entry.isFile()) {
        entries.push({ key: entry.name, entry });
      } else {
        const what = entry.isSymbolicLink() ? 'a link (links are not followed)' : 'not a regular file';
        this.skipped.push({ name, reason: `On this computer it is ${what}.` });
      }
    }
    entries.sort((a, b) => compareNames(a.key, b.key));
    return { relative, dir, entries, at: 0 };
  }
}

/** Gone (or unreadable) between the folder's listing and the look: it is not there to compare. */
function lstatOrGone(filePath: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(filePath, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}
