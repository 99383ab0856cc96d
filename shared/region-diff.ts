/**
 * Comparing one container (or prefix) between two regions: the order Swift
 * lists names in, and what makes two listed objects the same.
 */

/** One object as a container listing shows it, with the fields a comparison reads. */
export interface ListedObject {
  name: string;
  bytes: number;
  hash: string;
  /** Present for a static large object only: Swift's `slo_etag`, quotes and all. */
  slo_etag?: string | undefined;
  content_type: string;
  last_modified: string;
}

/** One side of a difference, as the comparison view shows it. */
export interface ComparedObject {
  bytes: number;
  /** The ETag compared: the content's MD5, or for a static large object its `slo_etag`. */
  etag: string;
  contentType: string;
  lastModified: string;
  largeObject: boolean;
}

export type DifferenceKind = 'onlySource' | 'onlyTarget' | 'different';

export interface RegionDifference {
  name: string;
  kind: DifferenceKind;
  source?: ComparedObject;
  target?: ComparedObject;
}

export interface ComparisonCounts {
  onlySource: number;
  onlyTarget: number;
  different: number;
  same: number;
}

export interface RegionComparison {
  counts: ComparisonCounts;
  /** In name order; at most MAX_DIFFERENCES of them (the counts still count every one). */
  differences: RegionDifference[];
  truncated: boolean;
  /** A side whose container does not exist (compared as empty); a copy there creates it. */
  missing: 'source' | 'target' | undefined;
  /** Both regions are one Swift cluster and account: a copy is done by Swift itself (X-Copy-From). */
  sameCluster: boolean;
}

export interface RegionCopyResult {
  copied: string[];
  /** Already the same on the other side (same size and ETag): nothing was sent. */
  skipped: string[];
  failed: { name: string; message: string }[];
  /** True when Swift copied the bytes itself (one cluster), false when they were streamed through Cirrus. */
  serverSide: boolean;
}

/** The differences a comparison keeps for the view; more are counted, not listed. */
export const MAX_DIFFERENCES = 100_000;

/**
 * Swift lists names in the order of their UTF-8 bytes (SQLite's binary collation
 * on UTF-8 text), which is Unicode code point order, not JavaScript's UTF-16
 * order: seen on Swift 2.30, "a\u{E000}" is listed before "a😀", while `<` on
 * the strings puts the emoji (a surrogate pair, 0xD83D…) first. A merge walk in
 * the wrong order would call both names "only on one side".
 */
export function compareNames(a: string, b: string): number {
  // A merge compares each name with itself once: equal strings are told apart at once, not unit by unit.
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    // A surrogate stands for a code point above U+FFFF, so after every other UTF-16 unit.
    if (xs === ys) return x - y;
    return xs ? 1 : -1;
  }
  return a.length - b.length;
}

const unquote = (etag: string): string => etag.trim().replace(/^"(.*)"$/, '$1');

/**
 * What a listing row says about the object's content. A static large object's
 * `hash` is the MD5 of its manifest as stored, which names its segments'
 * container and paths (seen on Swift 2.30: slo.py stores `Etag: md5(json_data)`
 * and puts the segments' digest beside it as `slo_etag`, which listing_formats
 * hands out as its own field), so the same content copied as segments into
 * another region has another `hash` but the same `slo_etag`: that is what is
 * compared. A dynamic large object cannot be told from the listing: its row is
 * the manifest itself (0 bytes, the MD5 of nothing), so two DLOs compare as
 * their manifests do. An SLO and a plain object never compare the same: an
 * SLO's ETag is a digest of its segments' MD5s, not of its bytes.
 */
export function comparedObject(row: ListedObject): ComparedObject {
  const largeObject = row.slo_etag !== undefined;
  return {
    bytes: row.bytes,
    etag: largeObject ? unquote(row.slo_etag ?? '') : unquote(row.hash),
    contentType: row.content_type,
    lastModified: row.last_modified,
    largeObject,
  };
}

export const sameContent = (a: ComparedObject, b: ComparedObject): boolean => a.bytes === b.bytes && a.etag === b.etag;
