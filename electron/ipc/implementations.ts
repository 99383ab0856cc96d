import { dialogOperations } from './dialog-operations';
import type { Implementations } from './main-state';
import { profileOperations } from './profile-operations';
import { regionOperations } from './region-operations';
import { resumeOperations } from './resume-operations';
import { segmentOperations } from './segment-operations';
import { sessionOperations } from './session-operations';
import { settingsOperations } from './settings-operations';
import { storageOperations } from './storage-operations';
import { transferOperations } from './transfer-operations';

export type { MainState } from './main-state';

/** Every operation of the contract; the type makes a missing one a compile error. */
export const implementations = (): Implementations => ({
  ...sessionOperations,
  ...storageOperations,
  ...transferOperations,
  ...dialogOperations,
  ...profileOperations,
  ...regionOperations,
  ...resumeOperations,
  ...settingsOperations,
  ...segmentOperations,
});
