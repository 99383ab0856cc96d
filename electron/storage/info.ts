import { z } from 'zod';
import { SWIFT_DEFAULT_LIMITS, type ServiceLimits } from '../../shared/limits';
import { policiesFromInfo } from '../../shared/storage-policies';
import { offeredDigests, TEMP_URL_METHODS, type TempUrlSupport } from '../../shared/temp-url';
import { untilAborted } from './cancel';
import { StorageError } from './errors';
import { errorFromResponse, isSuccess, send } from './http';
import type { StorageSession } from './session';

const infoDocument = z.looseObject({
  swift: z.looseObject({}).default({}),
  bulk_upload: z.looseObject({}).optional(),
  bulk_delete: z.looseObject({ max_deletes_per_request: z.number().optional() }).optional(),
  slo: z
    .looseObject({ max_manifest_segments: z.number().optional(), min_segment_size: z.number().optional() })
    .optional(),
  tempurl: z
    .looseObject({ methods: z.array(z.string()).optional(), allowed_digests: z.array(z.string()).optional() })
    .optional(),
  tempauth: z.looseObject({ account_acls: z.boolean().optional() }).optional(),
});

/** Swift's default `methods` for tempurl, when /info leaves them out. */
const DEFAULT_TEMP_URL_METHODS = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'];

function tempUrlSupport(section: z.infer<typeof infoDocument>['tempurl']): TempUrlSupport | undefined {
  if (!section) return undefined;
  const methods = section.methods ?? DEFAULT_TEMP_URL_METHODS;
  return {
    methods: TEMP_URL_METHODS.filter((m) => methods.includes(m)),
    digests: offeredDigests(section.allowed_digests),
  };
}

function numberOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

export function limitsFromInfo(info: unknown): ServiceLimits {
  const doc = infoDocument.parse(info);
  const swift = doc.swift as Record<string, unknown>;
  const d = SWIFT_DEFAULT_LIMITS;
  return {
    maxFileSize: numberOr(swift.max_file_size, d.maxFileSize),
    maxMetaNameLength: numberOr(swift.max_meta_name_length, d.maxMetaNameLength),
    maxMetaValueLength: numberOr(swift.max_meta_value_length, d.maxMetaValueLength),
    maxMetaCount: numberOr(swift.max_meta_count, d.maxMetaCount),
    maxMetaOverallSize: numberOr(swift.max_meta_overall_size, d.maxMetaOverallSize),
    maxObjectNameLength: numberOr(swift.max_object_name_length, d.maxObjectNameLength),
    maxContainerNameLength: numberOr(swift.max_container_name_length, d.maxContainerNameLength),
    containerListingLimit: numberOr(swift.container_listing_limit, d.containerListingLimit),
    accountListingLimit: numberOr(swift.account_listing_limit, d.accountListingLimit),
    maxDeletesPerRequest: numberOr(doc.bulk_delete?.max_deletes_per_request, d.maxDeletesPerRequest),
    bulkUpload: doc.bulk_upload !== undefined,
    bulkDelete: doc.bulk_delete !== undefined,
    sloMaxSegments: numberOr(doc.slo?.max_manifest_segments, d.sloMaxSegments),
    sloMinSegmentSize: numberOr(doc.slo?.min_segment_size, d.sloMinSegmentSize),
    tempUrl: tempUrlSupport(doc.tempurl),
    storagePolicies: policiesFromInfo(swift.policies),
    accountAcls: doc.tempauth?.account_acls === true,
  };
}

/** `/info` lives at the endpoint's root, not under `/v1/<account>`. */
export function infoUrl(endpoint: string): string {
  const url = new URL(endpoint);
  const v1 = url.pathname.search(/\/v1(\/|$)/);
  url.pathname = `${v1 >= 0 ? url.pathname.slice(0, v1) : ''}/info`;
  url.search = '';
  return url.toString();
}

const cache = new WeakMap<StorageSession, Map<string, Promise<ServiceLimits>>>();

/**
 * The region's limits, read once per session (a failed read is not cached).
 * The one shared read runs under no caller's signal, so a caller who cancels
 * stops waiting without cancelling the read for the others waiting on it.
 */
export function getLimits(session: StorageSession, region: string, signal?: AbortSignal): Promise<ServiceLimits> {
  let regions = cache.get(session);
  if (!regions) cache.set(session, (regions = new Map()));
  let limits = regions.get(region);
  if (!limits) {
    limits = fetchLimits(session, region);
    regions.set(region, limits);
    limits.catch(() => regions.delete(region));
  }
  return untilAborted(limits, signal);
}

async function fetchLimits(session: StorageSession, region: string): Promise<ServiceLimits> {
  const { endpoint } = session.region(region);
  const res = await send({
    method: 'GET',
    url: infoUrl(endpoint),
    region: { name: region, endpoint },
    headers: { accept: 'application/json' },
  });
  if (!isSuccess(res)) throw errorFromResponse(res, `Reading the limits of ${region}`);
  try {
    return limitsFromInfo(JSON.parse(res.text));
  } catch (err) {
    throw new StorageError('server', `Reading the limits of ${region} failed: /info is not the JSON Swift sends.`, {
      cause: err,
    });
  }
}
