import { createHash } from 'node:crypto';
import path from 'node:path';
import { md5OfRange, md5OfSmallFileNow, SMALL_FILE, withLocalFile } from '../local';
import type { ExpectedPiece } from '../transfer-stream';
import type { LocalEntry } from './local-walk';
import type { FileRecord, LocalDigests } from './file-record';
import { SortedRecords } from './sorted-records';

/** What one object's HEAD told, good for as long as its listing row shows the same hash and time. */
export interface RemoteFacts {
  hash: string;
  lastModified: string;
  mtime: number | undefined;
  length: number;
  kind: 'plain' | 'slo' | 'dlo';
  /** A large object's segments: each one's length and, where Swift gives it, MD5. */
  pieces: ExpectedPiece[] | undefined;
}

/** Reads the MD5 of each piece of a file, in order (one open, one pass). */
export type PieceHasher = (filePath: string, pieceSizes: readonly number[], signal?: AbortSignal) => Promise<string[]>;

export const hashPieces: PieceHasher = (filePath, pieceSizes, signal) =>
  withLocalFile(filePath, async (file) => {
    const out: string[] = [];
    let start = 0;
    for (const bytes of pieceSizes) {
      out.push(await md5OfRange(file, start, bytes, signal));
      start += bytes;
    }
    return out;
  });

/** As hashPieces, but a small file in one piece is read at once: for a folder on a local disk (local/small-file.ts). */
export const hashPiecesInPlace: PieceHasher = (filePath, pieceSizes, signal) => {
  const [only, ...more] = pieceSizes;
  if (only === undefined || only > SMALL_FILE || more.length > 0) return hashPieces(filePath, pieceSizes, signal);
  try {
    signal?.throwIfAborted();
    return Promise.resolve([md5OfSmallFileNow(filePath, only)]);
  } catch (err) {
    return Promise.reject(err as Error);
  }
};

/** What one compare looks at: a folder (its real path) and a container, or the names under a prefix in it. */
export interface CacheScope {
  folder: string;
  region: string;
  container: string;
  prefix: string;
}

const fileOf = (dir: string, side: string, of: string) =>
  path.join(dir, `${side}-${createHash('sha256').update(of).digest('hex').slice(0, 24)}.jsonl`);

const layoutOf = (pieces: readonly { bytes: number }[]) =>
  // One piece, the usual case, needs no joined layout key made for it.
  pieces.length === 1 ? String(pieces[0]!.bytes) : pieces.map((p) => p.bytes).join(',');

const fresh = (known: LocalDigests | undefined, stat: { size: number; mtimeMs: number }) =>
  known !== undefined && known.size === stat.size && known.mtimeMs === stat.mtimeMs && !!known.layouts;

/**
 * The whole file's MD5, read off its record's line without parsing it, when
 * the line is for the file's size and mtime as `digests` below writes it
 * (size, mtimeMs, then the layouts, the one-piece layout first: a key that
 * reads as an index comes first in a JSON object). Undefined: parse the line.
 */
function md5OffLine(entry: FileRecord, file: LocalEntry): string | undefined {
  const { raw, valueAt } = entry;
  if (raw === undefined || valueAt === undefined) return undefined;
  const head = `{"size":${file.size},"mtimeMs":${file.mtimeMs},"layouts":{"${file.size}":["`;
  if (!raw.startsWith(head, valueAt)) return undefined;
  const from = valueAt + head.length;
  return raw.charCodeAt(from + 32) === 0x22 /* " */ ? raw.slice(from, from + 32) : undefined;
}

/**
 * The MD5s of a folder's files keyed by name, size and mtime, and what HEADs
 * told of a container's objects keyed by name, hash and time, kept in the app's
 * data folder (a file per folder and one per container, each sorted as Swift
 * lists): a second compare of unchanged files and objects reads no file
 * content and sends no HEAD, only the listing. A compare takes each file and
 * object in as it reaches it (`enterFile`, `enterObject`) and lets it go once
 * judged, so only the records around where it is are held. A file rewritten in
 * place with the same size inside one mtime tick would be missed; that is the
 * price every size-and-time cache (rsync's, rclone's) pays.
 */
export class DigestCache {
  readonly #local: SortedRecords<LocalDigests>;
  readonly #remote: SortedRecords<RemoteFacts>;

