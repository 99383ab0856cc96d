/**
 * Swift lists names in the order of their UTF-8 bytes, which is Unicode code
 * point order. JavaScript's `<` compares UTF-16 code units instead, and the
 * two disagree when a name holds a character above U+FFFF (a surrogate pair,
 * D800–DFFF) and another holds one in U+E000–U+FFFF: finding a name among
 * listed rows must use Swift's order, or a search lands on the wrong row.
 */
export function compareNames(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // Only a surrogate against a unit at or above U+E000 orders differently from UTF-16.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys && (xs ? y >= 0xe000 : x >= 0xe000)) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * A marker that lists every name at or after `name` (Swift's marker is
 * exclusive): the name with its last character stepped back by one, then the
 * highest code point, which sorts after anything that could follow it.
 */
export function markerBefore(name: string): string {
  const chars = [...name];
  const last = chars.pop();
  if (last === undefined) return '';
  const code = last.codePointAt(0) ?? 0;
  if (code === 0) return chars.join('');
  // Stepping back onto a surrogate code point would not be a character: step over the block.
  const previous = code - 1 >= 0xd800 && code - 1 <= 0xdfff ? 0xd7ff : code - 1;
  return chars.join('') + String.fromCodePoint(previous) + '\u{10ffff}';
}
