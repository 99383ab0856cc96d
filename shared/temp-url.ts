/**
 * Temporary URLs (Swift's tempurl middleware): the rules that need no key.
 * Which metadata keys hold the signing keys, what a key and an IP range may
 * be, and how long a link may live. Signing itself happens in the main
 * process, which alone reads the keys; the page sees them masked.
 */
import { byteLength, isWellFormed } from './utf8';

/** The two keys each account and container may hold (`X-…-Meta-Temp-URL-Key`, `-Key-2`), lower case as Swift lists them. */
export const TEMP_URL_KEYS = ['temp-url-key', 'temp-url-key-2'] as const;
export type TempUrlSlot = 1 | 2;
export const keyOfSlot = (slot: TempUrlSlot): string => TEMP_URL_KEYS[slot - 1]!;

/** Whether a metadata key is one of the signing keys (Swift ignores the case of keys). */
export const isTempUrlKey = (key: string): boolean => (TEMP_URL_KEYS as readonly string[]).includes(key.toLowerCase());

/**
 * The keys are kept out of the metadata editor, which shows values in the
 * clear: a change there that names one is refused, for the account and a
 * container (on an object the name means nothing to Swift).
 */
export function reservedKeyProblems(keys: readonly string[]): string[] {
  return keys
    .filter(isTempUrlKey)
    .map((key) => `"${key}" is a temporary URL key: set it under Temporary URL keys, where it stays masked.`);
}

/** What a typed signing key cannot be: empty, over the region's value limit, or text a header cannot carry. */
export function tempUrlKeyProblems(key: string, maxBytes: number): string[] {
  if (key === '') return ['Enter a key, or generate one.'];
  const problems: string[] = [];
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being refused
  if (/[\0-\x1f\x7f]/.test(key) || !isWellFormed(key))
    problems.push('The key contains characters a header cannot carry.');
  if (key !== key.trim()) problems.push('The key starts or ends with white space, which HTTP would drop.');
  const bytes = byteLength(key);
  if (bytes > maxBytes) problems.push(`The key is ${bytes} bytes long; this region allows at most ${maxBytes}.`);
  return problems;
}

export type TempUrlMethod = 'GET' | 'PUT' | 'HEAD';
export const TEMP_URL_METHODS: readonly TempUrlMethod[] = ['GET', 'PUT', 'HEAD'];
export type TempUrlDigest = 'sha1' | 'sha256' | 'sha512';

/** What a region's /info says of temporary URLs; undefined in ServiceLimits when it has no tempurl. */
export interface TempUrlSupport {
  methods: TempUrlMethod[];
  /** The digests a link may be signed with, strongest last; SHA-1 only where nothing better is offered. */
  digests: TempUrlDigest[];
}

/**
 * The digests to offer, from /info's `tempurl.allowed_digests`: SHA-256 and
 * SHA-512 when allowed; a cluster that lists no digests predates the list
 * and accepts only SHA-1, as does one that allows nothing else.
 */
export function offeredDigests(allowed: readonly string[] | undefined): TempUrlDigest[] {
  if (allowed === undefined) return ['sha1'];
  const strong = (['sha256', 'sha512'] as const).filter((d) => allowed.includes(d));
  if (strong.length > 0) return strong;
  return allowed.includes('sha1') ? ['sha1'] : [];
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function ipv4Bits(text: string): bigint | undefined {
  const parts = IPV4.exec(text)?.slice(1).map(Number);
  if (!parts || parts.some((n) => n > 255)) return undefined;
  return parts.reduce((sum, n) => (sum << 8n) | BigInt(n), 0n);
}

function ipv6Bits(text: string): bigint | undefined {
  if (!/^[0-9a-fA-F:]+$/.test(text) || text.split('::').length > 2) return undefined;
  const [head = '', tail] = text.split('::');
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const all = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  if (all.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return undefined;
  return all.reduce((sum, g) => (sum << 16n) | BigInt(parseInt(g, 16)), 0n);
}

/**
 * Problems with an IP range as Swift reads `temp_url_ip_range` (Python's
 * `ip_network`, strict): one address, or a network in CIDR form whose host
 * bits are all zero ("10.1.0.0/16", not "10.1.2.3/16"). Swift answers 401 to
 * anything else, so it is refused here instead.
 */
export function ipRangeProblems(text: string): string[] {
  const [address = '', prefix, extra] = text.split('/');
  const v4 = ipv4Bits(address);
  const v6 = v4 === undefined ? ipv6Bits(address) : undefined;
  const bits = v4 ?? v6;
  if (bits === undefined || extra !== undefined) {
    return ['Enter an IP address (203.0.113.7) or a network (203.0.113.0/24, 2001:db8::/32).'];
  }
  if (prefix === undefined) return [];
  const width = v4 !== undefined ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > width) {
    return [`The network size after "/" is a number from 0 to ${width}.`];
  }
  const hostBits = BigInt(width - Number(prefix));
  if ((bits & ((1n << hostBits) - 1n)) !== 0n) {
    return [`"${text}" has host bits set: Swift wants the network's first address before "/${prefix}".`];
  }
  return [];
}

/** The longest a link may live: a year. Longer-lived access is a job for an ACL, not a link. */
export const MAX_LINK_SECONDS = 366 * 86_400;

export type LinkUnit = 'minutes' | 'hours' | 'days';
const UNIT_SECONDS: Record<LinkUnit, number> = { minutes: 60, hours: 3600, days: 86_400 };

/** How long a link lives, as typed: for an amount of time from now, or until a date and time (local). */
export type LinkExpiry = { kind: 'for'; amount: string; unit: LinkUnit } | { kind: 'until'; date: string };

function linkExpiresAtOrProblem(choice: LinkExpiry, nowMs: number): number | string {
  const now = Math.floor(nowMs / 1000);
  let at: number;
  if (choice.kind === 'for') {
    if (!/^\s*\d+\s*$/.test(choice.amount) || Number(choice.amount) < 1) return 'Enter a whole number, 1 or more.';
    at = now + Number(choice.amount) * UNIT_SECONDS[choice.unit];
  } else {
    const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(choice.date) ? new Date(choice.date).getTime() : NaN;
    if (Number.isNaN(time)) return 'Enter a date and a time.';
    at = Math.floor(time / 1000);
    if (at <= now) return 'Choose a time in the future.';
  }
  return at - now > MAX_LINK_SECONDS ? 'A link can last at most a year.' : at;
}

/** Why the expiry cannot be used; empty when it can. */
export function linkExpiryProblems(choice: LinkExpiry, nowMs: number): string[] {
  const at = linkExpiresAtOrProblem(choice, nowMs);
  return typeof at === 'string' ? [at] : [];
}

/** The link's `temp_url_expires` (Unix seconds), or undefined when the choice has problems. */
export function linkExpiresAt(choice: LinkExpiry, nowMs: number): number | undefined {
  const at = linkExpiresAtOrProblem(choice, nowMs);
  return typeof at === 'number' ? at : undefined;
}
