/**
 * Object versioning, as Swift offers it: the current mode
 * (`X-Versions-Enabled`, Swift 2.24 and later) and the two legacy modes of
 * the versioned_writes middleware, which copy old versions into another
 * container. Pure rules and types; the calls are in the main process.
 */

/** A container's versioning as its headers tell it. */
export interface ContainerVersioning {
  /** `X-Versions-Enabled`: true, false (was on, now suspended: old versions stay), undefined (never set). */
  enabled: boolean | undefined;
  /** A legacy mode, when `X-Versions-Location` or `X-History-Location` is set. */
  legacy: LegacyVersioning | undefined;
}

/**
 * `stack` (X-Versions-Location): a DELETE brings the previous version back.
 * `history` (X-History-Location): a DELETE keeps every version and leaves a marker.
 */
export interface LegacyVersioning {
  mode: 'stack' | 'history';
  /** The container that receives the old versions. */
  location: string;
}

/** One version of an object from a `?versions` listing, newest first. */
export interface ObjectVersion {
  versionId: string;
  bytes: number;
  etag: string;
  contentType: string;
  lastModified: string;
  /** The version a plain GET returns; a delete marker when the object reads as deleted. */
  isLatest: boolean;
  /** A DELETE's record: no contents, and while latest the object answers 404. */
  deleteMarker: boolean;
}

export interface ObjectVersions {
  versions: ObjectVersion[];
  /** More versions exist than the list holds (it stops at VERSIONS_LISTED). */
  more: boolean;
}

/** The most versions listed for one object: enough for a person to scroll through. */
export const VERSIONS_LISTED = 1000;

/** What Swift writes as the content type of a delete marker. */
export const isDeleteMarkerType = (contentType: string): boolean =>
  /^application\/x-deleted;.*\bswift_versions_deleted=1\b/.test(contentType);

/**
 * A version id as Swift makes them: a normalized timestamp, sometimes with an
 * offset ("1795615744.12330", "1795615744.12330_0000000000000001"), or "null"
 * for an object written before versioning was turned on and not changed
 * since. Anything else would be a different request.
 */
export const VERSION_ID = /^(null|\d{10}\.\d{5}(_[0-9a-f]{16})?)$/;

/** The one-sentence difference between the modes, shown beside the choice. */
export const VERSIONING_EXPLAINED = {
  current:
    'Every overwrite and delete keeps the previous version in this container; any version can be downloaded, restored or deleted.',
  stack:
    'Legacy "versions location": old versions go to another container, and deleting the object brings the previous version back.',
  history:
    'Legacy "history location": old versions go to another container, and deleting the object keeps them all and leaves a marker.',
} as const;

/** What a change of a container's versioning asks: the current mode on or off, or a legacy location set or cleared. */
export type VersioningChange =
  | { kind: 'current'; enabled: boolean }
  | { kind: 'legacy'; mode: 'stack' | 'history'; location: string }
  | { kind: 'legacyOff' };
