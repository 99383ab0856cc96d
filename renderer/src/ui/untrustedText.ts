/**
 * Names of containers and objects come from whoever wrote to the account, so
 * they are shown as text, never markup, and characters that are invisible or
 * reorder text (bidi overrides such as U+202E, which can make "gnp.exe" read
 * as "exe.png") are shown as visible marks instead of taking effect.
 */

/** C0/C1 controls, bidi embeddings, overrides, isolates and marks, zero-width characters and the BOM. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const HIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/u;
const HIDDEN_GLOBAL = new RegExp(HIDDEN.source, 'gu');

export type NamePart = { kind: 'text'; text: string } | { kind: 'hidden'; char: string; code: string };

/** "U+202E" for a character. */
export function codeOf(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Splits a name into plain text and hidden characters, in order; joining the parts gives the name back. */
export function nameParts(name: string): NamePart[] {
  const parts: NamePart[] = [];
  let last = 0;
  for (const match of name.matchAll(HIDDEN_GLOBAL)) {
    if (match.index > last) parts.push({ kind: 'text', text: name.slice(last, match.index) });
    parts.push({ kind: 'hidden', char: match[0], code: codeOf(match[0]) });
    last = match.index + match[0].length;
  }
  if (last < name.length) parts.push({ kind: 'text', text: name.slice(last) });
  return parts;
}

export function hasHiddenCharacters(name: string): boolean {
  return HIDDEN.test(name);
}

/** The name for plain-text places (tooltips, dialog text): hidden characters spelled out as ⟨U+202E⟩. */
export function visibleName(name: string): string {
  return name.replace(HIDDEN_GLOBAL, (char) => `⟨${codeOf(char)}⟩`);
}

/** How many code points stay whole at a long name's end: the extension and a version or date before it. */
const TAIL_CODE_POINTS = 12;

/**
 * A long name cut in two for a middle ellipsis ("quarterly-rep…-2024-v2.pdf"):
 * names that differ only at the end (versions, dates, extensions) stay
 * distinguishable in a narrow column. Short names are not cut. Cuts fall on
 * code points, so a surrogate pair is never split.
 */
export function middleCut(name: string): { head: string; tail: string } | undefined {
  const points = Array.from(name);
  if (points.length <= TAIL_CODE_POINTS * 2) return undefined;
  return { head: points.slice(0, -TAIL_CODE_POINTS).join(''), tail: points.slice(-TAIL_CODE_POINTS).join('') };
}
