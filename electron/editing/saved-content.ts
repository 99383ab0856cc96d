/**
 * Whether the local copy holds something Swift does not have yet. An editor writes a file several
 * times for one save (truncate, write, a rename over it), and some rewrite it unchanged, so a change
 * event alone is not a save: size and modification time say when nothing can have changed, and the
 * MD5 decides when they moved.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { StorageError } from '../storage/errors';

/** What the copy held when it last matched Swift. */
export interface Fingerprint {
  size: number;
  mtimeMs: number;
  md5: string;
}

export async function md5OfFile(filePath: string): Promise<string> {
  const hash = createHash('md5');
  for await (const chunk of createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The copy's fingerprint now; the stat comes first, so a write after it moves the time again. */
export async function fingerprintOf(filePath: string): Promise<Fingerprint> {
  const stat = await fs.stat(filePath);
  return { size: stat.size, mtimeMs: stat.mtimeMs, md5: await md5OfFile(filePath) };
}

/**
 * The copy's fingerprint when it differs from `saved` in content, or undefined when it holds the
 * same bytes (its MD5 is read only when its size or time moved).
 */
export async function changedContent(filePath: string, saved: Fingerprint): Promise<Fingerprint | undefined> {
  const stat = await fs.stat(filePath);
  // Read as a file only what is one: a named pipe put in its place would hold the read forever.
  if (!stat.isFile()) throw new StorageError('invalid_input', `"${path.basename(filePath)}" is no longer a file.`);
  if (stat.size === saved.size && stat.mtimeMs === saved.mtimeMs) return undefined;
  const md5 = await md5OfFile(filePath);
  if (md5 === saved.md5) {
    saved.mtimeMs = stat.mtimeMs; // the same bytes written again: no need to read them next time
    return undefined;
  }
  return { size: stat.size, mtimeMs: stat.mtimeMs, md5 };
}
