import { getAccount, listContainers } from '../storage/account';
import { getAccountAccess, setAccountAccess } from '../storage/account';
import { changeMetadata, queuedOnTarget, setObjectExpiry, setObjectHeaders } from '../storage/metadata';
import { emptyContainer } from '../storage/objects';
import { createContainer, deleteContainer, getContainer, setContainerAcls, setPublicRead } from '../storage/containers';
import { bulkDelete, copyObject, deleteObject, headObject } from '../storage/objects';
import { listObjectsReadingAhead } from '../storage/objects';
import { createFolder, moveFolder, moveObject } from '../storage/objects';
import { previewObject } from '../storage/objects';
import { createSymlink } from '../storage/objects';
import { setAccountQuota, setContainerQuota } from '../storage/quotas';
import { largeObjectsAmong } from '../storage/segments';
import { deleteObjectsWithSegments } from '../storage/segments';
import { makeTempUrl } from '../storage/temp-urls';
import { setContainerWebsite } from '../storage/website';
import { rotateTempUrlKeys, setTempUrlKey } from '../storage/temp-urls';
import {
  deleteObjectVersion,
  listObjectVersions,
  restoreObjectVersion,
  setContainerVersioning,
} from '../storage/versions';
import { toListingColumns } from '../../shared/listing-columns';
import { requireSession as s, type Ops } from './main-state';

const ACCOUNT = { kind: 'account' } as const;

export const storageOperations: Ops<
  | 'getAccount'
  | 'getAccountAccess'
  | 'setAccountAccess'
  | 'setAccountQuota'
  | 'listContainers'
  | 'getContainer'
  | 'createContainer'
  | 'deleteContainer'
  | 'emptyContainer'
  | 'setPublicRead'
  | 'setContainerAcls'
  | 'listObjects'
  | 'headObject'
  | 'previewObject'
  | 'moveObject'
  | 'moveFolder'
  | 'createFolder'
  | 'copyObject'
  | 'deleteObject'
  | 'bulkDelete'
  | 'changeMetadata'
  | 'setObjectExpiry'
  | 'setObjectHeaders'
  | 'createSymlink'
  | 'setTempUrlKey'
  | 'rotateTempUrlKeys'
  | 'makeTempUrl'
  | 'setContainerVersioning'
  | 'listObjectVersions'
  | 'restoreObjectVersion'
  | 'deleteObjectVersion'
  | 'setContainerQuota'
  | 'largeObjectsAmong'
  | 'deleteObjects'
  | 'setContainerWebsite'
