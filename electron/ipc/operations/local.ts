import type { Responses } from '../../../shared/contract/local';
import { skippedLocalNames, takenLocalNames } from '../../storage/download';
import type { Ops } from '../main-state';

/**
 * The only ways a local path becomes one the renderer may name (see ../path-grants.ts): the person
 * picks it in the main process's own dialog, or drops it on the window. Both hosts go through
 * here: Electron's dialogs and the Chromium test host's answers are `state.deps.dialogs`.
 */
export const operations: Ops<keyof Responses> = {
  async chooseFolder(r, state) {
    const folder = await state.deps.dialogs.chooseFolder(r.title);
    if (folder !== null) state.grants.grantFolder(folder);
    return folder;
  },
  async chooseFiles(r, state) {
    const files = await state.deps.dialogs.chooseFiles(r.title);
    state.grants.grantFiles(files);
    return files;
  },
  // Only inside a folder the person chose, as the download itself.
  async takenLocalNames(r, state) {
    return takenLocalNames(await state.grants.requireFolder(r.targetDir), r.items);
  },
  async skippedLocalNames(r, state) {
    return skippedLocalNames(await state.grants.requireFolder(r.targetDir), r.items);
  },
  // Called by the preload only (shared/operations.ts PRELOAD_ONLY), with webUtils' path of a real
  // drop. The grant is added before the first await: the preload does not wait for this answer,
  // and the page's next call (a preview of the dropped archive) arrives right behind it.
  async grantDroppedFile(r, state) {
    state.grants.grantFiles([r.path]);
    return true;
  },
};
