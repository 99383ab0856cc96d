import type { Container } from '../../../shared/domain';
import { findPolicy, type StoragePolicy } from '../../../shared/storage-policies';
import { containerNameProblems } from '../../../shared/validation';
import { isAnybodyRead, parseReadAcl, PUBLIC_READ_ACL } from './acl';
import { StorageError } from '../errors';
import { decodeHeaderValue, encodeHeaderValue, intHeader, metadataFromHeaders } from '../headers';
import { errorFromResponse, isSuccess, type HttpResponse } from '../http';
import { getLimits } from '../info';
import type { MetadataChange } from '../../../shared/metadata-change';
import { assertMetadataFits, mergingHeaders, metadataPostError } from '../metadata-post';
import { containerPath } from '../paths';
import { statusAndId } from '../response-parts';
import { maskedKeys, tempUrlKeysFromHeaders, withoutTempUrlKeys } from '../temp-urls';
import type { StorageSession } from '../session';
import { assertNoProblems } from '../validate';
import { versioningFromHeaders } from './versioning-headers';

/** A container's data from the headers of a HEAD or a listing GET. */
export function containerFromHeaders(name: string, headers: Headers): Container {
  const read = decodeHeaderValue(headers.get('x-container-read') ?? '');
  const readAcl = parseReadAcl(read);
  return {
    name,
    objectCount: intHeader(headers, 'x-container-object-count'),
    bytesUsed: intHeader(headers, 'x-container-bytes-used'),
    metadata: withoutTempUrlKeys(metadataFromHeaders(headers, 'x-container-meta-')),
    tempUrlKeys: maskedKeys(tempUrlKeysFromHeaders(headers, 'container')),
    anybodyRead: isAnybodyRead(readAcl),
    readAcl,
    read,
    write: decodeHeaderValue(headers.get('x-container-write') ?? ''),
    versioning: versioningFromHeaders(headers),
    storagePolicy: headers.get('x-storage-policy') ?? undefined,
  };
}

/** Turns a container call's non-2xx answer into an error naming the container. */
export function containerError(res: HttpResponse, what: string, container: string): StorageError {
  if (res.status === 404) {
    return new StorageError('not_found', `The container "${container}" does not exist.`, statusAndId(res));
  }
  return errorFromResponse(res, what);
}

export async function getContainer(
  session: StorageSession,
  region: string,
  name: string,
  signal?: AbortSignal,
): Promise<Container> {
  const res = await session.request(region, { method: 'HEAD', path: containerPath(name), signal });
  if (!isSuccess(res)) throw containerError(res, `Reading container "${name}"`, name);
  return containerFromHeaders(name, res.headers);
}

