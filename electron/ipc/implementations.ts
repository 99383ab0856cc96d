import type { Operation, ParsedRequest, Response } from '../../shared/contract';
import { deleteAccountMetadata, getAccount, listContainers, updateAccountMetadata } from '../storage/account';
import {
  createContainer,
  deleteContainer,
  deleteContainerMetadata,
  getContainer,
  setPublicRead,
  updateContainerMetadata,
} from '../storage/containers';
import { downloadObject } from '../storage/download';
import { StorageError } from '../storage/errors';
import { extractArchive } from '../storage/extract';
import { getLimits } from '../storage/info';
import {
  bulkDelete,
  copyObject,
  deleteObject,
  deleteObjectMetadata,
  headObject,
  listObjects,
  updateObjectMetadata,
} from '../storage/objects';
import { StorageSession, type Authenticate } from '../storage/session';
import { uploadFile } from '../storage/upload';
import type { Emit } from './handlers';
import type { RunningOperations } from './running-operations';

/** What the main process keeps between calls. */
export interface MainState {
  /** The one signed-in session; it alone holds the credentials and the token. */
  session: StorageSession | undefined;
  running: RunningOperations;
  emit: Emit;
  authenticate: Authenticate | undefined;
}

type Implementations = { [O in Operation]: (request: ParsedRequest<O>, state: MainState) => Promise<Response<O>> };

function requireSession(state: MainState): StorageSession {
  if (!state.session) throw new StorageError('not_signed_in', 'You are not signed in. Sign in to continue.');
  return state.session;
}

/** Progress of one long operation, as events the renderer can follow by its id. */
const progressOf = (state: MainState, operationId: string) => (p: { loaded: number; total: number | undefined }) =>
  state.emit('progress', { operationId, loaded: p.loaded, total: p.total });

export function implementations(): Implementations {
  return {
    async signIn(request, state) {
      const session = await StorageSession.open(request, state.authenticate);
      state.running.cancelAll();
      state.session = session;
      return session.info();
    },
    async signOut(_request, state) {
      state.running.cancelAll();
      state.session = undefined;
      return true;
    },
    getSession: async (_request, state) => state.session?.info() ?? null,
    getLimits: (r, state) => getLimits(requireSession(state), r.region),

    getAccount: (r, state) => getAccount(requireSession(state), r.region),
    updateAccountMetadata: (r, state) => updateAccountMetadata(requireSession(state), r.region, r.metadata),
    deleteAccountMetadata: (r, state) => deleteAccountMetadata(requireSession(state), r.region, r.keys),

    listContainers: (r, state) => listContainers(requireSession(state), r.region, r),
    getContainer: (r, state) => getContainer(requireSession(state), r.region, r.container),
    createContainer: (r, state) => createContainer(requireSession(state), r.region, r.container),
    deleteContainer: (r, state) => deleteContainer(requireSession(state), r.region, r.container),
    updateContainerMetadata: (r, state) =>
      updateContainerMetadata(requireSession(state), r.region, r.container, r.metadata),
    deleteContainerMetadata: (r, state) =>
      deleteContainerMetadata(requireSession(state), r.region, r.container, r.keys),
    setPublicRead: (r, state) => setPublicRead(requireSession(state), r.region, r.container, r.on),

    listObjects: (r, state) => listObjects(requireSession(state), r.region, r.container, r),
    headObject: (r, state) => headObject(requireSession(state), r.region, r.container, r.name),
    copyObject: (r, state) => copyObject(requireSession(state), r.region, { from: r.from, to: r.to }),
    deleteObject: (r, state) => deleteObject(requireSession(state), r.region, r.container, r.name),
    bulkDelete: (r, state) => bulkDelete(requireSession(state), r.region, r.items),
    updateObjectMetadata: (r, state) =>
      updateObjectMetadata(requireSession(state), r.region, r.container, r.name, r.metadata),
    deleteObjectMetadata: (r, state) =>
      deleteObjectMetadata(requireSession(state), r.region, r.container, r.name, r.keys),

    uploadFile: ({ operationId, region, ...r }, state) =>
      state.running.run(operationId, (signal) =>
        uploadFile(requireSession(state), region, { ...r, signal, onProgress: progressOf(state, operationId) }),
      ),
    downloadObject: ({ operationId, region, ...r }, state) =>
      state.running.run(operationId, (signal) =>
        downloadObject(requireSession(state), region, { ...r, signal, onProgress: progressOf(state, operationId) }),
      ),
    extractArchive: ({ operationId, region, ...r }, state) =>
      state.running.run(operationId, (signal) =>
        extractArchive(requireSession(state), region, { ...r, signal, onProgress: progressOf(state, operationId) }),
      ),
    cancel: async (r, state) => state.running.cancel(r.operationId),
  };
}
