/**
 * Swift's quotas as plain rules, shared by the main process and the page:
 * reading them from metadata (container_quotas reads `Quota-Bytes` and
 * `Quota-Count`, account_quotas reads `Quota-Bytes`), how full a quota is for
 * the bar, whether new bytes or objects would go over it, and reading a size
 * a person typed ("10 MB", "1.5 GiB").
 */
import type { Metadata } from './domain';

export const QUOTA_BYTES_KEY = 'quota-bytes';
export const QUOTA_COUNT_KEY = 'quota-count';

/** A quota as Swift enforces it; undefined where none is set. */
export interface Quota {
  bytes?: number;
  count?: number;
}

/** What a container or account holds now. */
export interface Usage {
  bytesUsed: number;
  objectCount: number;
}

/** What an upload or extraction would add. */
export interface Addition {
  addBytes: number;
  addCount: number;
}

/** The largest limit taken as a number: beyond it a double no longer holds every whole number. */
const WHOLE = /^\d{1,15}$/;

/**
 * A metadata value as a limit. The middleware calls int() on it and refuses
 * writes only when that works; a value it cannot read (or a negative one,
 * never exceeded) limits nothing, so it counts as no quota here too.
 */
export function parseLimit(value: string | undefined): number | undefined {
  const text = value?.trim();
  return text !== undefined && WHOLE.test(text) ? Number(text) : undefined;
}

/** The quotas among a container's or an account's metadata (keys in lower case, as Swift returns them). */
export function quotaOf(metadata: Metadata): Quota {
  const bytes = parseLimit(metadata[QUOTA_BYTES_KEY]);
  const count = parseLimit(metadata[QUOTA_COUNT_KEY]);
  return { ...(bytes === undefined ? {} : { bytes }), ...(count === undefined ? {} : { count }) };
}

export const hasQuota = (quota: Quota): boolean => quota.bytes !== undefined || quota.count !== undefined;

/** How full a quota is, for a bar: the fraction is capped at 1, `over` says when use is past the limit. */
export interface QuotaUse {
  used: number;
  limit: number;
  fraction: number;
  percent: number;
  over: boolean;
}

export function quotaUse(used: number, limit: number): QuotaUse {
  const safeUsed = Math.max(0, used);
  // A limit of 0 takes nothing: anything used fills it, nothing used leaves it empty.
  const fraction = limit > 0 ? Math.min(1, safeUsed / limit) : safeUsed > 0 ? 1 : 0;
  return { used: safeUsed, limit, fraction, percent: Math.round(fraction * 100), over: safeUsed > limit };
}

/** Which limits the addition would go past: bytes, count, both or neither. */
export interface Excess {
  bytes: boolean;
  count: boolean;
}

/**
 * Whether adding would go past the quota, as the middleware checks it: new
 * bytes on top of the bytes used must stay within Quota-Bytes, one more
 * object within Quota-Count. Overwrites are counted as new: the figures
 * cannot tell, so the warning errs on the side of asking.
 */
export function wouldExceed(usage: Usage, quota: Quota, add: Addition): Excess {
  return {
    bytes: quota.bytes !== undefined && add.addBytes > 0 && usage.bytesUsed + add.addBytes > quota.bytes,
    count: quota.count !== undefined && add.addCount > 0 && usage.objectCount + add.addCount > quota.count,
  };
}

export const exceedsAny = (excess: Excess): boolean => excess.bytes || excess.count;

const UNIT_FACTORS: Record<string, number> = {
  '': 1,
  b: 1,
  byte: 1,
  bytes: 1,
  k: 1e3,
  kb: 1e3,
  m: 1e6,
  mb: 1e6,
  g: 1e9,
  gb: 1e9,
  t: 1e12,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

/** The largest size a person may type: Swift stores it as text, but beyond this figures stop being exact. */
export const MAX_QUOTA = Number.MAX_SAFE_INTEGER;

/**
 * A size typed by a person, in bytes: "1048576", "10 MB" (decimal, 10,000,000),
 * "1.5 GiB" (binary). A fraction of a byte is rounded down. Undefined when the
 * text is not a size.
 */
export function parseSize(text: string): number | undefined {
  const m = /^(\d+(?:\.\d+)?|\.\d+)\s*([a-z]*)$/i.exec(text.trim().replace(/,/g, ''));
  if (!m) return undefined;
  const factor = UNIT_FACTORS[(m[2] ?? '').toLowerCase()];
  if (factor === undefined) return undefined;
  const bytes = Math.floor(Number(m[1]) * factor);
  return Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** The problem with a typed size or count, '' for none; an empty field means no limit. */
export function limitProblem(text: string, kind: 'bytes' | 'count'): string {
  if (text.trim() === '') return '';
  if (kind === 'bytes') return parseSize(text) === undefined ? 'Enter a size such as 500 MB, 1.5 GiB or 1048576.' : '';
  return parseLimit(text) === undefined ? 'Enter a whole number of objects.' : '';
}

const SIZE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] as const;

/**
 * A size for a message, in the page's binary units with the exact figure
 * beside it: "1 MiB (1,048,576 bytes)". The main process has no page formatter.
 */
export function sizeText(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (unit < SIZE_UNITS.length - 1 && value >= 1024) {
    value /= 1024;
    unit += 1;
  }
  const exact = `${bytes.toLocaleString('en-US')} bytes`;
  if (unit === 0) return exact;
  const rounded = (Math.round(value * 10) / 10).toLocaleString('en-US');
  return `${rounded} ${SIZE_UNITS[unit]} (${exact})`;
}
