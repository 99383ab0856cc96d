/**
 * Starting uploads and downloads. The bytes never pass through the renderer:
 * it names local paths (from the main process's dialogs, or Electron's path
 * of a dropped file) and the transfers run in the main process.
 */
import { useCallback, useMemo } from 'react';
import { formatFromName } from '../../../shared/archive-formats';
import { call, pathForFile } from '../api';
import type { OpenArchiveDrop } from '../transfers/ArchiveDropContext';
import { useTransfers } from '../transfers/TransfersProvider';
import { baseName, uploadName } from '../ui/fileNames';
import { visibleName } from '../ui/untrustedText';
import type { TreeNode } from './treeRows';

/** Where something goes: a container, or a folder in it. */
const placeLabel = ({ container, prefix }: TreeNode) => visibleName(container + (prefix ? `/${prefix}` : ''));

/** Hands a dropped archive to the extract confirmation. */
export type ArchiveDropHandler = OpenArchiveDrop;

export function useFileWork(region: string, onArchiveDrop: ArchiveDropHandler) {
  const { start } = useTransfers();

  const upload = useCallback(
    (target: TreeNode, paths: readonly string[]) => {
      for (const filePath of paths) {
        const name = uploadName(target.prefix, filePath);
        void start(
          { kind: 'upload', region, container: target.container, name, filePath },
          `${visibleName(baseName(filePath))} → ${placeLabel(target)}`,
        );
      }
    },
    [region, start],
  );

  /** Dropped files: archives are offered for extraction, the rest upload as they are. */
  const drop = useCallback(
    (target: TreeNode, files: readonly File[]) => {
      const paths = files.map((file) => pathForFile(file)).filter((p) => p !== '');
      // By name here, the one clue the renderer has; the main process reads the bytes before anything is sent.
      const archives = paths.filter((p) => formatFromName(baseName(p)) !== undefined);
      for (const filePath of archives) onArchiveDrop({ region, ...target }, filePath);
      upload(
        target,
        paths.filter((p) => !archives.includes(p)),
      );
    },
    [region, upload, onArchiveDrop],
  );

  /** Asks for files, then uploads them; false when the person cancelled. */
  const chooseAndUpload = useCallback(
    async (target: TreeNode): Promise<boolean> => {
      const paths = await call('chooseFiles', { title: `Upload to ${placeLabel(target)}` });
      upload(target, paths);
      return paths.length > 0;
    },
    [upload],
  );

  /** Asks for a folder, then downloads the objects into it; false when the person cancelled. */
  const chooseAndDownload = useCallback(
    async (container: string, names: readonly string[]): Promise<boolean> => {
      const targetDir = await call('chooseFolder', {
        title: names.length === 1 ? 'Download to' : `Download ${names.length} objects to`,
      });
      if (targetDir === null) return false;
      for (const name of names) {
        void start(
          { kind: 'download', region, container, name, targetDir },
          `${visibleName(baseName(name))} → ${visibleName(targetDir)}`,
        );
      }
      return true;
    },
    [region, start],
  );

  return useMemo(
    () => ({ upload, drop, chooseAndUpload, chooseAndDownload }),
    [upload, drop, chooseAndUpload, chooseAndDownload],
  );
}
