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
  getAccount: (r, state) => getAccount(s(state), r.region),
  updateAccountMetadata: (r, state) => updateAccountMetadata(s(state), r.region, r.metadata),
  deleteAccountMetadata: (r, state) => deleteAccountMetadata(s(state), r.region, r.keys),

  listContainers: (r, state) => listContainers(s(state), r.region, r),
  getContainer: (r, state) => getContainer(s(state), r.region, r.container),
  createContainer: (r, state) => createContainer(s(state), r.region, r.container),
  deleteContainer: (r, state) => deleteContainer(s(state), r.region, r.container),
  updateContainerMetadata: (r, state) => updateContainerMetadata(s(state), r.region, r.container, r.metadata),
  deleteContainerMetadata: (r, state) => deleteContainerMetadata(s(state), r.region, r.container, r.keys),
  setPublicRead: (r, state) => setPublicRead(s(state), r.region, r.container, r.on),

  listObjects: (r, state) => listObjects(s(state), r.region, r.container, r),
  headObject: (r, state) => headObject(s(state), r.region, r.container, r.name),
  copyObject: (r, state) => copyObject(s(state), r.region, { from: r.from, to: r.to }),
  deleteObject: (r, state) => deleteObject(s(state), r.region, r.container, r.name),
  bulkDelete: (r, state) => bulkDelete(s(state), r.region, r.items),
  updateObjectMetadata: (r, state) => updateObjectMetadata(s(state), r.region, r.container, r.name, r.metadata),
  deleteObjectMetadata: (r, state) => deleteObjectMetadata(s(state), r.region, r.container, r.name, r.keys),
};
