// The door of the objects room: listing, reading, copying, moving and deleting objects. Code outside the room imports only this file.
export { COPY_ANSWER_MS, copyObject, deleteObject, type ObjectRef } from './objects';
export { bulkDelete, type BulkDeleteItem, deleteIndividually } from './bulk-delete';
export { createFolder, moveFolder, moveObject } from './move';
export { createSymlink } from './symlinks';
export { emptyContainer } from './empty-container';
export {
  headObject,
  headObjectResponse,
  isoDate,
  isVersionLink,
  manifestKind,
  objectError,
  objectInfoFromHeaders,
  SYMLINK_ITSELF,
} from './head';
export { iterateObjects, listObjects, type ListObjectsOptions } from './listing';
export { listObjectsReadingAhead } from './listing-read-ahead';
export { objectPagesAhead } from './pages-ahead';
export { previewObject } from './preview';
export { symlinkTargetOf } from './symlink-target';
