/**
 * The bandwidth limit as plain rules the main process and the page share: an upload and a download limit
 * (bytes per second, or none), optionally only between two times of day; whether a limit applies at a
 * given minute of the day; how a rate reads ("2 MiB/s"); and the dialog's fields as typed. The token
 * bucket that holds transfers to it is electron/storage/token-bucket.ts; the zod fields,
 * contract/settings.ts.
 */

export interface BandwidthLimits {
  /** All uploads together, in bytes per second; null: no limit. */
  uploadLimit: number | null;
  /** All downloads together, in bytes per second; null: no limit. */
  downloadLimit: number | null;
  /** With `limitTo`, the limits apply only from this local time of day ("HH:MM") to that one; null: always. */
  limitFrom: string | null;
  limitTo: string | null;
}

export type Direction = 'upload' | 'download';

const KiB = 1024;
const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

/**
 * 16 KiB/s: below it a transfer would be held a second or more between its smallest pieces, and the
 * timeouts of Swift's proxy (a client silent for 60 s) come near; 10 GiB/s: more than any link a
 * desktop has, so a larger figure can only be a typo.
 */
export const BANDWIDTH_BOUNDS = { min: 16 * KiB, max: 10 * GiB } as const;

export const NO_BANDWIDTH_LIMITS: BandwidthLimits = {
  uploadLimit: null,
  downloadLimit: null,
  limitFrom: null,
  limitTo: null,
};

/** "HH:MM", 00:00 to 23:59, as an `<input type="time">` gives it. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of an "HH:MM", undefined when it is not one. */
export function minuteOf(time: string): number | undefined {
  const m = TIME_OF_DAY.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** The local minute of the day of a date (the window is the person's wall clock, not UTC). */
export const minuteOfDay = (date: Date): number => date.getHours() * 60 + date.getMinutes();

/**
 * Whether the window holds `minute`: from `limitFrom` (included) to `limitTo` (excluded), wrapping
 * past midnight when `limitTo` is earlier (22:00 to 06:00 is the night). No window: always.
 */
export function inWindow(limits: Pick<BandwidthLimits, 'limitFrom' | 'limitTo'>, minute: number): boolean {
  const from = limits.limitFrom === null ? undefined : minuteOf(limits.limitFrom);
  const to = limits.limitTo === null ? undefined : minuteOf(limits.limitTo);
  if (from === undefined || to === undefined) return true;
  return from <= to ? minute >= from && minute < to : minute >= from || minute < to;
}

/** The limit of one direction that applies at `minute`, null for none. */
export function limitAt(limits: BandwidthLimits, direction: Direction, minute: number): number | null {
  const limit = direction === 'upload' ? limits.uploadLimit : limits.downloadLimit;
  return limit !== null && inWindow(limits, minute) ? limit : null;
}

export type RateUnit = 'KiB/s' | 'MiB/s';
export const RATE_UNITS: readonly RateUnit[] = ['KiB/s', 'MiB/s'];
const UNIT_FACTOR: Record<RateUnit, number> = { 'KiB/s': KiB, 'MiB/s': MiB };

/** A rate as the panel shows it: "2 MiB/s", "1.5 MiB/s", "512 KiB/s". */
export function rateText(bytesPerSecond: number): string {
  const [value, unit] = bytesPerSecond >= MiB ? [bytesPerSecond / MiB, 'MiB/s'] : [bytesPerSecond / KiB, 'KiB/s'];
  return `${Number(value.toFixed(2)).toLocaleString('en-US')} ${unit}`;
}

/** One limit as its two fields show it: the figure and its unit; an empty figure is no limit. */
export interface RateText {
  value: string;
  unit: RateUnit;
}

export function rateFieldText(bytesPerSecond: number | null): RateText {
  if (bytesPerSecond === null) return { value: '', unit: 'MiB/s' };
  const unit: RateUnit = bytesPerSecond >= MiB && bytesPerSecond % (MiB / 4) === 0 ? 'MiB/s' : 'KiB/s';
  return { value: String(Number((bytesPerSecond / UNIT_FACTOR[unit]).toFixed(3))), unit };
}

/** The bytes per second a typed limit means: null for an empty field (no limit), undefined when unreadable. */
export function parseRate(text: RateText): number | null | undefined {
  const value = text.value.trim().replace(/,/g, '');
  if (value === '') return null;
  if (!/^(\d+(\.\d+)?|\.\d+)$/.test(value)) return undefined;
  return Math.round(Number(value) * UNIT_FACTOR[text.unit]);
}

/** The problem with a typed limit, '' for none. */
export function rateProblem(text: RateText, what: string): string {
  const rate = parseRate(text);
  if (rate === null) return '';
  if (rate === undefined) return `Enter the ${what} as a number, such as 2 or 0.5, or leave it empty for no limit.`;
  if (rate < BANDWIDTH_BOUNDS.min) return `The ${what} must be at least 16 KiB/s.`;
  if (rate > BANDWIDTH_BOUNDS.max) return `The ${what} must be at most 10 GiB/s.`;
  return '';
}

/** The dialog's bandwidth fields as the person set them. */
export interface BandwidthText {
  upload: RateText;
  download: RateText;
  /** "Only between" ticked. */
  windowed: boolean;
  from: string;
  to: string;
}

export function bandwidthText(limits: BandwidthLimits): BandwidthText {
  return {
    upload: rateFieldText(limits.uploadLimit),
    download: rateFieldText(limits.downloadLimit),
    windowed: limits.limitFrom !== null && limits.limitTo !== null,
    from: limits.limitFrom ?? '22:00',
    to: limits.limitTo ?? '07:00',
  };
}

export interface BandwidthProblems {
  upload: string;
  download: string;
  window: string;
}

/** Each field's problem ('' for none), and the limits when there is none. */
export function readBandwidthText(text: BandwidthText): {
  problems: BandwidthProblems;
  limits: BandwidthLimits | undefined;
} {
  const problems = {
    upload: rateProblem(text.upload, 'upload limit'),
    download: rateProblem(text.download, 'download limit'),
    window: text.windowed ? windowProblem(text.from, text.to) : '',
  };
  if (Object.values(problems).some(Boolean)) return { problems, limits: undefined };
  return {
    problems,
    limits: {
      uploadLimit: parseRate(text.upload) ?? null,
      downloadLimit: parseRate(text.download) ?? null,
      limitFrom: text.windowed ? text.from : null,
      limitTo: text.windowed ? text.to : null,
    },
  };
}

/** The problem with a window's two times, '' for none. */
export function windowProblem(from: string, to: string): string {
  const start = minuteOf(from);
  const end = minuteOf(to);
  if (start === undefined || end === undefined) return 'Enter both times of day, such as 22:00 and 07:00.';
  if (start === end) return 'The two times must differ.';
  return '';
}
