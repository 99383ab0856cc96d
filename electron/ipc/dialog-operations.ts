import type { Ops } from './main-state';

export const dialogOperations: Ops<'chooseFolder' | 'chooseFiles'> = {
  chooseFolder: (r, state) => state.deps.dialogs.chooseFolder(r.title),
  chooseFiles: (r, state) => state.deps.dialogs.chooseFiles(r.title),
};
