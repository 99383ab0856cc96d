import { readJsonObject, writeJsonFile } from './json-file';

/** What was synchronized: a place in Swift and the chosen folder (its real path). */
export interface SyncPair {
  region: string;
  container: string;
  prefix: string;
  folder: string;
}

/** The newest this many pairs are kept: enough for anyone's folders, and the file stays small. */
const KEPT = 1000;

type Saved = Record<string, number>;

const keyOf = (p: SyncPair) => JSON.stringify([p.region, p.container, p.prefix, p.folder]);

/**
 * When a folder and a place in Swift were last synchronized in full
 * (seconds), the line both ways draws between "changed on one side" and
 * "changed on both, a conflict". Kept by the main process in the app's data
 * folder, so every window sees the same time and it outlives the page.
 */
export async function lastSyncedOf(file: string, pair: SyncPair): Promise<number | undefined> {
  const at = (await readJsonObject<Saved>(file))[keyOf(pair)];
  return typeof at === 'number' && Number.isFinite(at) ? at : undefined;
}

/** Records a sync that did everything it was asked; only the newest KEPT pairs stay. */
export async function recordSynced(file: string, pair: SyncPair, at: number): Promise<void> {
  const saved = await readJsonObject<Saved>(file);
  delete saved[keyOf(pair)];
  saved[keyOf(pair)] = at;
  const keys = Object.keys(saved);
  for (const old of keys.slice(0, Math.max(0, keys.length - KEPT))) delete saved[old];
  await writeJsonFile(file, saved);
}
