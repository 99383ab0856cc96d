import type { RecordEntry } from './sorted-records';

/** What a file's content is known to hash to, for the size and mtime it had then. */
export interface LocalDigests {
  size: number;
  mtimeMs: number;
  /** Piece sizes joined by "," (one piece: a plain object) → each piece's MD5. */
  layouts: Record<string, string[]>;
}

/**
 * A file's record in a compare's MD5 cache (digest-cache.ts), held from
 * `enterFile` to `leaveFile`. Its own file, so that the walk's files can
 * carry one without the walk importing the cache that imports the walk.
 */
export type FileRecord = RecordEntry<LocalDigests>;
