import { shell } from 'electron';
import path from 'node:path';
import { editingRoot } from '../editing/copies';

/**
 * The one place Cirrus hands a file to the system's default application: a copy being edited in
 * place, which the main process itself downloaded under `<userData>/editing/` (electron/editing/).
 * Anything else is refused here too, so no other caller can turn this into "open any file".
 */
export function openEditingCopy(userDataDir: string): (filePath: string) => Promise<string> {
  const root = editingRoot(userDataDir);
  return async (filePath) => {
    const relative = path.relative(root, path.resolve(filePath));
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
      return 'Cirrus opens only the copies it keeps for editing.';
    }
    return shell.openPath(filePath);
  };
}
