/**
 * A file's modification time as object metadata: `X-Object-Meta-Mtime`, the
 * key the swift CLI writes and reads (python-swiftclient's service.py) and
 * rclone's swift backend reads, so a file's time survives a trip through Swift
 * whichever of them moved it.
 *
 * The swift CLI writes `"%f" % os.path.getmtime(path)`: seconds since the
 * epoch with six decimals, from Python's float `st_mtime`, which CPython builds
 * as `tv_sec + tv_nsec * 1e-9` in doubles (posixmodule.c's fill_time), and
 * `%f` rounds that double's exact value half to even. The same steps here give
 * the same text to the last digit, so `swift upload --changed`, which compares
 * the text, sees a file Cirrus sent as unchanged.
 *
 * It reads it with `float(value)` and sets the file's access and modification
 * times to it; a value float() refuses is ignored ("couldn't trust it anyway").
 */

/** The metadata key (Swift answers it as `X-Object-Meta-Mtime`; Cirrus shows keys lower case). */
export const MTIME_KEY = 'mtime';

const NS_PER_SECOND = 1_000_000_000n;

/** The swift CLI's text for a modification time given in nanoseconds since the epoch (fs.Stats with bigint). */
export function swiftMtime(mtimeNs: bigint): string {
  // tv_sec and tv_nsec as the kernel gives them: the nanoseconds are never negative.
  let seconds = mtimeNs / NS_PER_SECOND;
  let nanoseconds = mtimeNs % NS_PER_SECOND;
  if (nanoseconds < 0n) {
    nanoseconds += NS_PER_SECOND;
    seconds -= 1n;
  }
  return formatSixDecimals(Number(seconds) + Number(nanoseconds) * 1e-9);
}

/**
 * The seconds an `X-Object-Meta-Mtime` value says, or undefined when it is
 * absent or no number: a decimal number, as float() takes it (surrounding
 * white space, a sign, an exponent), finite and within the dates a file
 * system can hold. "inf" and "nan", which float() takes, are refused: no file
 * can have that time.
 */
export function parseSwiftMtime(value: string | null | undefined): number | undefined {
  const text = value?.trim();
  if (!text || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return undefined;
  const seconds = Number(text);
  return Number.isFinite(seconds) && Math.abs(seconds) <= MAX_SECONDS ? seconds : undefined;
}

/** JavaScript's own date range (±100,000,000 days): beyond it no time can be set or shown. */
const MAX_SECONDS = 8.64e12;

/**
 * Python's `"%f" % x`: the exact value of the double, rounded to six decimals
 * half to even. Not `toFixed(6)`, which rounds a tie up: an mtime whose
 * fraction is an odd multiple of 1/128 s is such a tie (0.0078125 s: Python
 * writes .007812, toFixed .007813).
 */
function formatSixDecimals(x: number): string {
  const sign = x < 0 ? '-' : '';
  // Up to 60 decimals is the double's exact value for any time of a second or more from the epoch.
  const [whole = '0', fraction = ''] = Math.abs(x).toFixed(60).split('.');
  const rest = fraction.slice(6);
  let kept = BigInt(whole + fraction.slice(0, 6));
  const half = '5'.padEnd(rest.length, '0');
  if (rest > half || (rest === half && kept % 2n === 1n)) kept += 1n;
  const digits = kept.toString().padStart(7, '0');
  return `${sign}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}