  private constructor(
    dir: string | undefined,
    scope: CacheScope,
    readonly hasher: PieceHasher,
  ) {
    const objects = `${scope.region}\n${scope.container}`;
    // Each walked file carries its own record (LocalEntry.cached): none is looked up by name.
    this.#local = new SortedRecords(dir && fileOf(dir, 'files', scope.folder), scope.folder, () => true, false);
    this.#remote = new SortedRecords(dir && fileOf(dir, 'objects', objects), objects, (name) =>
      name.startsWith(scope.prefix),
    );
  }

  /** The cache kept in `dir` for this scope (none yet, or unreadable: an empty one); no dir: kept in memory only. */
  static open(dir: string | undefined, scope: CacheScope, hasher: PieceHasher = hashPieces): DigestCache {
    return new DigestCache(dir, scope, hasher);
  }

  /**
   * A walked file reached, in Swift's order of names: its record is held
   * until `leaveFile`. A record for a size or mtime the file no longer has is
   * dropped now; the whole file's MD5 the record holds is put on the file
   * (`knownMd5`).
   */
  enterFile(file: LocalEntry): void {
    const entry = this.#local.enter(file.name);
    file.cached = entry;
    const md5 = md5OffLine(entry, file);
    if (md5 !== undefined) {
      file.knownMd5 = md5;
      return;
    }
    const known = this.#local.valueOf(entry);
    if (known === undefined) return;
    if (!fresh(known, file)) return this.#local.set(entry, undefined);
    file.knownMd5 = known.layouts[String(file.size)]?.[0];
    this.#local.shed(entry);
  }

  /** Judged: its record is written out. */
  leaveFile(file: LocalEntry): void {
    if (file.cached) this.#local.leave(file.cached);
  }

  /** A listed object reached, in the listing's order: its record is held until `leaveObject`. */
  enterObject(name: string): void {
    this.#remote.enter(name);
  }

  leaveObject(name: string): void {
    const entry = this.#remote.get(name);
    if (entry) this.#remote.leave(entry);
  }

  /** The MD5s the cache holds for the file at its size, mtime and layout of pieces; undefined when it must be read. */
  knownDigests(file: LocalEntry, pieces: readonly { bytes: number }[]): string[] | undefined {
    const known = file.cached && this.#local.valueOf(file.cached);
    return fresh(known, file) ? known!.layouts[layoutOf(pieces)] : undefined;
  }

  /** The MD5 of each piece of the file, read only when the cache has none for this size, mtime and layout. */
  async digests(file: LocalEntry, pieceSizes: readonly number[], signal?: AbortSignal): Promise<string[]> {
    const layout = pieceSizes.join(',');
    const entry = file.cached;
    const known = entry && this.#local.valueOf(entry);
    const cached = fresh(known, file) ? known!.layouts[layout] : undefined;
    if (cached) return cached;
    const md5s = await this.hasher(file.filePath, pieceSizes, signal);
    if (entry) {
      // Read after the hash, not before it: another layout of this file kept meanwhile stays.
      const now = this.#local.valueOf(entry);
      const layouts = fresh(now, file) ? { ...now!.layouts } : {};
      layouts[layout] = md5s;
      this.#local.set(entry, { size: file.size, mtimeMs: file.mtimeMs, layouts });
    }
    return md5s;
  }

  remote(name: string, hash: string, lastModified: string): RemoteFacts | undefined {
    const entry = this.#remote.get(name);
    const known = entry && this.#remote.valueOf(entry);
    return known && known.hash === hash && known.lastModified === lastModified ? known : undefined;
  }

  rememberRemote(name: string, facts: RemoteFacts): void {
    const entry = this.#remote.get(name);
    if (entry) this.#remote.set(entry, facts);
  }

  /**
   * Each file's and object's record written in order to a new file, which
   * then replaces the old: a crash leaves the old cache or the new. Records of
   * files and objects the compare did not reach are gone with them.
   */
  save(): void {
    this.#local.finish();
    this.#remote.finish();
  }

  /** The compare ended early: the cache stays as it was. */
  abandon(): void {
    try {
      this.#local.abandon();
    } finally {
      this.#remote.abandon();
    }
  }
}
