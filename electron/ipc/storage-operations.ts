import { deleteAccountMetadata, getAccount, listContainers, updateAccountMetadata } from '../storage/account';
import {
  createContainer,
  deleteContainer,
  deleteContainerMetadata,
  getContainer,
  setPublicRead,
  updateContainerMetadata,
} from '../storage/containers';
import {
  bulkDelete,
  copyObject,
  deleteObject,
  deleteObjectMetadata,
  headObject,
  listObjects,
  updateObjectMetadata,
} from '../storage/objects';
import { requireSession as s, type Ops } from './main-state';

export const storageOperations: Ops<
  | 'getAccount'
  | 'updateAccountMetadata'
  | 'deleteAccountMetadata'
  | 'listContainers'
  | 'getContainer'
  | 'createContainer'
  | 'deleteContainer'
  | 'updateContainerMetadata'
  | 'deleteContainerMetadata'
  | 'setPublicRead'
  | 'listObjects'
  | 'headObject'
  | 'copyObject'
  | 'deleteObject'
  | 'bulkDelete'
  | 'updateObjectMetadata'
  | 'deleteObjectMetadata'
> = {
  getAccount: (r, state, signal) => getAccount(s(state), r.region, signal),
  updateAccountMetadata: (r, state, signal) => updateAccountMetadata(s(state), r.region, r.metadata, signal),
  deleteAccountMetadata: (r, state, signal) => deleteAccountMetadata(s(state), r.region, r.keys, signal),

  listContainers: (r, state, signal) => listContainers(s(state), r.region, { ...r, signal }),
  getContainer: (r, state, signal) => getContainer(s(state), r.region, r.container, signal),
  createContainer: (r, state, signal) => createContainer(s(state), r.region, r.container, signal),
  deleteContainer: (r, state, signal) => deleteContainer(s(state), r.region, r.container, signal),
  updateContainerMetadata: (r, state, signal) =>
    updateContainerMetadata(s(state), r.region, r.container, r.metadata, signal),
  deleteContainerMetadata: (r, state, signal) =>
    deleteContainerMetadata(s(state), r.region, r.container, r.keys, signal),
  setPublicRead: (r, state, signal) => setPublicRead(s(state), r.region, r.container, r.on, signal),

  listObjects: (r, state, signal) => listObjects(s(state), r.region, r.container, { ...r, signal }),
  headObject: (r, state, signal) => headObject(s(state), r.region, r.container, r.name, signal),
  copyObject: (r, state, signal) => copyObject(s(state), r.region, { from: r.from, to: r.to, signal }),
  deleteObject: (r, state, signal) => deleteObject(s(state), r.region, r.container, r.name, signal),
  bulkDelete: (r, state, signal) => bulkDelete(s(state), r.region, r.items, signal),
  updateObjectMetadata: (r, state, signal) =>
    updateObjectMetadata(s(state), r.region, r.container, r.name, r.metadata, signal),
  deleteObjectMetadata: (r, state, signal) =>
    deleteObjectMetadata(s(state), r.region, r.container, r.name, r.keys, signal),
};
