// Placeholder until the archive preview lands (issue 4, journey 6): every call says so plainly.
import { StorageError } from '../storage/errors';
import type { Ops } from './main-state';

export const archiveOperations: Ops<'previewArchive'> = {
  previewArchive: async () => {
    throw new StorageError('unexpected', 'Archive previews are not available in this build yet.');
  },
};
