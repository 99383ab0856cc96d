// Object versioning: a container's mode, an object's versions, restoring and deleting one.
import type { Responses } from '../../../shared/contract/versions';
import {
  deleteObjectVersion,
  listObjectVersions,
  restoreObjectVersion,
  setContainerVersioning,
} from '../../storage/versions';
import { requireSession as s, type Ops } from '../main-state';

export const operations: Ops<keyof Responses> = {
  setContainerVersioning: (r, state, signal) =>
    setContainerVersioning(s(state), r.region, r.container, r.change, signal),
  listObjectVersions: (r, state, signal) => listObjectVersions(s(state), r.region, r.container, r.name, signal),
  restoreObjectVersion: ({ operationId: _id, region, ...target }, state, signal) =>
    restoreObjectVersion(s(state), region, target, signal),
  deleteObjectVersion: ({ operationId: _id, region, ...target }, state, signal) =>
    deleteObjectVersion(s(state), region, target, signal),
};
