/** Domain types shared by the main process and the renderer. Nothing secret lives here. */
import type { ArchiveFormat } from './archive-formats';
import type { ObjectHeaders } from './object-headers';
import type { PolicyUsage } from './storage-policies';
import type { ContainerVersioning } from './versions';

export type Metadata = Record<string, string>;

export interface Region {
  name: string;
  /** The object-store endpoint of this region, `{base}/v1/<account>`; not a secret. */
  endpoint: string;
}

export interface SessionInfo {
  /** Who is signed in, for display. */
  userName: string;
  tenantName: string | undefined;
  authUrl: string;
  regions: Region[];
  /** ISO time the token expires; the main process renews it before then. */
  expiresAt: string | undefined;
}

/**
 * An account's or a container's temporary URL signing keys as the page sees
 * them: masked ("••••••••3f9a"), or null when unset. The keys themselves stay
 * in the main process, which signs the links.
 */
export interface TempUrlKeys {
  first: string | null;
  second: string | null;
}

export interface Account {
  containerCount: number;
  objectCount: number;
  bytesUsed: number;
  /** Keys in lower case, as Swift returns them; the temporary URL keys are not among them. */
  metadata: Metadata;
  tempUrlKeys: TempUrlKeys;
  /** The figures per storage policy (see shared/storage-policies.ts policyUsage). */
  policies: PolicyUsage[];
}

export interface ContainerSummary {
  name: string;
  objectCount: number;
  bytesUsed: number;
  lastModified: string | undefined;
}

export interface ContainerPage {
  containers: ContainerSummary[];
  /** Marker for the next page, or undefined when this page was the last. */
  nextMarker: string | undefined;
}

/** X-Container-Read parsed: `.r:` referrers, `.rlistings`, and account/user grants. */
export interface ReadAcl {
  referrers: string[];
  listings: boolean;
  accounts: string[];
}

export interface Container {
  name: string;
  objectCount: number;
  bytesUsed: number;
  /** Keys in lower case, as Swift returns them; the temporary URL keys are not among them. */
  metadata: Metadata;
  tempUrlKeys: TempUrlKeys;
  /** True when anyone may read objects (`.r:*`); listing may still be private (see readAcl.listings). */
  anybodyRead: boolean;
  readAcl: ReadAcl;
  /** The raw X-Container-Read / X-Container-Write values, '' when unset. */
  read: string;
  write: string;
  versioning: ContainerVersioning;
  /** The storage policy Swift keeps it in (`X-Storage-Policy`), fixed when it was made; undefined if not sent. */
  storagePolicy: string | undefined;
}

/** One object as a container listing shows it (Swift's own field names). */
export interface ObjectEntry {
  name: string;
  hash: string;
  bytes: number;
  content_type: string;
  last_modified: string;
  /** Set by Swift on a static large object's manifest only: it tells a large object from a listing alone. */
  slo_etag?: string;
}

/** A pseudo-folder in a listing made with a delimiter. */
export interface SubdirEntry {
  subdir: string;
}

export type ListingEntry = ObjectEntry | SubdirEntry;

export interface ObjectListing {
  /** The container's own data, read from the same listing response's headers. */
  container: Container;
  entries: ListingEntry[];
  /** Marker for the next page, or undefined when this page was empty (the end). */
  nextMarker: string | undefined;
}

/** A large object among those about to be deleted, and what its delete takes with it. */
export interface LargeObjectParts {
  name: string;
  kind: 'slo' | 'dlo';
  /** Segments deleted with it (0 when it owns none), and their bytes. */
  segments: number;
  bytes: number;
  /** Where its segments are, `<container>/<prefix>`, as the confirmation names them. */
  location: string;
  /** False for a DLO over a prefix it does not own (hand-made): its segments stay. */
  owned: boolean;
}

/** Whether a local file holds what an object holds, as checked against Swift's own checksums. */
export type VerifyReport =
  /** `parts`: pieces compared (1 for a plain object, else its segments); `unchecked`: pieces Swift gave no MD5 for. */
  | { outcome: 'same'; bytes: number; parts: number; unchecked: number }
  /** `why`: where, in a sentence (the sizes, or the first segment and bytes that differ). */
  | { outcome: 'differs'; why: string }
  | { outcome: 'unknown'; why: string };

export type ManifestKind = 'plain' | 'slo' | 'dlo' | 'symlink';

export interface ObjectInfo {
  container: string;
  name: string;
  bytes: number;
  etag: string;
  contentType: string;
  lastModified: string;
  metadata: Metadata;
  manifest: ManifestKind;
  /** ISO time Swift deletes the object (its X-Delete-At); undefined when it does not expire. */
  deleteAt: string | undefined;
  /** Content-Disposition, -Encoding, -Language and Cache-Control where set (Content-Type is contentType). */
  headers?: ObjectHeaders;
  /** What a symlink points at (its X-Symlink-Target), for a symlink only. */
  symlinkTarget?: { container: string; name: string };
}

export interface TransferProgress {
  loaded: number;
  /** Undefined when the size is not known in advance. */
  total: number | undefined;
}

export interface ExtractResult {
  created: number;
  errors: { path: string; status: string }[];
  /** Swift's "Response Status", e.g. "201 Created". */
  status: string;
}

/** What emptying a container did. */
export interface EmptyContainerResult {
  deleted: number;
  /** Listed, but already gone when deleted (someone else deleted them meanwhile). */
  notFound: number;
  containerDeleted: boolean;
}

export interface BulkDeleteResult {
  deleted: number;
  notFound: number;
  errors: { path: string; status: string }[];
}

/** How the main process can keep a saved secret: the OS keychain, or only plain text (Linux without a keyring). */
export type SecretStorage = 'os' | 'plain-text' | 'unavailable';

/** A saved connection as the renderer sees it: every field but the secret. */
export interface ProfileSummary {
  id: string;
  name: string;
  authUrl: string;
  authVersion: '1' | '2' | '3';
  userName: string;
  tenantName: string | undefined;
  tenantId: string | undefined;
  userDomain: string | undefined;
  projectDomain: string | undefined;
  secretKind: 'password' | 'apiKey' | 'applicationCredential';
  /** The application credential's id (not secret). */
  applicationCredentialId: string | undefined;
  /** Whether a secret is saved, so connecting needs no typing. */
  hasSecret: boolean;
  /** The region last picked with this profile. */
  lastRegion: string | undefined;
}

export interface ArchivePreview {
  format: ArchiveFormat;
  /** Regular files, which become objects. */
  memberCount: number;
  totalBytes: number;
  /** The first members, in archive order, as they would be named in the container. */
  firstMembers: { name: string; bytes: number }[];
  /** Members the service would refuse, and why. */
  rejected: { name: string; reason: string }[];
  /** Objects that already exist and would be replaced. */
  overwrites: string[];
  /** All rejected members; `rejected` lists only the first of them. */
  rejectedCount: number;
  /** All existing objects found; `overwrites` lists only the first of them. */
  overwriteCount: number;
  /** Names whose existence was not checked, because the check is bounded; 0 when every name was. */
  overwritesUnchecked: number;
  /** Directories, links and other members that are not files, which Swift skips. */
  skippedCount: number;
  /** Set when the file's name suggests another format than its content (the content wins). */
  formatNote: string | undefined;
}

/** What moving a folder (every object under its prefix) did. */
export interface MoveFolderResult {
  moved: number;
  failed: { name: string; message: string }[];
}

/** A temporary URL the main process signed. */
export interface TempUrl {
  url: string;
  /** ISO time the link stops working. */
  expiresAt: string;
}
