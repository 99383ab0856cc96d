/**
 * Signs temporary URLs as Swift's tempurl middleware checks them (Swift 2.30,
 * swift/common/middleware/tempurl.py and swift/common/digest.py get_hmac): an
 * HMAC, keyed with a Temp-URL-Key of the account or the container, over
 *
 *     [ip=<range>\n]<METHOD>\n<expires>\n<path>
 *
 * where `path` is `/v1/<account>/<container>/<object>` with the names as
 * text (not %-encoded), or `prefix:/v1/<account>/<container>/<prefix>` for a
 * link to every object whose name starts with the prefix. SHA-1 and SHA-256
 * signatures go as hex; a SHA-512 one must go as `sha512:<base64>` (Swift
 * accepts the URL-safe alphabet and no padding).
 */
import { createHmac } from 'node:crypto';
import type { TempUrl } from '../../../shared/domain';
import { ipRangeProblems, MAX_LINK_SECONDS, type TempUrlDigest, type TempUrlMethod } from '../../../shared/temp-url';
import { StorageError } from '../errors';
import { getLimits } from '../info';
import { containerPath, objectPath } from '../paths';
import type { StorageSession } from '../session';
import { readTempUrlKeys } from './keys';
import { assertNoProblems } from '../validate';

export type LinkTarget = { kind: 'object'; name: string } | { kind: 'prefix'; prefix: string };

export interface TempUrlRequest {
  container: string;
  target: LinkTarget;
  method: TempUrlMethod;
  /** Unix seconds. */
  expiresAt: number;
  /** One address or a CIDR network the link works from; absent, from anywhere. */
  ipRange?: string | undefined;
  digest: TempUrlDigest;
  /** Whose key signs: the account's (valid for all its containers) or this container's. */
  keyScope: 'account' | 'container';
}

export interface SignInput {
  method: TempUrlMethod;
  expiresAt: number;
  /** `/v1/…` or `prefix:/v1/…`, names as text. */
  path: string;
  ipRange?: string | undefined;
  digest: TempUrlDigest;
  key: string;
}

/** The `temp_url_sig` value for one link. */
export function tempUrlSignature({ method, expiresAt, path, ipRange, digest, key }: SignInput): string {
  const body = [...(ipRange ? [`ip=${ipRange}`] : []), method, String(expiresAt), path].join('\n');
  const hmac = createHmac(digest, Buffer.from(key, 'utf8')).update(Buffer.from(body, 'utf8'));
  return digest === 'sha512' ? `sha512:${hmac.digest('base64url')}` : hmac.digest('hex');
}

/**
 * The endpoint's path from `/v1/` on, decoded: what Swift's proxy sees as the
 * account part of the path (a path before `/v1`, such as a reverse proxy's, is
 * not part of what it signs).
 */
export function signedAccountPath(endpoint: string): string {
  const pathname = new URL(endpoint).pathname.replace(/\/+$/, '');
  const v1 = pathname.search(/\/v1(\/|$)/);
  return decodeURIComponent(v1 >= 0 ? pathname.slice(v1) : pathname);
}

/** The link itself: the endpoint joined as text (like every storage request), then the query Swift reads. */
export function buildTempUrl(endpoint: string, req: TempUrlRequest, key: string): string {
  const { container, target } = req;
  const account = signedAccountPath(endpoint);
  const path =
    target.kind === 'object'
      ? `${account}/${container}/${target.name}`
      : `prefix:${account}/${container}/${target.prefix}`;
  const query = new URLSearchParams({
    temp_url_sig: tempUrlSignature({ ...req, path, key }),
    temp_url_expires: String(req.expiresAt),
  });
  if (target.kind === 'prefix') query.set('temp_url_prefix', target.prefix);
  if (req.ipRange) query.set('temp_url_ip_range', req.ipRange);
  // A prefix link points at the prefix: the person adds an object's name after it.
  const where =
    target.kind === 'object'
      ? objectPath(container, target.name)
      : target.prefix === ''
        ? `${containerPath(container)}/`
        : objectPath(container, target.prefix);
  return `${endpoint}/${where}?${query.toString()}`;
}

/** Checks the request against what the region offers, reads the key and signs; the key never leaves. */
export async function makeTempUrl(
  session: StorageSession,
  region: string,
  req: TempUrlRequest,
  signal?: AbortSignal,
): Promise<TempUrl> {
  const what = 'Cannot make the link';
  const support = (await getLimits(session, region, signal)).tempUrl;
  if (!support) throw new StorageError('invalid_input', `${what}: the region ${region} offers no temporary URLs.`);
  const refuse = (message: string): never => {
    throw new StorageError('invalid_input', `${what}: ${message}`);
  };
  if (!support.methods.includes(req.method)) refuse(`the region does not allow ${req.method} links.`);
  if (!support.digests.includes(req.digest)) refuse(`the region does not accept ${req.digest} signatures.`);
  if (req.ipRange)
    assertNoProblems(
      ipRangeProblems(req.ipRange).map((message) => ({ field: 'ipRange', message })),
      what,
    );
  const now = Math.floor(Date.now() / 1000);
  if (req.expiresAt <= now) refuse('it would have expired already.');
  // A minute's grace: the page counted from its own "now", a moment before this one.
  if (req.expiresAt - now > MAX_LINK_SECONDS + 60) refuse('a link can last at most a year.');
  const scope =
    req.keyScope === 'account'
      ? ({ kind: 'account' } as const)
      : ({ kind: 'container', container: req.container } as const);
  const [first, second] = await readTempUrlKeys(session, region, scope, signal);
  // The first key is the newest (rotation puts new keys there); the second signs only when it is alone.
  const whose = req.keyScope === 'account' ? 'the account' : `the container "${req.container}"`;
  const key = first ?? second ?? refuse(`${whose} has no temporary URL key: set one first.`);
  return {
    url: buildTempUrl(session.region(region).endpoint, req, key),
    expiresAt: new Date(req.expiresAt * 1000).toISOString(),
  };
}