export interface CreateContainerOptions {
  /** A storage policy the region's /info lists (a name or an alias); absent lets Swift use its default. */
  policy?: string | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Creates the container; true if it was new, false if it already existed
 * (Swift answers 202, also when its policy is the one asked for). A policy
 * is fixed when a container is made: asked for another one than it has,
 * Swift answers 409 and changes nothing, which is said as such.
 */
export async function createContainer(
  session: StorageSession,
  region: string,
  name: string,
  { policy, signal }: CreateContainerOptions = {},
): Promise<boolean> {
  const limits = await getLimits(session, region, signal);
  assertNoProblems(containerNameProblems(name, limits), 'Cannot create the container');
  const headers: Record<string, string> = {};
  if (policy !== undefined) headers['X-Storage-Policy'] = storagePolicyToSend(policy, limits.storagePolicies, name);
  const res = await session.request(region, { method: 'PUT', path: containerPath(name), headers, signal });
  if (res.status === 409 && policy !== undefined) throw await policyClash(session, region, name, res, signal);
  if (!isSuccess(res)) throw errorFromResponse(res, `Creating container "${name}"`);
  return res.status === 201;
}

/** The policy as /info spells it; one the region does not offer is refused before sending (Swift: 400). */
function storagePolicyToSend(policy: string, offered: readonly StoragePolicy[], container: string): string {
  // A region whose /info lists no policies (older than Swift 2.0, or a trimmed /info) is left to Swift to judge.
  if (offered.length === 0) return policy;
  const found = findPolicy(offered, policy);
  if (found) return found.name;
  throw new StorageError(
    'invalid_input',
    `Cannot create the container "${container}": this region has no storage policy "${policy}" (it offers ${offered.map((p) => p.name).join(', ')}).`,
  );
}

/**
 * Swift's 409 to a container PUT that names a policy: the container exists
 * under another one (container/server.py compares the policy indexes). Seen
 * on Swift 2.30: another policy, or an alias of one, is a 409 and the
 * container keeps its X-Put-Timestamp; the same policy, or none named, is a
 * 202. Its policy is read back so the message can name it.
 */
async function policyClash(
  session: StorageSession,
  region: string,
  name: string,
  res: HttpResponse,
  signal: AbortSignal | undefined,
): Promise<StorageError> {
  const existing = await getContainer(session, region, name, signal).then(
    (c) => c.storagePolicy,
    () => undefined,
  );
  const which = existing === undefined ? 'another storage policy' : `policy ${existing}`;
  return new StorageError(
    'conflict',
    `A container named "${name}" already exists with ${which}; a container's policy cannot be changed. Nothing was changed.`,
    statusAndId(res),
  );
}

export async function deleteContainer(
  session: StorageSession,
  region: string,
  name: string,
  signal?: AbortSignal,
): Promise<true> {
  const res = await session.request(region, { method: 'DELETE', path: containerPath(name), signal });
  if (res.status === 409) {
    const objects = await getContainer(session, region, name, signal).then(
      (c) => c.objectCount,
      () => undefined,
    );
    const count = objects === undefined ? '' : ` (${objects} object${objects === 1 ? '' : 's'})`;
    throw new StorageError(
      'conflict',
      `The container "${name}" is not empty${count}. Delete its objects first.`,
      statusAndId(res),
    );
  }
  if (!isSuccess(res)) throw containerError(res, `Deleting container "${name}"`, name);
  return true;
}

/** Sets and removes container metadata keys in one POST; Swift merges it with the keys already there. */
export async function changeContainerMetadata(
  session: StorageSession,
  region: string,
  name: string,
  change: MetadataChange,
  signal?: AbortSignal,
): Promise<true> {
  await assertMetadataFits(session, region, change, undefined, `Cannot change the metadata of "${name}"`, signal);
  const res = await session.request(region, {
    method: 'POST',
    path: containerPath(name),
    headers: mergingHeaders('Container', change),
    signal,
  });
  if (res.status === 404) throw containerError(res, `Changing the metadata of "${name}"`, name);
  if (!isSuccess(res)) throw metadataPostError(res, `Changing the metadata of "${name}"`);
  return true;
}

/**
 * Turns public read on (`.r:*,.rlistings`) or off, keeping any account or
 * referrer grants the container already had.
 */
export async function setPublicRead(
  session: StorageSession,
  region: string,
  name: string,
  on: boolean,
  signal?: AbortSignal,
): Promise<Container> {
  const current = await getContainer(session, region, name, signal);
  const kept = current.read
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s !== '.rlistings' && !/^\.r(ef(errer)?)?:\*$/i.test(s));
  const value = (on ? [...kept, PUBLIC_READ_ACL] : kept).join(',');
  const headers: Record<string, string> = value ? { 'X-Container-Read': value } : { 'X-Remove-Container-Read': 'x' };
  const res = await session.request(region, { method: 'POST', path: containerPath(name), headers, signal });
  if (!isSuccess(res)) throw containerError(res, `Changing who can read "${name}"`, name);
  return getContainer(session, region, name, signal);
}

/**
 * Replaces both ACLs in one POST ('' removes one), as checked by the
 * contract (shared/acl-grants.ts); Swift's own check answers 400 with a
 * sentence for anything that slipped through. The answer is the container.
 */
export async function setContainerAcls(
  session: StorageSession,
  region: string,
  name: string,
  acls: { read: string; write: string },
  signal?: AbortSignal,
): Promise<Container> {
  const headers: Record<string, string> = {};
  for (const [which, value] of [
    ['Read', acls.read],
    ['Write', acls.write],
  ] as const) {
    if (value.trim()) headers[`X-Container-${which}`] = encodeHeaderValue(value.trim());
    else headers[`X-Remove-Container-${which}`] = 'x';
  }
  const res = await session.request(region, { method: 'POST', path: containerPath(name), headers, signal });
  if (!isSuccess(res)) throw containerError(res, `Changing who can read and write "${name}"`, name);
  return getContainer(session, region, name, signal);
}
