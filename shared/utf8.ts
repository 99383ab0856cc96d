/** UTF-8 facts about JavaScript strings, for shared/ (which has neither TextEncoder nor Buffer). */

/** UTF-8 length without TextEncoder, which shared/ (neither DOM nor Node) does not have. */
export function byteLength(s: string): number {
  let bytes = 0;
  for (const char of s) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/**
 * A lone UTF-16 surrogate cannot be encoded as UTF-8: encodeURIComponent
 * throws on it and URLSearchParams silently turns it into U+FFFD, so such a
 * string must be refused, never sent (not even changed).
 */
export const isWellFormed = (s: string): boolean =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
