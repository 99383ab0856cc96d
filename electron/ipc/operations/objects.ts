// Listing, reading, previewing, copying, moving, making and deleting objects.
import type { Responses } from '../../../shared/contract/objects';
import { toListingColumns } from '../../../shared/listing-columns';
import {
  bulkDelete,
  copyObject,
  createFolder,
  createSymlink,
  deleteObject,
  headObject,
  listObjectsReadingAhead,
  moveFolder,
  moveObject,
  previewObject,
} from '../../storage/objects';
import { requireSession as s, type Ops } from '../main-state';
import { progressOf } from '../progress';

export const operations: Ops<keyof Responses> = {
  listObjects: (r, state, signal) =>
    listObjectsReadingAhead(s(state), r.region, r.container, { ...r, signal }).then(toListingColumns),
  headObject: (r, state, signal) => headObject(s(state), r.region, r.container, r.name, signal),
  previewObject: (r, state, signal) => previewObject(s(state), r.region, r.container, r.name, signal),
  copyObject: (r, state, signal) => copyObject(s(state), r.region, { from: r.from, to: r.to, signal }),
  moveObject: (r, state, signal) => moveObject(s(state), r.region, r.from, r.to, signal),
  moveFolder: ({ operationId, region, container, from, to }, state, signal) =>
    moveFolder(s(state), region, { container, from, to, signal, onProgress: progressOf(state, operationId) }),
  createFolder: (r, state, signal) => createFolder(s(state), r.region, r.container, r.prefix, signal),
  deleteObject: (r, state, signal) => deleteObject(s(state), r.region, r.container, r.name, signal),
  bulkDelete: (r, state, signal) => bulkDelete(s(state), r.region, r.items, signal),
  createSymlink: ({ region, container, name, target }, state, signal) =>
    createSymlink(s(state), region, { container, name, target }, signal),
};
