// Comparing a local folder with a container or a folder in it: a long operation, followed and cancelled by id.
import fs from 'node:fs';
import path from 'node:path';
import type { Responses } from '../../../shared/contract/sync';
import {
  compareFolderPaged,
  lastSyncedOf,
  prepareSync,
  recordSynced,
  saveSyncExcludes,
  syncExcludesOf,
} from '../../storage/sync';
import { requireSession as s, type MainState, type Ops } from '../main-state';
import { progressOf } from '../progress';

/** The MD5s and HEAD answers a compare keeps, in the app's own data folder, so the next compare reads less. */
const cacheDir = (state: MainState) => path.join(state.deps.userDataDir, 'sync', 'digests');
/** Where the cache was kept whole before it was kept sorted, a file per folder and container: no longer read. */
const formerCacheFile = (state: MainState) => path.join(state.deps.userDataDir, 'sync', 'digests.json');
/** When each folder and place were last synchronized in full: every window reads the same. */
const lastSyncFile = (state: MainState) => path.join(state.deps.userDataDir, 'sync', 'last-sync.json');
/** Each connection profile's exclusion patterns, beside the profiles themselves. */
const excludesFile = (state: MainState) => path.join(state.deps.userDataDir, 'sync', 'excludes.json');

export const operations: Ops<keyof Responses> = {
  async compareFolder({ operationId, region, container, prefix, folder, excludes }, state, signal) {
    // The grant first: a folder the person did not choose is refused before anything else is looked at.
    const real = await state.grants.requireFolder(folder);
    const session = s(state);
    await fs.promises.rm(formerCacheFile(state), { force: true });
    return compareFolderPaged(
      session,
      region,
      {
        container,
        prefix: prefix ?? '',
        folder: real,
        excludes,
        cacheDir: cacheDir(state),
        signal,
        onProgress: progressOf(state, operationId),
      },
      state.differences,
    );
  },
  // Only by the id this window's own compare answered: the page never names the file.
  differencesPage: ({ comparison, offset }, state) => state.differences.page(comparison, offset),
  async discardDifferences({ comparison }, state) {
    await state.differences.discard(comparison);
    return true;
  },
  async prepareSync({ region, container, prefix, folder, actions }, state, signal) {
    const real = await state.grants.requireFolder(folder);
    const session = s(state);
    const prepared = await prepareSync(session, region, {
      container,
      prefix: prefix ?? '',
      folder: real,
      actions,
      signal,
    });
    // Files inside the folder the person chose, checked just now: the page may upload them as any chosen file.
    state.grants.grantFiles(prepared.uploads.map((u) => u.filePath));
    return prepared;
  },
  async lastSynced({ region, container, prefix, folder }, state) {
    const real = await state.grants.requireFolder(folder);
    const at = await lastSyncedOf(lastSyncFile(state), { region, container, prefix: prefix ?? '', folder: real });
    return at ?? null;
  },
  async recordSynced({ region, container, prefix, folder, at }, state) {
    const real = await state.grants.requireFolder(folder);
    await recordSynced(lastSyncFile(state), { region, container, prefix: prefix ?? '', folder: real }, at);
    return true;
  },
  getSyncExcludes: ({ profileId }, state) => syncExcludesOf(excludesFile(state), profileId),
  async saveSyncExcludes({ profileId, patterns }, state) {
    await saveSyncExcludes(excludesFile(state), profileId, patterns);
    return true;
  },
};
