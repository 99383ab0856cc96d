/**
 * Pure checks of names and metadata against a region's limits, run before
 * anything is sent (by the main process) and as the person types (by the UI).
 * Lengths are UTF-8 byte lengths, as Swift counts them.
 */
import type { ServiceLimits } from './limits';

export interface Problem {
  /** The metadata key or `name` the problem is about. */
  field: string;
  message: string;
}

export type MetadataKind = 'account' | 'container' | 'object';

/** UTF-8 length without TextEncoder, which shared/ (neither DOM nor Node) does not have. */
export function byteLength(s: string): number {
  let bytes = 0;
  for (const char of s) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** A lone UTF-16 surrogate cannot be encoded as UTF-8; Swift would reject the name. */
const isWellFormed = (s: string): boolean =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

function nameProblems(name: string, what: string, maxBytes: number): Problem[] {
  if (name.length === 0) return [{ field: 'name', message: `The ${what} name cannot be empty.` }];
  const problems: Problem[] = [];
  if (!isWellFormed(name)) problems.push({ field: 'name', message: `The ${what} name is not valid Unicode.` });
  if (name.includes('\0'))
    problems.push({ field: 'name', message: `The ${what} name cannot contain a NUL character.` });
  const bytes = byteLength(name);
  if (bytes > maxBytes) {
    problems.push({
      field: 'name',
      message: `The ${what} name is ${bytes} bytes long; this region allows at most ${maxBytes}.`,
    });
  }
  return problems;
}

export function containerNameProblems(name: string, limits: ServiceLimits): Problem[] {
  const problems = nameProblems(name, 'container', limits.maxContainerNameLength);
  if (name.includes('/')) problems.push({ field: 'name', message: 'A container name cannot contain "/".' });
  return problems;
}

export function objectNameProblems(name: string, limits: ServiceLimits): Problem[] {
  return nameProblems(name, 'object', limits.maxObjectNameLength);
}

/** Header-name characters Swift keeps as they are (underscores it would turn into hyphens). */
const KEY_PATTERN = /^[A-Za-z0-9!#$%&'*+.^`|~-]+$/;

/** Problems with one metadata entry, on its own. */
export function metadataEntryProblems(key: string, value: string, limits: ServiceLimits): Problem[] {
  const problems: Problem[] = [];
  if (key.length === 0) return [{ field: key, message: 'The key cannot be empty.' }];
  if (!KEY_PATTERN.test(key)) {
    problems.push({
      field: key,
      message: `The key "${key}" may use only letters, digits, "-" and !#$%&'*+.^\`|~ (no spaces or "_").`,
    });
  }
  const keyBytes = byteLength(key);
  if (keyBytes > limits.maxMetaNameLength) {
    problems.push({
      field: key,
      message: `The key "${key}" is ${keyBytes} bytes long; the limit is ${limits.maxMetaNameLength}.`,
    });
  }
  const valueBytes = byteLength(value);
  if (valueBytes > limits.maxMetaValueLength) {
    problems.push({
      field: key,
      message: `The value of "${key}" is ${valueBytes} bytes long; the limit is ${limits.maxMetaValueLength}.`,
    });
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being refused
  if (/[\0-\x1f\x7f]/.test(value))
    problems.push({ field: key, message: `The value of "${key}" contains a control character.` });
  if (value !== value.trim()) {
    problems.push({
      field: key,
      message: `The value of "${key}" starts or ends with white space, which HTTP would drop.`,
    });
  }
  if (!isWellFormed(value)) problems.push({ field: key, message: `The value of "${key}" is not valid Unicode.` });
  return problems;
}

/** Problems with a whole metadata set as it would stand after saving: each entry, the count and the overall size. */
export function metadataProblems(metadata: Record<string, string>, limits: ServiceLimits): Problem[] {
  const entries = Object.entries(metadata);
  const problems = entries.flatMap(([key, value]) => metadataEntryProblems(key, value, limits));
  const lowered = new Map<string, string>();
  for (const [key] of entries) {
    const lower = key.toLowerCase();
    const earlier = lowered.get(lower);
    if (earlier !== undefined)
      problems.push({
        field: key,
        message: `The keys "${earlier}" and "${key}" are the same to Swift, which ignores case.`,
      });
    else lowered.set(lower, key);
  }
  if (entries.length > limits.maxMetaCount) {
    problems.push({
      field: '',
      message: `${entries.length} metadata entries; this region allows at most ${limits.maxMetaCount}.`,
    });
  }
  const overall = entries.reduce((sum, [key, value]) => sum + byteLength(key) + byteLength(value), 0);
  if (overall > limits.maxMetaOverallSize) {
    problems.push({
      field: '',
      message: `The metadata adds up to ${overall} bytes; this region allows at most ${limits.maxMetaOverallSize}.`,
    });
  }
  return problems;
}
