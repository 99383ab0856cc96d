/**
 * Comparing a local folder with a container (or a folder inside one), and the
 * plan that brings them in step: the shapes both processes share and the pure
 * rules that decide what each entry needs.
 */

/** Where an entry stands: only in the chosen folder, only in Swift, different on each side, or the same. */
export type SyncKind = 'onlyLocal' | 'onlyRemote' | 'different' | 'same';
/** Why two entries of the same name differ: their sizes, their content (MD5 against Swift's), or only their times. */
export type DifferenceWhy = 'size' | 'content' | 'time';

export interface LocalSide {
  bytes: number;
  /** The file's mtime, in seconds since the epoch (fractions kept). */
  mtime: number;
}

export interface RemoteSide {
  bytes: number;
  /** The listing's hash: a plain object's MD5, a large object's manifest ETag (what a plan checks again before it runs). */
  etag: string;
  lastModified: string;
  /** `X-Object-Meta-Mtime` (seconds), the file's time as the swift CLI and rclone record it, when the object has one. */
  mtime: number | undefined;
}

export interface SyncEntry {
  /** The path inside the chosen folder, `/`-separated; the object's name is the compared prefix + this. */
  name: string;
  kind: Exclude<SyncKind, 'same'>;
  why?: DifferenceWhy | undefined;
  local?: LocalSide | undefined;
  remote?: RemoteSide | undefined;
}

export interface GroupFigures {
  count: number;
  bytes: number;
}

/** What a comparison found, apart from its differences one by one. */
export interface ComparisonFigures {
  groups: Record<SyncKind, GroupFigures>;
  /** More differences than MAX_SYNC_ENTRIES: the rest are counted in the groups, not listed. */
  truncated: boolean;
  /** Names one side holds that the other cannot, each with its reason; nothing is done with them. */
  skipped: { name: string; reason: string }[];
  /** The container does not exist yet (compared as empty; an upload creates it). */
  missing: boolean;
}

export interface FolderComparison extends ComparisonFigures {
  /** Every entry that is not the same, in the order Swift lists names; at most MAX_SYNC_ENTRIES. */
  entries: SyncEntry[];
}

/**
 * Where the next page of a comparison's differences starts: the main process
 * keeps them in a file of its own until the page has read them, a page at a
 * time, as it reads a listing by marker.
 */
export interface DifferencesCursor {
  comparison: string;
  /** Where the next page starts in that file (bytes). */
  offset: number;
}

/** A page of differences, in order, and where the next starts (null: this was the last). */
export interface DifferencesPage {
  entries: SyncEntry[];
  next: DifferencesCursor | null;
}

/** The answer to a comparison: its figures and the first page of its differences. */
export type ComparisonStart = ComparisonFigures & DifferencesPage;

export const MAX_SYNC_ENTRIES = 100_000;

/** Differences in one page: ~1 MiB of IPC message at a typical name's length. */
export const DIFFERENCES_PAGE = 5_000;

/** Two times closer than this are the same time: FAT keeps 2 s, and a float in a header loses the last digits. */
export const TIME_TOLERANCE_S = 2;

export const sameTime = (a: number, b: number): boolean => Math.abs(a - b) < TIME_TOLERANCE_S;

/** The remote side's time: its recorded file mtime, else when Swift last wrote it. */
export function remoteTime(remote: RemoteSide): number {
  return remote.mtime ?? writtenAt(remote.lastModified);
}

/** When Swift last wrote an object (a listing's `last_modified`, UTC though it names no zone), in seconds. */
export function writtenAt(lastModified: string): number {
  const listed = swiftListingTime(lastModified);
  if (listed !== undefined) return listed;
  const parsed = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(lastModified) ? lastModified : `${lastModified}Z`);
  return Number.isFinite(parsed) ? parsed / 1000 : 0;
}

/**
 * Swift's own form, `2026-11-29T16:10:11.123456` (UTC, the fraction
 * optional), read digit by digit: a warm compare reads it for every row, and
 * through a pattern, a string and Date.parse 10,000 rows took ~5 ms of it.
 * The minute a row names is most often the row before's (objects written
 * together), so that minute's start is kept and only the seconds are read.
 * Undefined for any other form (writtenAt then parses it as before).
 */
function swiftListingTime(s: string): number | undefined {
  if (s.length < 19 || s.length === 20 || s.length > 26 || s[16] !== ':') return undefined;
  if (!s.startsWith(lastMinute.text)) {
    const start = minuteStart(s);
    if (start === undefined) return undefined;
    lastMinute = { text: s.slice(0, 16), start };
  }
  const second = digits(s, 17, 19);
  if (!inRange(second, 0, 59)) return undefined;
  let fraction = 0;
  if (s.length > 19) {
    if (s[19] !== '.') return undefined;
    const micros = digits(s, 20, s.length);
    if (micros < 0) return undefined;
    fraction = micros / 10 ** (s.length - 20);
  }
  return lastMinute.start + second + fraction;
}

/** The last minute swiftListingTime read (`2026-11-29T16:10`), and its start in seconds. */
let lastMinute = { text: '\u0000', start: 0 };

/** When the minute `2026-11-29T16:10` that `s` begins with starts, in seconds; undefined if it is not one. */
function minuteStart(s: string): number | undefined {
  if (s[4] !== '-' || s[7] !== '-' || s[10] !== 'T' || s[13] !== ':') return undefined;
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 7);
  const day = digits(s, 8, 10);
  const hour = digits(s, 11, 13);
  const minute = digits(s, 14, 16);
  // digits() answers -1 for a non-digit, which every range below leaves out.
  if (year < 0 || !inRange(month, 1, 12) || !inRange(day, 1, 31)) return undefined;
  if (!inRange(hour, 0, 23) || !inRange(minute, 0, 59)) return undefined;
  return Date.UTC(year, month - 1, day, hour, minute) / 1000;
}

const inRange = (n: number, min: number, max: number) => n >= min && n <= max;

/** The decimal number s[from, to) spells, or -1 when a character is not a digit. */
function digits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/** Parses an `X-Object-Meta-Mtime` value; anything not a plain number of seconds is no time. */
export function parseMtime(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || !/^\d+(\.\d+)?$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/** The exclusion patterns a new connection starts with. */
export const DEFAULT_EXCLUDES: readonly string[] = ['*.tmp', 'node_modules/', '.DS_Store'];

/** What the plan saw of one action's two sides; the main process checks both again before anything moves. */
export interface PlannedAction {
  name: string;
  kind: 'upload' | 'download' | 'deleteRemote' | 'deleteLocal';
  /** The file as the plan saw it; absent: there was none. */
  local?: { bytes: number; mtime: number } | undefined;
  /** The object as the plan saw it; absent: there was none. */
  remote?: { bytes: number; etag: string } | undefined;
}

/** The plan checked against what is there now, its deletions done, its transfers ready to queue. */
export interface SyncPreparation {
  /** Files to upload, each with its path inside the chosen folder (granted to the page for the upload). */
  uploads: { name: string; filePath: string; replaces: boolean }[];
  /** Objects to download into the chosen folder under their name there. */
  downloads: { name: string }[];
  deleted: string[];
  /** Actions left out because their target changed since the plan was made (or cannot be done), and why. */
  skipped: { name: string; reason: string }[];
  failed: { name: string; message: string }[];
}
