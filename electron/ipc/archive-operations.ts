// The archive preview of the drop-to-extract confirmation (issue 4, journey 6).
import { previewArchive } from '../storage/archive-preview';
import { requireSession, type Ops } from './main-state';

export const archiveOperations: Ops<'previewArchive'> = {
  previewArchive: ({ region, ...r }, state) => previewArchive(requireSession(state), region, r),
};
