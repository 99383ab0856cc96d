import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_EXCLUDES } from '../../../shared/sync';

/** A sign-in without a saved connection keeps its patterns under this key. */
const QUICK_SIGN_IN = '';

type Saved = Record<string, string[]>;

async function load(file: string): Promise<Saved> {
  try {
    const parsed: unknown = JSON.parse(await fs.promises.readFile(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Saved;
  } catch {
    // None saved yet, or unreadable: every connection starts from the defaults.
  }
  return {};
}

/** The exclusion patterns saved for a connection profile (or a quick sign-in), else the defaults. */
export async function syncExcludesOf(file: string, profileId: string | undefined): Promise<string[]> {
  const saved = (await load(file))[profileId ?? QUICK_SIGN_IN];
  return Array.isArray(saved) && saved.every((p) => typeof p === 'string') ? saved : [...DEFAULT_EXCLUDES];
}

/** Saves a connection's patterns, written to a temporary file and renamed over the old one. */
export async function saveSyncExcludes(file: string, profileId: string | undefined, patterns: readonly string[]) {
  const saved = await load(file);
  saved[profileId ?? QUICK_SIGN_IN] = [...patterns];
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.promises.writeFile(temp, JSON.stringify(saved));
  await fs.promises.rename(temp, file);
}