> = {
  getAccount: (r, state, signal) => getAccount(s(state), r.region, signal),
  getAccountAccess: (r, state, signal) => getAccountAccess(s(state), r.region, signal),
  // Both write the account, as metadata saves and key changes do: they wait behind each other.
  setAccountAccess: ({ region, grants }, state, signal) =>
    queuedOnTarget(s(state), region, ACCOUNT, () => setAccountAccess(s(state), region, grants, signal)),
  setAccountQuota: ({ region, bytes }, state, signal) =>
    queuedOnTarget(s(state), region, ACCOUNT, () => setAccountQuota(s(state), region, bytes, signal)),

  listContainers: (r, state, signal) => listContainers(s(state), r.region, { ...r, signal }),
  getContainer: (r, state, signal) => getContainer(s(state), r.region, r.container, signal),
  createContainer: (r, state, signal) =>
    createContainer(s(state), r.region, r.container, { policy: r.storagePolicy, signal }),
  deleteContainer: (r, state, signal) => deleteContainer(s(state), r.region, r.container, signal),
  emptyContainer: ({ operationId, region, container, thenDelete }, state, signal) =>
    emptyContainer(s(state), region, container, {
      thenDelete,
      signal,
      onProgress: ({ loaded, total }) => state.emit('progress', { operationId, loaded, total }),
    }),
  setPublicRead: (r, state, signal) => setPublicRead(s(state), r.region, r.container, r.on, signal),
  setContainerAcls: ({ region, container, read, write }, state, signal) =>
    setContainerAcls(s(state), region, container, { read, write }, signal),

  listObjects: (r, state, signal) =>
    listObjectsReadingAhead(s(state), r.region, r.container, { ...r, signal }).then(toListingColumns),
  headObject: (r, state, signal) => headObject(s(state), r.region, r.container, r.name, signal),
  moveObject: (r, state, signal) => moveObject(s(state), r.region, r.from, r.to, signal),
  moveFolder: ({ operationId, region, container, from, to }, state, signal) =>
    moveFolder(s(state), region, {
      container,
      from,
      to,
      signal,
      onProgress: ({ loaded, total }) => state.emit('progress', { operationId, loaded, total }),
    }),
  createFolder: (r, state, signal) => createFolder(s(state), r.region, r.container, r.prefix, signal),
  previewObject: (r, state, signal) => previewObject(s(state), r.region, r.container, r.name, signal),
  copyObject: (r, state, signal) => copyObject(s(state), r.region, { from: r.from, to: r.to, signal }),
  deleteObject: (r, state, signal) => deleteObject(s(state), r.region, r.container, r.name, signal),
  bulkDelete: (r, state, signal) => bulkDelete(s(state), r.region, r.items, signal),
  changeMetadata: ({ region, target, set, remove }, state, signal) =>
    changeMetadata(s(state), region, target, { ...(set ? { set } : {}), ...(remove ? { remove } : {}) }, signal),
  setObjectExpiry: (r, state, signal) => setObjectExpiry(s(state), r.region, r.container, r.name, r.deleteAt, signal),
  createSymlink: ({ region, container, name, target }, state, signal) =>
    createSymlink(s(state), region, { container, name, target }, signal),
  setObjectHeaders: (r, state, signal) => setObjectHeaders(s(state), r.region, r.container, r.name, r.headers, signal),
  // Key changes wait behind any metadata save on the same account or container, and the reverse.
  setTempUrlKey: ({ region, scope, slot, key }, state, signal) =>
    queuedOnTarget(s(state), region, scope, () => setTempUrlKey(s(state), region, scope, slot, key, signal)),
  rotateTempUrlKeys: ({ region, scope }, state, signal) =>
    queuedOnTarget(s(state), region, scope, () => rotateTempUrlKeys(s(state), region, scope, signal)),
  makeTempUrl: ({ operationId: _id, region, ...r }, state, signal) => makeTempUrl(s(state), region, r, signal),

  setContainerVersioning: (r, state, signal) =>
    setContainerVersioning(s(state), r.region, r.container, r.change, signal),
  listObjectVersions: (r, state, signal) => listObjectVersions(s(state), r.region, r.container, r.name, signal),
  restoreObjectVersion: ({ operationId: _id, region, ...target }, state, signal) =>
    restoreObjectVersion(s(state), region, target, signal),
  deleteObjectVersion: ({ operationId: _id, region, ...target }, state, signal) =>
    deleteObjectVersion(s(state), region, target, signal),
  // Waits behind any metadata save of the same container: both write its metadata.
  setContainerQuota: ({ region, container, bytes, count }, state, signal) =>
    queuedOnTarget(s(state), region, { kind: 'container', container }, () =>
      setContainerQuota(s(state), region, container, { bytes, count }, signal),
    ),
  largeObjectsAmong: (r, state, signal) => largeObjectsAmong(s(state), r.region, r.container, r.names, signal),
  deleteObjects: (r, state, signal) =>
    deleteObjectsWithSegments(s(state), r.region, r.container, r.names, r.large, signal),
  // Waits behind any metadata save of the same container too.
  setContainerWebsite: ({ region, container, change }, state, signal) =>
    queuedOnTarget(s(state), region, { kind: 'container', container }, () =>
      setContainerWebsite(s(state), region, container, change, signal),
    ),
};
