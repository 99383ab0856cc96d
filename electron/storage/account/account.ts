import { z } from 'zod';
import type { Account, ContainerPage } from '../../../shared/domain';
import { StorageError } from '../errors';
import { intHeader, metadataFromHeaders } from '../headers';
import { errorFromResponse, isSuccess } from '../http';
import { getLimits } from '../info';
import { policyUsage } from '../../../shared/storage-policies';
import type { MetadataChange } from '../../../shared/metadata-change';
import { assertMetadataFits, mergingHeaders, metadataPostError } from '../metadata-post';
import { statusAndId } from '../response-parts';
import { maskedKeys, tempUrlKeysFromHeaders, withoutTempUrlKeys } from '../temp-urls';
import type { StorageSession } from '../session';

export async function getAccount(session: StorageSession, region: string, signal?: AbortSignal): Promise<Account> {
  // The policies only name the per-policy figures (the headers lose their case): an /info that
  // cannot be read leaves the names as the headers spell them, and the account is still shown.
  const [res, known] = await Promise.all([
    session.request(region, { method: 'HEAD', path: '', signal }),
    getLimits(session, region, signal).then(
      (limits) => limits.storagePolicies,
      () => [],
    ),
  ]);
  if (res.status < 200 || res.status > 299) throw errorFromResponse(res, 'Reading the account');
  return {
    containerCount: intHeader(res.headers, 'x-account-container-count'),
    objectCount: intHeader(res.headers, 'x-account-object-count'),
    bytesUsed: intHeader(res.headers, 'x-account-bytes-used'),
    metadata: withoutTempUrlKeys(metadataFromHeaders(res.headers, 'x-account-meta-')),
    tempUrlKeys: maskedKeys(tempUrlKeysFromHeaders(res.headers, 'account')),
    policies: policyUsage(res.headers, known),
  };
}

const containerListing = z.array(
  z.object({ name: z.string(), count: z.number(), bytes: z.number(), last_modified: z.string().optional() }),
);

/** Sets and removes account metadata keys in one POST; Swift merges it with the keys already there. */
export async function changeAccountMetadata(
  session: StorageSession,
  region: string,
  change: MetadataChange,
  signal?: AbortSignal,
): Promise<true> {
  await assertMetadataFits(session, region, change, undefined, 'Cannot change the account metadata', signal);
  const res = await session.request(region, {
    method: 'POST',
    path: '',
    headers: mergingHeaders('Account', change),
    signal,
  });
  if (!isSuccess(res)) throw metadataPostError(res, 'Changing the account metadata');
  return true;
}

export interface ListContainersOptions {
  marker?: string | undefined;
  prefix?: string | undefined;
  endMarker?: string | undefined;
  reverse?: boolean | undefined;
  limit?: number | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * One page of the account's containers after `marker`, in Swift's byte order.
 * `nextMarker` is the last name of a non-empty page: only an empty page ends
 * the listing, because Swift may return short pages before the end.
 */
export async function listContainers(
  session: StorageSession,
  region: string,
  opts: ListContainersOptions = {},
): Promise<ContainerPage> {
  const res = await session.request(region, {
    method: 'GET',
    path: '',
    query: {
      format: 'json',
      marker: opts.marker || undefined,
      prefix: opts.prefix || undefined,
      end_marker: opts.endMarker || undefined,
      reverse: opts.reverse || undefined,
      limit: opts.limit,
    },
    headers: { accept: 'application/json' },
    signal: opts.signal,
  });
  if (res.status === 204) return { containers: [], nextMarker: undefined };
  if (res.status < 200 || res.status > 299) throw errorFromResponse(res, 'Listing containers');
  let rows: z.infer<typeof containerListing>;
  try {
    rows = containerListing.parse(JSON.parse(res.text || '[]'));
  } catch (err) {
    throw new StorageError('server', 'Listing containers failed: the service sent a listing Cirrus cannot read.', {
      ...statusAndId(res),
      cause: err,
    });
  }
  const containers = rows.map((r) => ({
    name: r.name,
    objectCount: r.count,
    bytesUsed: r.bytes,
    lastModified: r.last_modified,
  }));
  return { containers, nextMarker: containers.at(-1)?.name };
}
