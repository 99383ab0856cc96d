// The door of the segments room: static and dynamic large objects: planning segments, manifests, replaced and orphan segments, verify. Code outside the room imports only this file.
export { DEFAULT_CONCURRENCY, deleteAll, ensureSegmentContainer } from './segment-container';
export { deleteObjectsWithSegments } from './large-object-delete';
export { deleteOrphanSegments } from './orphan-reclaim';
export { deleteSegments, ownedSegments } from './replaced';
export { largeObjectsAmong } from './large-objects';
export {
  planUpload,
  segmentContainerFor,
  segmentName,
  segmentPrefix,
  segmentRange,
  type UploadLayout,
  type UploadPlan,
} from './segments';
export { scanOrphanSegments } from './orphans';
export { verifyObjectAgainstFile } from './verify';
