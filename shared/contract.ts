/**
 * The IPC contract: one map from operation name to its request schema, one
 * interface from operation name to its response type, and one map of events.
 * The preload, the main-process handlers and the renderer's typed API are all
 * derived from these.
 */
import { z } from 'zod';
import type {
  Account,
  BulkDeleteResult,
  Container,
  ContainerPage,
  EmptyContainerResult,
  MoveFolderResult,
  ObjectInfo,
  ProfileSummary,
  SecretStorage,
  SessionInfo,
  TempUrl,
  TempUrlKeys,
  TransferProgress,
} from './domain';
import type { AccountAccess } from './account-acl';
import type { ListingColumns } from './listing-columns';
import type { Result } from './errors';
import type { ObjectPreview } from './object-preview';
import { LISTING_LIMIT_MAX, type ServiceLimits } from './limits';
import { isEmptyChange } from './metadata-change';
import type { EventName, MenuCommand, Operation, PageOperation } from './operations';
import { authUrlProblem } from './auth-url';
import {
  cancellable,
  containerName,
  deleteAt,
  issues,
  keys,
  listingText,
  localPath,
  metadata,
  metadataTarget,
  name,
  folderPrefix,
  objectRef,
  operationId,
  region,
  storagePolicy,
  urlText,
} from './contract-fields';
import { tempUrlRequests } from './contract-temp-url';
import { accessRequests } from './contract-access';
import { linkRequests } from './contract-links';
import { objectHeaderRequests } from './contract-object-headers';
import { quotaRequests, type QuotaResponses } from './contract-quotas';
import { largeObjectRequests, type LargeObjectResponses } from './contract-large-objects';
import { verifyRequests, type VerifyResponses } from './contract-verify';
import { regionRequests, type RegionResponses } from './contract-regions';
import { settingsRequests, type SettingsResponses } from './contract-settings';
import { segmentRequests, type SegmentResponses } from './contract-segments';
import type { SegmentProgressUnit } from './segment-groups';
import { transferRequests, type TransferResponses } from './contract-transfers';
import { resumeRequests, type ResumeResponses } from './contract-resume';
import { versionRequests, type VersionResponses } from './contract-versions';
import { websiteRequests, type WebsiteResponses } from './contract-website';
import { signInTextProblems } from './validation';

export {
  OPERATIONS,
  PRELOAD_ONLY,
  EVENTS,
  channelOf,
  eventChannelOf,
  type EventName,
  type Operation,
  type PageOperation,
} from './operations';

const httpUrl = z
  .string()
  .trim()
  .superRefine((u, ctx) => {
    const problem = authUrlProblem(u);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .pipe(z.string().url('The auth URL is not a valid address.'));
const secret = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('password'), value: z.string().min(1).max(4096) }),
  z.strictObject({ kind: z.literal('apiKey'), value: z.string().min(1).max(4096) }),
  z.strictObject({
    kind: z.literal('applicationCredential'),
    id: z.string().min(1).max(255),
    value: z.string().min(1).max(4096),
  }),
]);
/** Sign-in text: it travels in a JSON body (v2, v3) or a header (v1), where control characters have no place. */
const signInText = z
  .string()
  .max(255)
  .superRefine(issues((s: string) => signInTextProblems(s)));
const optionalText = signInText.optional();
const connectionFields = {
  authUrl: httpUrl,
  authVersion: z.enum(['1', '2', '3']).optional(),
  userName: signInText.default(''),
  tenantName: optionalText,
  tenantId: optionalText,
  userDomain: optionalText,
  projectDomain: optionalText,
};
const profileId = z.string().min(1).max(64);

