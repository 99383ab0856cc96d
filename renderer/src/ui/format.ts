/**
 * Display formatting. One convention throughout: sizes in binary (IEC) units
 * — B, KiB, MiB, … — with at most one decimal; counts with thousands
 * separators. Fixed to en-US so the UI and its tests agree on every machine.
 */
const LOCALE = 'en-US';
const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'] as const;

const countFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const sizeFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });
// One formatter for every call: toLocaleString builds a new one each time, too slow for long lists.
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** 2500 → "2,500" */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

/** (1, 'container') → "1 container"; (2500, 'container') → "2,500 containers" */
export function formatCountOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

/** 1536 → "1.5 KiB"; 0 → "0 B"; 1023 → "1,023 B" */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  // Move up a unit while the rounded figure would read 1,024 or more.
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? countFormat.format(value) : sizeFormat.format(value)} ${UNITS[unit]}`;
}

/** 1536 → "1,536 bytes", for the exact figure behind a rounded one. */
export function formatExactBytes(bytes: number): string {
  return formatCountOf(bytes, 'byte');
}

/** An ISO time for display; unparsable input is shown as given. */
export function formatDateTime(iso: string | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat.format(date);
}

const preciseFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'medium' });

/** With seconds: versions written within the same minute must read apart. */
export function formatDateTimeSeconds(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : preciseFormat.format(date);
}
