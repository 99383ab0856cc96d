import path from 'node:path';
import { md5OfRange, withLocalFile } from '../local';
import { readJsonObject, writeJsonFile } from './json-file';
import type { ExpectedPiece } from '../transfer-stream';

/** What a file's content is known to hash to, for the size and mtime it had then. */
interface LocalDigests {
  size: number;
  mtimeMs: number;
  /** Piece sizes joined by "," (one piece: a plain object) → each piece's MD5. */
  layouts: Record<string, string[]>;
}

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

interface CacheFile {
  version: 1;
  local: Record<string, LocalDigests>;
  remote: Record<string, RemoteFacts>;
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

/**
 * The MD5s of local files keyed by path, size and mtime, and what HEADs told
 * of objects keyed by region, container, name, hash and time, kept in one
 * JSON file in the app's data folder: a second compare of unchanged files and
 * objects reads no file content and sends no HEAD, only the listing. A file
 * rewritten in place with the same size inside one mtime tick would be missed;
 * that is the price every size-and-time cache (rsync's, rclone's) pays.
 */
export class DigestCache {
  #data: CacheFile = { version: 1, local: {}, remote: {} };
  #changed = false;

  private constructor(
    readonly file: string | undefined,
    readonly hasher: PieceHasher,
  ) {}

  /** The cache kept in `file` (none yet, or unreadable: an empty one); no file: kept in memory only. */
  static async open(file: string | undefined, hasher: PieceHasher = hashPieces): Promise<DigestCache> {
    const cache = new DigestCache(file, hasher);
    if (file) {
      const parsed = await readJsonObject<CacheFile>(file);
      if (parsed.version === 1 && parsed.local && parsed.remote) cache.#data = parsed as CacheFile;
    }
    return cache;
  }

  /** The MD5s the cache holds for the file at this size, mtime and layout of pieces; undefined when it must be read. */
  knownDigests(
    filePath: string,
    stat: { size: number; mtimeMs: number },
    pieces: readonly { bytes: number }[],
  ): string[] | undefined {
    const known = this.#data.local[filePath];
    if (!known || known.size !== stat.size || known.mtimeMs !== stat.mtimeMs) return undefined;
    // One piece, the usual case, needs no joined layout key made for it.
    return known.layouts[pieces.length === 1 ? String(pieces[0]!.bytes) : pieces.map((p) => p.bytes).join(',')];
  }

  /** The MD5 of each piece of the file, read only when the cache has none for this size, mtime and layout. */
  async digests(
    filePath: string,
    stat: { size: number; mtimeMs: number },
    pieceSizes: readonly number[],
    signal?: AbortSignal,
  ): Promise<string[]> {
    const layout = pieceSizes.join(',');
    const known = this.#data.local[filePath];
    const fresh = known && known.size === stat.size && known.mtimeMs === stat.mtimeMs;
    const cached = fresh ? known.layouts[layout] : undefined;
    if (cached) return cached;
    const md5s = await this.hasher(filePath, pieceSizes, signal);
    const layouts = fresh ? known.layouts : {};
    layouts[layout] = md5s;
    this.#data.local[filePath] = { size: stat.size, mtimeMs: stat.mtimeMs, layouts };
    this.#changed = true;
    return md5s;
  }

  remote(key: string, hash: string, lastModified: string): RemoteFacts | undefined {
    const known = this.#data.remote[key];
    return known && known.hash === hash && known.lastModified === lastModified ? known : undefined;
  }

  rememberRemote(key: string, facts: RemoteFacts): void {
    this.#data.remote[key] = facts;
    this.#changed = true;
  }

  /**
   * Forgets what this compare showed is gone: files under `folder` (a real
   * path) not in `files`, and objects whose key starts with `remoteScope` not
   * in `objects`. Without it, every file and object ever compared would stay.
   */
  forgetOthers(folder: string, files: ReadonlySet<string>, remoteScope: string, objects: ReadonlySet<string>): void {
    const inFolder = folder.endsWith(path.sep) ? folder : folder + path.sep;
    for (const file of Object.keys(this.#data.local)) {
      if (file.startsWith(inFolder) && !files.has(file)) {
        delete this.#data.local[file];
        this.#changed = true;
      }
    }
    for (const key of Object.keys(this.#data.remote)) {
      if (key.startsWith(remoteScope) && !objects.has(key)) {
        delete this.#data.remote[key];
        this.#changed = true;
      }
    }
  }

  /** Written whole to a temporary file and renamed over the old one, so a crash leaves the old cache or the new. */
  async save(): Promise<void> {
    if (!this.file || !this.#changed) return;
    await writeJsonFile(this.file, this.#data);
    this.#changed = false;
  }
}
