/**
 * Follows the saves of one file in its own folder. The folder is watched, not the file: many
 * editors save by writing a new file and renaming it over the old one, which a watch on the file
 * itself stops seeing after the first save. The events of one save come in a burst, so they are
 * gathered until the file has been quiet for `quietMs`.
 */
import { watch, type FSWatcher } from 'node:fs';
import path from 'node:path';

export const QUIET_MS = 400;

export interface SaveWatch {
  close(): void;
}

export function watchSaves(
  filePath: string,
  onSave: () => void,
  { quietMs = QUIET_MS, onError }: { quietMs?: number; onError?: (err: Error) => void } = {},
): SaveWatch {
  const name = path.basename(filePath);
  let timer: NodeJS.Timeout | undefined;
  const settle = () => {
    clearTimeout(timer);
    timer = setTimeout(onSave, quietMs);
  };
  const watcher: FSWatcher = watch(path.dirname(filePath), { persistent: false }, (_event, changed) => {
    // Linux names the file; a platform that does not (null) may still mean ours.
    if (changed === null || changed === name) settle();
  });
  watcher.on('error', (err) => onError?.(err));
  return {
    close() {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