export const requestSchemas = {
  signIn: z.strictObject({
    ...cancellable,
    ...connectionFields,
    secret,
  }),
  signOut: z.strictObject({}),
  getSession: z.strictObject({}),
  getLimits: z.strictObject({
    ...cancellable,
    region,
  }),
  getAccount: z.strictObject({
    ...cancellable,
    region,
  }),
  listContainers: z.strictObject({
    ...cancellable,
    region,
    marker: listingText,
    prefix: listingText,
    endMarker: listingText,
    reverse: z.boolean().optional(),
    limit: z.number().int().min(1).max(LISTING_LIMIT_MAX).optional(),
  }),
  getContainer: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
  }),
  createContainer: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    /** Sent as X-Storage-Policy: one of the region's policies (the main process checks it against /info). */
    storagePolicy,
  }),
  deleteContainer: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
  }),
  /** Deletes every object of the container (a long operation: progress, cancel), then the container if asked. */
  emptyContainer: z.strictObject({
    operationId,
    region,
    container: containerName,
    thenDelete: z.boolean(),
  }),
  setPublicRead: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    on: z.boolean(),
  }),
  listObjects: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    marker: listingText,
    prefix: listingText,
    delimiter: urlText('delimiter', 16).min(1).optional(),
    endMarker: listingText,
    reverse: z.boolean().optional(),
    limit: z.number().int().min(1).max(LISTING_LIMIT_MAX).optional(),
  }),
  headObject: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    name,
  }),
  moveObject: z.strictObject({ ...cancellable, region, from: objectRef, to: objectRef }),
  moveFolder: z.strictObject({
    operationId,
    region,
    container: containerName,
    from: folderPrefix,
    to: folderPrefix,
  }),
  createFolder: z.strictObject({ ...cancellable, region, container: containerName, prefix: folderPrefix }),
  previewObject: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    name,
  }),
  copyObject: z.strictObject({
    ...cancellable,
    region,
    from: objectRef,
    to: objectRef,
  }),
  deleteObject: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    name,
  }),
  bulkDelete: z.strictObject({
    ...cancellable,
    region,
    items: z
      .array(z.strictObject({ container: containerName, name: name.optional() }))
      .min(1)
      .max(100_000),
  }),
  /** Sets and removes metadata keys of one target in one request; every other key stays. */
  changeMetadata: z
    .strictObject({
      ...cancellable,
      region,
      target: metadataTarget,
      set: metadata.optional(),
      remove: keys.optional(),
    })
    .refine((r) => !isEmptyChange(r), 'there is nothing to set or remove'),
  /** Sets when Swift deletes an object (`X-Delete-At`), or with null that it never does; its metadata stays. */
  setObjectExpiry: z.strictObject({
    ...cancellable,
    region,
    container: containerName,
    name,
    deleteAt: deleteAt.nullable(),
  }),
  ...tempUrlRequests,
  ...versionRequests,
  ...accessRequests,
  ...objectHeaderRequests,
  ...linkRequests,
  ...quotaRequests,
  ...largeObjectRequests,
  ...verifyRequests,
  ...websiteRequests,
  ...regionRequests,
  ...segmentRequests,
  ...transferRequests,
  ...resumeRequests,
  ...settingsRequests,
  cancel: z.strictObject({ operationId }),
  listProfiles: z.strictObject({}),
  saveProfile: z.strictObject({
    /** Absent for a new profile. */
    id: profileId.optional(),
    name: z.string().trim().min(1).max(128),
    ...connectionFields,
    secretKind: z.enum(['password', 'apiKey', 'applicationCredential']),
    applicationCredentialId: optionalText,
    /** A new secret to keep; absent keeps the saved one (or none). */
    secret: secret.optional(),
    /** Forget the saved secret. */
    forgetSecret: z.boolean().optional(),
    /** The person agreed to keep the secret in plain text where the OS offers nothing better. */
    allowPlainText: z.boolean().optional(),
  }),
  deleteProfile: z.strictObject({ id: profileId }),
  /** Signs in with a saved profile; `secret` when none is saved (it is then not kept). */
  connectProfile: z.strictObject({
    ...cancellable,
    id: profileId,
    secret: secret.optional(),
  }),
  rememberRegion: z.strictObject({ id: profileId, region }),
  chooseFolder: z.strictObject({ title: z.string().max(200).optional() }),
  chooseFiles: z.strictObject({ title: z.string().max(200).optional() }),
  takenLocalNames: z.strictObject({
    targetDir: localPath,
    items: z
      .array(z.strictObject({ name, fileName: z.string().min(1).max(4096).optional() }))
      .min(1)
      .max(100_000),
  }),
  previewArchive: z.strictObject({
    region,
    container: containerName,
    prefix: urlText('prefix').optional(),
    filePath: localPath,
  }),
  /** Preload only (not on window.cirrus): the path of a file the person dropped, from webUtils. */
  grantDroppedFile: z.strictObject({ path: localPath }),
} as const satisfies Record<Operation, z.ZodType>; // `satisfies` keeps these keys exactly the operation list

type FeatureResponses = VersionResponses & QuotaResponses & LargeObjectResponses & VerifyResponses & WebsiteResponses;
export interface Responses
  extends FeatureResponses, RegionResponses, SettingsResponses, ResumeResponses, SegmentResponses, TransferResponses {
  signIn: SessionInfo;
  signOut: true;
  getSession: SessionInfo | null;
  getLimits: ServiceLimits;
  getAccount: Account;
  listContainers: ContainerPage;
  getContainer: Container;
  /** True when the container was new, false when it already existed. */
  createContainer: boolean;
  deleteContainer: true;
  emptyContainer: EmptyContainerResult;
  setPublicRead: Container;
  setContainerAcls: Container;
  getAccountAccess: AccountAccess;
  setAccountAccess: AccountAccess;
  listObjects: ListingColumns; // columns, not rows: listing-columns.ts says why
  headObject: ObjectInfo;
  previewObject: ObjectPreview;
  /** The object under its new name. */
  moveObject: ObjectInfo;
  moveFolder: MoveFolderResult;
  createFolder: true;
  copyObject: true;
  deleteObject: true;
  bulkDelete: BulkDeleteResult;
  /** The object as it now stands (metadata written, new Last-Modified); null for an account or container. */
  changeMetadata: ObjectInfo | null;
  /** The object as it now stands. */
  setObjectExpiry: ObjectInfo;
  setObjectHeaders: ObjectInfo;
  /** The link as Swift now holds it. */
  createSymlink: ObjectInfo;
  setTempUrlKey: TempUrlKeys;
  rotateTempUrlKeys: TempUrlKeys;
  makeTempUrl: TempUrl;
  /** True when an operation with that id was running and is now cancelled. */
  cancel: boolean;
  listProfiles: { profiles: ProfileSummary[]; secretStorage: SecretStorage };
  saveProfile: ProfileSummary;
  deleteProfile: true;
  connectProfile: SessionInfo;
  rememberRegion: true;
  /** The chosen folder, or null when the person cancelled. */
  chooseFolder: string | null;
  /** The chosen files; empty when the person cancelled. */
  chooseFiles: string[];
  /** The downloads into `targetDir` that would meet a file already there (asked before they start). */
  takenLocalNames: { name: string; fileName: string; freeFileName: string | undefined }[];
  grantDroppedFile: true;
}

export interface EventPayloads {
  /** `unit` where the figures count something else than bytes or names (the Segments view's two stages); `queued`: waits its turn. */
  progress: TransferProgress & { operationId: string; unit?: SegmentProgressUnit; queued?: true };
  menuCommand: { command: MenuCommand };
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
