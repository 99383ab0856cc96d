import type { StoragePolicy } from './storage-policies';
import type { TempUrlSupport } from './temp-url';

/** The limits a region publishes in `GET /info` that Cirrus checks before sending. */
export interface ServiceLimits {
  maxFileSize: number;
  maxMetaNameLength: number;
  maxMetaValueLength: number;
  maxMetaCount: number;
  maxMetaOverallSize: number;
  maxObjectNameLength: number;
  maxContainerNameLength: number;
  containerListingLimit: number;
  accountListingLimit: number;
  /** Per `?bulk-delete` request. */
  maxDeletesPerRequest: number;
  /** Whether the region accepts `?extract-archive`. */
  bulkUpload: boolean;
  bulkDelete: boolean;
  /** Static large objects: segments per manifest and the smallest non-final segment. */
  sloMaxSegments: number;
  sloMinSegmentSize: number;
  /** Temporary URLs: the methods and digests /info allows; undefined when the region has no tempurl. */
  tempUrl: TempUrlSupport | undefined;
  /** The storage policies a new container may use (`swift.policies`), in /info's order; [] when /info lists none. */
  storagePolicies: StoragePolicy[];
  /** Whether the auth system keeps account ACLs (`X-Account-Access-Control`): /info's `tempauth.account_acls`. */
  accountAcls: boolean;
}

/** Swift's own defaults, used for any limit a region's /info leaves out. */
export const SWIFT_DEFAULT_LIMITS: ServiceLimits = {
  maxFileSize: 5_368_709_122,
  maxMetaNameLength: 128,
  maxMetaValueLength: 256,
  maxMetaCount: 90,
  maxMetaOverallSize: 4096,
  maxObjectNameLength: 1024,
  maxContainerNameLength: 256,
  containerListingLimit: 10_000,
  accountListingLimit: 10_000,
  maxDeletesPerRequest: 10_000,
  bulkUpload: false,
  bulkDelete: false,
  sloMaxSegments: 1000,
  sloMinSegmentSize: 1,
  tempUrl: undefined,
  storagePolicies: [],
  accountAcls: false,
};

/** The most names one listing call asks for: Swift's default `container_listing_limit`, and what a request may say. */
export const LISTING_LIMIT_MAX = 10_000;
