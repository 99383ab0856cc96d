// The door of the sync room: a local folder compared with a container or a folder in it, and the plan checked again before it runs. Code outside the room imports only this file.
export { compareFolder, type CompareFolderOptions } from './compare';
export { compareFolderPaged } from './paged-compare';
export { DifferenceFiles } from './differences-file';
export { DigestCache, hashPieces, type PieceHasher } from './digest-cache';
export { prepareSync, type PrepareOptions } from './prepare';
export { saveSyncExcludes, syncExcludesOf } from './excludes-store';
export { lastSyncedOf, recordSynced, type SyncPair } from './last-sync-store';
