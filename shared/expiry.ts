/**
 * Object expiry: Swift deletes an object at its `X-Delete-At` (Unix seconds).
 * How a person states it (never, in N days, on a date and time), what that
 * comes to in seconds, and what Swift would refuse, checked before sending.
 */

/**
 * The latest `X-Delete-At` Swift keeps as given: it normalises the value to
 * ten digits, so anything later would be stored as another time.
 */
export const MAX_DELETE_AT = 9_999_999_999;
/** The most days "in N days" accepts: a hundred years is already "never" for anyone asking. */
export const MAX_EXPIRY_DAYS = 36_500;
const DAY_SECONDS = 86_400;

/** What the person chose, as typed: `days` and `date` are the inputs' own text. */
export type ExpiryChoice = { kind: 'never' } | { kind: 'days'; days: string } | { kind: 'date'; date: string };

export const NO_EXPIRY: ExpiryChoice = { kind: 'never' };

/** A datetime-local input's value ("2030-01-31T09:30"), read as the person's local time. */
function localTime(text: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return undefined;
  const time = new Date(text).getTime(); // no offset: ECMAScript reads a date-time form as local time
  return Number.isNaN(time) ? undefined : time;
}

/** The whole number of days typed, or undefined when it is not one. */
function wholeDays(text: string): number | undefined {
  return /^\s*\d+\s*$/.test(text) ? Number(text) : undefined;
}

/** Why the choice cannot be saved, given the time now (ms); empty when it can. */
export function expiryProblems(choice: ExpiryChoice, nowMs: number): string[] {
  switch (choice.kind) {
    case 'never':
      return [];
    case 'days': {
      const days = wholeDays(choice.days);
      if (days === undefined) return ['Enter a whole number of days.'];
      if (days < 1) return ['Enter at least 1 day.'];
      if (days > MAX_EXPIRY_DAYS) return [`Enter at most ${MAX_EXPIRY_DAYS} days.`];
      return [];
    }
    case 'date': {
      const time = localTime(choice.date);
      if (time === undefined) return ['Enter a date and a time.'];
      if (time <= nowMs) return ['Choose a time in the future: Swift refuses one that has passed.'];
      if (time / 1000 > MAX_DELETE_AT) return ['Choose a date before the year 2286.'];
      return [];
    }
  }
}

/**
 * The `X-Delete-At` the choice stands for (Unix seconds): null for "never",
 * undefined when it has problems. Rounded up, so a date is never cut short.
 */
export function deleteAtOf(choice: ExpiryChoice, nowMs: number): number | null | undefined {
  if (expiryProblems(choice, nowMs).length > 0) return undefined;
  switch (choice.kind) {
    case 'never':
      return null;
    case 'days':
      return Math.ceil(nowMs / 1000) + Number(choice.days) * DAY_SECONDS;
    case 'date':
      return Math.ceil((localTime(choice.date) ?? 0) / 1000);
  }
}

/** The datetime-local text of a Unix time, in local time: what the date input shows for it. */
export function dateInputValue(deleteAt: number): string {
  const d = new Date(deleteAt * 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** "in 3 days", "in 5 hours", "in 12 minutes", "passed": how far off an expiry is. */
export function untilText(deleteAtMs: number, nowMs: number): string {
  const seconds = Math.round((deleteAtMs - nowMs) / 1000);
  if (seconds <= 0) return 'passed';
  const count = (n: number, unit: string) => `in ${n} ${unit}${n === 1 ? '' : 's'}`;
  // Rounded before choosing the unit: 2 days less the seconds since the clock's last tick is still "in 2 days".
  const days = Math.round(seconds / DAY_SECONDS);
  if (days >= 2) return count(days, 'day');
  const hours = Math.round(seconds / 3600);
  if (hours >= 2) return count(hours, 'hour');
  const minutes = Math.round(seconds / 60);
  if (minutes >= 2) return count(minutes, 'minute');
  return count(seconds, 'second');
}
