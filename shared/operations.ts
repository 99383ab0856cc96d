/**
 * The names of the IPC operations and events, apart from their schemas so the
 * sandboxed preload can build its API without bundling the validation library.
 * `requestSchemas` in contract/index.ts must have exactly these keys (type-checked).
 */
export const OPERATIONS = [
  'signIn',
  'signOut',
  'getSession',
  'getLimits',
  'getAccount',
  'getAccountAccess',
  'setAccountAccess',
  'setAccountQuota',
  'listContainers',
  'getContainer',
  'createContainer',
  'deleteContainer',
  'emptyContainer',
  'setPublicRead',
  'setContainerAcls',
  'listObjects',
  'headObject',
  'previewObject',
  'copyObject',
  'moveObject',
  'moveFolder',
  'createFolder',
  'deleteObject',
  'bulkDelete',
  'changeMetadata',
  'setObjectExpiry',
  'setObjectHeaders',
  'createSymlink',
  'setTempUrlKey',
  'rotateTempUrlKeys',
  'makeTempUrl',
  'setContainerVersioning',
  'listObjectVersions',
  'restoreObjectVersion',
  'deleteObjectVersion',
  'setContainerQuota',
  'largeObjectsAmong',
  'deleteObjects',
  'verifyObject',
  'setContainerWebsite',
  'compareRegions',
  'copyBetweenRegions',
  'offerWindowDrag',
  'copyWindowDrop',
  'compareFolder',
  'differencesPage',
  'discardDifferences',
  'prepareSync',
  'lastSynced',
  'recordSynced',
  'getSyncExcludes',
  'saveSyncExcludes',
  'scanOrphanSegments',
  'deleteOrphanSegments',
  'uploadFile',
  'downloadObject',
  'extractArchive',
  'getTransferSettings',
  'saveTransferSettings',
  'cancel',
  'pauseTransfer',
  'resumeTransfer',
  'discardTransfer',
  'listStoppedTransfers',
  'listProfiles',
  'saveProfile',
  'deleteProfile',
  'connectProfile',
  'rememberRegion',
  'chooseFolder',
  'chooseFiles',
  'takenLocalNames',
  'skippedLocalNames',
  'previewArchive',
  'grantDroppedFile',
  'startEditing',
  'stopEditing',
  'listEditing',
  'resolveEditConflict',
  'retryEditUpload',
  'listActivity',
  'clearActivity',
  'saveActivity',
] as const;

export type Operation = (typeof OPERATIONS)[number];

/**
 * Operations only the preload calls, never the page: they are not on `window.cirrus`. A page that
 * could call `grantDroppedFile` could make the main process read any file it names; the preload
 * calls it with the path Electron's webUtils gives for a File the person really dropped.
 */
export const PRELOAD_ONLY = ['grantDroppedFile'] as const satisfies readonly Operation[];
export type PreloadOnlyOperation = (typeof PRELOAD_ONLY)[number];
/** The operations the page may call through `window.cirrus`. */
export type PageOperation = Exclude<Operation, PreloadOnlyOperation>;

export const channelOf = (operation: Operation): string => `cirrus:${operation}`;

/** Events the main process sends to the renderer, unasked. */
export const EVENTS = ['progress', 'menuCommand', 'editing'] as const;

/** The app's own commands in the native menu (electron/desktop/menu.ts), carried out by the page. */
export const MENU_COMMANDS = ['refresh', 'signOut', 'transferSettings', 'activity'] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];

export type EventName = (typeof EVENTS)[number];

export const eventChannelOf = (event: EventName): string => `cirrus-event:${event}`;
