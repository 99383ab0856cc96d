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

// In their own module so that shared/temp-url.ts can use them without importing the limits through here.
export { byteLength, isWellFormed } from './utf8';
import { byteLength, isWellFormed } from './utf8';

/** Problems with any text that ends up in a URL (names, prefixes, markers), whatever the region's limits. */
export function textProblems(text: string, what: string): Problem[] {
  const problems: Problem[] = [];
  if (!isWellFormed(text)) problems.push({ field: 'name', message: `The ${what} is not valid Unicode.` });
  if (text.includes('\0')) problems.push({ field: 'name', message: `The ${what} cannot contain a NUL character.` });
  return problems;
}

/** Sign-in fields (user, tenant, domain): no control characters, which a v1 header cannot carry, and valid Unicode. */
export function signInTextProblems(text: string): Problem[] {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being refused
  if (/[\0-\x1f\x7f]/.test(text)) return [{ field: 'name', message: 'This field cannot contain control characters.' }];
  return isWellFormed(text) ? [] : [{ field: 'name', message: 'This field is not valid Unicode.' }];
}

function shapeProblems(name: string, what: string): Problem[] {
  if (name.length === 0) return [{ field: 'name', message: `The ${what} name cannot be empty.` }];
  return textProblems(name, `${what} name`);
}

/**
 * What makes a string unusable as a container name in any region. A "/" is
 * the dangerous one: sent as %2F, Swift reads `c/o` as container `c`, object
 * `o`, so deleting object `x` of "container c/o" would delete `o/x` of `c`.
 */
export function containerNameShapeProblems(name: string): Problem[] {
  const problems = shapeProblems(name, 'container');
  if (name.includes('/')) problems.push({ field: 'name', message: 'A container name cannot contain "/".' });
  return problems;
}

/** What makes a string unusable as an object name in any region ("/" is fine: pseudo-folders). */
export const objectNameShapeProblems = (name: string): Problem[] => shapeProblems(name, 'object');

function byteProblems(name: string, what: string, maxBytes: number): Problem[] {
  const bytes = byteLength(name);
  if (bytes <= maxBytes) return [];
  return [
    { field: 'name', message: `The ${what} name is ${bytes} bytes long; this region allows at most ${maxBytes}.` },
  ];
}

export function containerNameProblems(name: string, limits: ServiceLimits): Problem[] {
  const problems = containerNameShapeProblems(name);
  return name.length === 0
    ? problems
    : [...problems, ...byteProblems(name, 'container', limits.maxContainerNameLength)];
}

export function objectNameProblems(name: string, limits: ServiceLimits): Problem[] {
  const problems = objectNameShapeProblems(name);
  return name.length === 0 ? problems : [...problems, ...byteProblems(name, 'object', limits.maxObjectNameLength)];
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
  problems.push(...valueProblems(key, `value of "${key}"`, value));
  if (value !== value.trim()) {
    problems.push({
      field: key,
      message: `The value of "${key}" starts or ends with white space, which HTTP would drop.`,
    });
  }
  return problems;
}

/** What a header value can never carry: control characters (CR/LF would forge headers) and lone surrogates. */
function valueProblems(field: string, what: string, value: string): Problem[] {
  const problems: Problem[] = [];
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is being refused
  if (/[\0-\x1f\x7f]/.test(value)) problems.push({ field, message: `The ${what} contains a control character.` });
  if (!isWellFormed(value)) problems.push({ field, message: `The ${what} is not valid Unicode.` });
  return problems;
}

/**
 * What no region accepts in one metadata entry, checked without its limits
 * (by the IPC schema): a key that is not a header name, a value HTTP cannot carry.
 */
export function metadataShapeProblems(key: string, value: string): Problem[] {
  const problems = isHeaderName(key)
    ? []
    : [{ field: key, message: `The key "${key}" may use only letters, digits and !#$%&'*+-.^_\`|~.` }];
  return [...problems, ...valueProblems(key, `value of "${key}"`, value)];
}

/**
 * The most metadata entries one request may carry, whatever the region says:
 * a bound on the work of checking them. Far above Swift's default
 * max_meta_count (90), and at the default max_meta_overall_size (4096 bytes)
 * not even one-byte keys could fill it.
 */
export const MAX_METADATA_ENTRIES = 4096;

const countProblem = (count: number, limits: ServiceLimits): Problem => ({
  field: '',
  message: `${count} metadata entries; this region allows at most ${Math.min(limits.maxMetaCount, MAX_METADATA_ENTRIES)}.`,
});

/** Problems with a whole metadata set as it would stand after saving: each entry, the count and the overall size. */
export function metadataProblems(metadata: Record<string, string>, limits: ServiceLimits): Problem[] {
  const entries = Object.entries(metadata);
  // Far too many: say so once rather than build (and join) a message per entry.
  if (entries.length > MAX_METADATA_ENTRIES) return [countProblem(entries.length, limits)];
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
  if (entries.length > limits.maxMetaCount) problems.push(countProblem(entries.length, limits));
  const overall = entries.reduce((sum, [key, value]) => sum + byteLength(key) + byteLength(value), 0);
  if (overall > limits.maxMetaOverallSize) {
    problems.push({
      field: '',
      message: `The metadata adds up to ${overall} bytes; this region allows at most ${limits.maxMetaOverallSize}.`,
    });
  }
  return problems;
}

/** An HTTP header name (RFC 9110 token): anything else makes the HTTP client throw before sending. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const isHeaderName = (key: string): boolean => HEADER_NAME.test(key);

/**
 * Keys to remove go out as header names (`X-Remove-Container-Meta-<key>`).
 * Swift only ever reports keys that are header names, so nothing else can name a stored key.
 */
export function removeKeyProblems(keys: readonly string[]): Problem[] {
  return keys
    .filter((key) => !isHeaderName(key))
    .map((key) => ({
      field: key,
      message: `"${key}" is not a metadata key: keys use only letters, digits and !#$%&'*+-.^_\`|~.`,
    }));
}

/**
 * A content type given with an upload. Printable ASCII only: a control
 * character (CR, LF, NUL) would break or forge the request's headers, and a
 * media type is ASCII by definition.
 */
export function contentTypeProblems(value: string): Problem[] {
  if (/^[\x20-\x7e]*$/.test(value)) return [];
  return [{ field: 'contentType', message: 'The content type may contain only printable ASCII characters.' }];
}
