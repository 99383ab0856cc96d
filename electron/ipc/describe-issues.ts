import type { z } from 'zod';

/** How much of the request an error may repeat: the renderer is untrusted, and its input can be huge. */
const MAX_ISSUES = 3;
const MAX_TEXT = 200;
const MAX_PATH_PART = 40;

/**
 * At most `max` characters of `text`, then how long it was. A key of 100,000 characters or a list
 * of a million unknown keys is named by its start, not sent back whole over IPC.
 */
export function excerpt(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  // Never end on half of a surrogate pair: the message must stay well-formed text.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}… (${characters(text)} characters)`;
}

/** Characters as a person counts them: a pair of UTF-16 surrogates is one. */
const characters = (text: string): number => text.length - (text.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g)?.length ?? 0);

/** A lone surrogate (the renderer may send one in an unknown key) as U+FFFD, so the message is well-formed. */
const wellFormed = (text: string): string =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

/** The first issues of a failed parse, each cut short, and how many more there were. */
export function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const where = issue.path.map((part) => excerpt(String(part), MAX_PATH_PART)).join('.');
    const message = excerpt(issue.message, MAX_TEXT).replace(/\.$/, ''); // the caller adds the one full stop
    return where ? `${where}: ${message}` : message;
  });
  const more = error.issues.length - shown.length;
  return wellFormed(more > 0 ? `${shown.join('; ')}; and ${more} more` : shown.join('; '));
}
