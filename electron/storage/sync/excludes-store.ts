import { DEFAULT_EXCLUDES } from '../../../shared/sync';
import { readJsonObject, writeJsonFile } from './json-file';

/** A sign-in without a saved connection keeps its patterns under this key. */
const QUICK_SIGN_IN = '';

type Saved = Record<string, string[]>;

/** The exclusion patterns saved for a connection profile (or a quick sign-in), else the defaults. */
export async function syncExcludesOf(file: string, profileId: string | undefined): Promise<string[]> {
  const saved = (await readJsonObject<Saved>(file))[profileId ?? QUICK_SIGN_IN];
  return Array.isArray(saved) && saved.every((p) => typeof p === 'string') ? saved : [...DEFAULT_EXCLUDES];
}

/** Saves a connection's patterns beside the others'. */
export async function saveSyncExcludes(file: string, profileId: string | undefined, patterns: readonly string[]) {
  const saved = await readJsonObject<Saved>(file);
  saved[profileId ?? QUICK_SIGN_IN] = [...patterns];
  await writeJsonFile(file, saved);
}
