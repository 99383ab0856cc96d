// The archive preview of the drop-to-extract confirmation (issue 4, journey 6).
import { previewArchive } from '../storage/archive-preview';
import { requireSession, type Ops } from './main-state';

export const archiveOperations: Ops<'previewArchive'> = {
  // The archive is read only when it is one the person chose or dropped (path-grants.ts).
  previewArchive: async ({ region, filePath, ...r }, state) => {
    const session = requireSession(state);
    const real = await state.grants.requireFile(filePath);
    return previewArchive(session, region, { ...r, filePath: real });
  },
};
