/** Domain types shared by the main process and the renderer. Nothing secret lives here. */

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

export interface Account {
  containerCount: number;
  objectCount: number;
  bytesUsed: number;
  /** Keys in lower case, as Swift returns them. */
  metadata: Metadata;
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
