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
  return `${cut}… (${text.length} characters)`;
}

/** The first issues of a failed parse, each cut short, and how many more there were. */
export function describeIssues(error: z.ZodError): string {
  const shown = error.issues.slice(0, MAX_ISSUES).map((issue) => {
    const where = issue.path.map((part) => excerpt(String(part), MAX_PATH_PART)).join('.');
    const message = excerpt(issue.message, MAX_TEXT).replace(/\.$/, ''); // the caller adds the one full stop
    return where ? `${where}: ${message}` : message;
  });
  const more = error.issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')}; and ${more} more` : shown.join('; ');
}
