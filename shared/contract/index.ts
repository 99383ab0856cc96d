/**
 * The IPC contract: one map from operation name to its request schema, one
 * interface from operation name to its response type, and one map of events.
 * The preload, the main-process handlers and the renderer's typed API are all
 * derived from these.
 *
 * Each feature keeps its requests and responses together in a file of its own
 * name here (`requests` and `Responses`), implemented by the same-named file in
 * electron/ipc/operations/; contract-mirror.test.ts proves the two lists match.
 */
import type { z } from 'zod';
import type { Result } from '../errors';
import type { TransferProgress } from '../domain';
import type { EventName, MenuCommand, Operation, PageOperation } from '../operations';
import type { SegmentProgressUnit } from '../segment-groups';
import type { EditingSession } from '../editing';
import * as access from './access';
import * as activity from './activity';
import * as account from './account';
import * as auth from './auth';
import * as containers from './containers';
import * as editing from './editing';
import * as largeObjects from './large-objects';
import * as local from './local';
import * as metadata from './metadata';
import * as objects from './objects';
import * as profiles from './profiles';
import * as quotas from './quotas';
import * as regions from './regions';
import * as segments from './segments';
import * as settings from './settings';
import * as sync from './sync';
import * as tempUrls from './temp-urls';
import * as transfers from './transfers';
import * as versions from './versions';
import * as website from './website';

export {
  OPERATIONS,
  PRELOAD_ONLY,
  EVENTS,
  channelOf,
  eventChannelOf,
  type EventName,
  type Operation,
  type PageOperation,
} from '../operations';
export type { StoppedRequest, StoppedState, StoppedTransfer } from './transfers';

/** Every feature's contract, by the name its files carry in every layer. */
export const FEATURES = {
  access,
  activity,
  account,
  auth,
  containers,
  editing,
  'large-objects': largeObjects,
  local,
  metadata,
  objects,
  profiles,
  quotas,
  regions,
  segments,
  settings,
  sync,
  'temp-urls': tempUrls,
  transfers,
  versions,
  website,
} as const;

export const requestSchemas = {
  ...access.requests,
  ...activity.requests,
  ...account.requests,
  ...auth.requests,
  ...containers.requests,
  ...editing.requests,
  ...largeObjects.requests,
  ...local.requests,
  ...metadata.requests,
  ...objects.requests,
  ...profiles.requests,
  ...quotas.requests,
  ...regions.requests,
  ...segments.requests,
  ...settings.requests,
  ...sync.requests,
  ...tempUrls.requests,
  ...transfers.requests,
  ...versions.requests,
  ...website.requests,
} as const satisfies Record<Operation, z.ZodType>; // `satisfies` keeps these keys exactly the operation list

export interface Responses
  extends
    access.Responses,
    activity.Responses,
    account.Responses,
    auth.Responses,
    containers.Responses,
    editing.Responses,
    largeObjects.Responses,
    local.Responses,
    metadata.Responses,
    objects.Responses,
    profiles.Responses,
    quotas.Responses,
    regions.Responses,
    segments.Responses,
    settings.Responses,
    sync.Responses,
    tempUrls.Responses,
    transfers.Responses,
    versions.Responses,
    website.Responses {}

// Both directions: no response without an operation, no operation without a response.
type Exactly<A, B> = [Exclude<keyof A, B>, Exclude<B, keyof A>] extends [never, never] ? true : never;
export const responsesCoverOperations: Exactly<Responses, Operation> = true;

export interface EventPayloads {
  /** `unit` where the figures count something else than bytes or names (the Segments view's two stages); `queued`: waits its turn. */
  progress: TransferProgress & { operationId: string; unit?: SegmentProgressUnit; queued?: true };
  menuCommand: { command: MenuCommand };
  /** The objects being edited in place, all of them, after any of them changed. */
  editing: { sessions: EditingSession[] };
}

export type Request<O extends Operation> = z.input<(typeof requestSchemas)[O]>;
export type ParsedRequest<O extends Operation> = z.output<(typeof requestSchemas)[O]>;
export type Response<O extends Operation> = Responses[O];

/** A DOM File, as far as shared/ (which has no DOM types) needs to name it. */
export interface DroppedFile {
  readonly name: string;
  readonly size: number;
}

/** The API the preload exposes on `window.cirrus`: one function per page operation, `on` for events. */
export type CirrusApi = {
  [O in PageOperation]: (request: Request<O>) => Promise<Result<Response<O>>>;
} & {
  on<E extends EventName>(event: E, listener: (payload: EventPayloads[E]) => void): () => void;
  /** The local path of a File dropped on the page (Electron's webUtils.getPathForFile); '' when it has none. */
  pathForFile(file: DroppedFile): string;
};
