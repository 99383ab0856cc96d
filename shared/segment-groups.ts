/**
 * Leftover segments: segments of large objects that no
 * manifest in the account uses any more, grouped by the upload that wrote
 * them. Types and wording shared by the main process and the Segments view.
 */

/** What wrote a group, as its names tell (see electron/storage/segments/layouts.ts). */
export type SegmentMaker = 'slo' | 'dlo' | 'rclone' | 'file-segments' | 'unknown';

export const MAKER_LABEL: Record<SegmentMaker, string> = {
  slo: 'SLO (swift client or Cirrus)',
  dlo: 'DLO (swift client)',
  rclone: 'rclone',
  'file-segments': '.file-segments (rclone, Cyberduck)',
  unknown: 'not recognized',
};

/** One upload's leftover segments: every unused object of `container` whose group is `prefix`. */
export interface SegmentGroup {
  container: string;
  /** The segments' names up to their number, e.g. `big.iso/slo/1795637540.852063/2200000/1048576/`. */
  prefix: string;
  madeBy: SegmentMaker;
  /** The object the upload was for, where the layout names it. */
  object: string | undefined;
  /** Segments no manifest uses, and their bytes: what a delete would take. */
  segments: number;
  bytes: number;
  /** The newest of them was written then (ISO): a recent group may be an upload still under way. */
  lastModified: string;
  /** Segments of the same upload that a manifest still uses (these are never deleted). */
  inUse: number;
}

export interface SegmentScan {
  /** Groups that may be deleted, by container then prefix. */
  groups: SegmentGroup[];
  /**
   * Groups that are not offered because their container, or the container they
   * serve, keeps versions: an old version (which no listing shows) may still use them.
   */
  kept: SegmentGroup[];
  /** Containers listed, and manifests (SLO and DLO) read. */
  containers: number;
  manifests: number;
  /** More groups were found than are listed (see MAX_GROUPS). */
  truncated: boolean;
}

/** The most groups one scan lists; the rest are counted in `truncated` and found by the next scan. */
export const MAX_GROUPS = 10_000;

/** The groups a delete names: the main process lists and checks each again itself. */
export interface SegmentGroupRef {
  container: string;
  prefix: string;
}

export interface SegmentReclaim {
  deleted: number;
  bytes: number;
  /** Already gone when deleted (someone else deleted them meanwhile). */
  notFound: number;
  /** Groups not deleted, and why (a manifest uses them now, their container keeps versions, nothing is left). */
  skipped: (SegmentGroupRef & { reason: string })[];
  errors: { path: string; status: string }[];
}

/**
 * What a progress event of the scan and the delete counts: containers listed, empty objects
 * asked about (a DLO's manifest looks like an empty file in a listing), segments deleted.
 */
export type SegmentProgressUnit = 'containers' | 'objects' | 'segments';

/** Written within this long before the scan, a group may belong to an upload still under way. */
export const RECENT_MS = 60 * 60 * 1000;
