/**
 * How large a file the segmented rows can use on this machine. At the worst
 * moment of that group the disk holds three copies of it: the kept local file,
 * one copy in Swift (each upload is removed before the next; the object the
 * downloads read is put there only after the uploads) and one download being
 * checked. Where those live on different file systems each is checked alone.
 */
import fs from 'node:fs';
import path from 'node:path';

const MiB = 1024 * 1024;
/** Room left for everything else on a shared machine: logs, Swift's databases, other sessions. */
export const MARGIN_BYTES = 2 * 1024 * MiB;

export interface Place {
  /** A folder (or a folder to be) on the file system that must take the bytes. */
  dir: string;
  /** Bytes it must take for a file of `mib` MiB. */
  bytes: (mib: number) => number;
}

export interface Sizing {
  mib: number;
  /** Set when the disk could not take the size asked for: why a smaller file is used. */
  shrunk?: string;
}

/** The nearest folder that exists: statfs needs one, and the data folder may not be made yet. */
function existing(dir: string): string {
  let at = path.resolve(dir);
  while (!fs.existsSync(at)) at = path.dirname(at);
  return at;
}

const freeBytes = (dir: string): number => {
  const s = fs.statfsSync(dir);
  return Number(s.bavail) * Number(s.bsize);
};

/** Whether every file system the places are on has room for its share plus the margin. */
export function fits(places: Place[], mib: number): boolean {
  const byDevice = new Map<number, { free: number; need: number }>();
  for (const place of places) {
    const dir = existing(place.dir);
    const dev = fs.statSync(dir).dev;
    const entry = byDevice.get(dev) ?? { free: freeBytes(dir), need: MARGIN_BYTES };
    entry.need += place.bytes(mib);
    byDevice.set(dev, entry);
  }
  return [...byDevice.values()].every((e) => e.need <= e.free);
}

/**
 * The size asked for if it fits, else the largest power-of-two GiB below it
 * that does; an error if not even 1 GiB fits.
 */
export function chooseSize(places: Place[], askedMib: number): Sizing {
  if (fits(places, askedMib)) return { mib: askedMib };
  for (let mib = 2 ** Math.floor(Math.log2(askedMib / 1024)) * 1024; mib >= 1024; mib /= 2) {
    if (mib < askedMib && fits(places, mib)) {
      return { mib, shrunk: `${askedMib} MiB asked; the disk cannot hold it three times over` };
    }
  }
  throw new Error(
    `The disk cannot hold ${askedMib} MiB three times over (the local file, Swift's copy, a download) with ${MARGIN_BYTES / MiB} MiB to spare, nor 1 GiB.`,
  );
}
