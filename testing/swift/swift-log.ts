/**
 * Swift's log as the harness collects it (the identity process receives
 * Swift's syslog and appends to logs/swift.log), read from a byte offset.
 * Only the part asked for is read: a kept harness's log grows to hundreds of
 * MB, and reading it whole on every poll of a journey cost ~0.4 s a poll (the
 * browse journey took 32 s instead of 12).
 */
import fs from 'node:fs';
import path from 'node:path';
import { HARNESS } from './config';

export const swiftLogPath = (): string => path.join(HARNESS.stateDir, 'logs/swift.log');

/** The log's bytes from `since` up to `until` (its end when not given). */
export function readSwiftLog(since: number, until?: number): Buffer {
  const fd = fs.openSync(swiftLogPath(), 'r');
  try {
    const end = Math.min(until ?? Infinity, fs.fstatSync(fd).size);
    const buffer = Buffer.allocUnsafe(Math.max(0, end - since));
    let got = 0;
    while (got < buffer.length) {
      const n = fs.readSync(fd, buffer, got, buffer.length - got, since + got);
      if (n === 0) break;
      got += n;
    }
    return buffer.subarray(0, got);
  } finally {
    fs.closeSync(fd);
  }
}
