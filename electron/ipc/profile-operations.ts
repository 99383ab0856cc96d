// Placeholder until the connection profiles land (issue 4, journey 1): every call says so plainly.
import { StorageError } from '../storage/errors';
import type { Ops } from './main-state';

const notYet = async (): Promise<never> => {
  throw new StorageError('unexpected', 'Saved connections are not available in this build yet.');
};

export const profileOperations: Ops<
  'listProfiles' | 'saveProfile' | 'deleteProfile' | 'connectProfile' | 'rememberRegion'
> = {
  listProfiles: notYet,
  saveProfile: notYet,
  deleteProfile: notYet,
  connectProfile: notYet,
  rememberRegion: notYet,
};
