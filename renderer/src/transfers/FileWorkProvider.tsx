/**
 * Starting uploads and downloads, for every pane of one region's workspace. The bytes never pass through
 * the renderer: it names local paths (from the main process's dialogs, or Electron's path of a dropped file)
 * and the transfers run in the main process. One provider holds the questions asked on the way (a name
 * already there, a quota that would be exceeded, a check that failed), so they are asked, and answered,
 * in one place: FileWorkDialogs shows them.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { formatFromName } from '../../../shared/archive-formats';
import { firstFreeName } from '../../../shared/numbered-name';
import { call, isApiError, pathForFile } from '../api';
import { objectsUnder, isFolderName } from '../cache/objectsUnder';
import { containerFiguresQuery } from '../cache/queries';
import { baseName, uploadName } from '../ui/fileNames';
import { visibleName } from '../ui/untrustedText';
import { useArchiveDrop } from './ArchiveDropContext';
import type { ConflictChoice, ConflictQuestion, WorkFailure } from './ConflictDialog';
import { quotaWarning } from './quotaWarning';
import { useTransfers } from './TransfersProvider';

/** Where files go: a container, or a folder in it (`prefix` ends in "/"). */
export interface Place {
  container: string;
  prefix: string;
}

/** HEADs at once while finding which uploads would replace an object. */
const CHECKS_AT_ONCE = 8;

/** Whether each name is an object in the container (a HEAD each, a few at a time); not_found means free. */
async function existingObjects(region: string, container: string, names: readonly string[]): Promise<string[]> {
  const exists = async (name: string) => {
    try {
      await call('headObject', { region, container, name });
      return true;
    } catch (error) {
      if (isApiError(error, 'not_found')) return false;
      throw error;
    }
  };
  const found: string[] = [];
  for (let i = 0; i < names.length; i += CHECKS_AT_ONCE) {
    const batch = names.slice(i, i + CHECKS_AT_ONCE);
    const answers = await Promise.all(batch.map(exists));
    batch.forEach((name, k) => answers[k] && found.push(name));
  }
  return found;
}

/** A place as the dialogs and the transfers panel name it. */
const placeLabel = ({ container, prefix }: Place) => visibleName(container + (prefix ? `/${prefix}` : ''));

/** The questions open now; FileWorkDialogs shows the first that is set. */
export interface FileWorkQuestions {
  /** An upload would pass the container's quota: go on anyway? */
  warning: { text: string; answer: (go: boolean) => void } | undefined;
  /** Names already there: replace, skip or keep both, per name (undefined: cancelled). */
  asking: { question: ConflictQuestion; answer: (choices: ConflictChoices | undefined) => void } | undefined;
  /** Why a drop or a menu's work started nothing. */
  failure: WorkFailure | undefined;
  closeFailure: () => void;
}

type ConflictChoices = Map<string, ConflictChoice>;

export type FileWork = ReturnType<typeof useFileWorkState>['work'];

const WorkContext = createContext<FileWork | null>(null);
export const QuestionsContext = createContext<FileWorkQuestions | null>(null);

/** The file work of one region's workspace, shared by the tree and the objects pane. */
export function FileWorkProvider({ region, children }: { region: string; children: ReactNode }) {
  const { work, questions } = useFileWorkState(region);
  return (
    <WorkContext.Provider value={work}>
      <QuestionsContext.Provider value={questions}>{children}</QuestionsContext.Provider>
    </WorkContext.Provider>
  );
}

export function useFileWork(): FileWork {
  const work = useContext(WorkContext);
  if (!work) throw new Error('useFileWork outside FileWorkProvider');
  return work;
}

function useFileWorkState(region: string) {
  const { start, skip } = useTransfers();
  // Archives dropped on the tree or the objects pane open the extract confirmation.
  const onArchiveDrop = useArchiveDrop();
  const client = useQueryClient();
  // Nothing is overwritten without asking: the question, while one is open.
  const [failure, setFailure] = useState<WorkFailure>();
  const showError = useCallback(
    (error: unknown) =>
      setFailure({ title: 'Nothing was started', message: 'Cirrus could not start this work.', error }),
    [],
  );
  const [asking, setAsking] = useState<FileWorkQuestions['asking']>();
  const ask = useCallback(
    (question: ConflictQuestion) =>
      question.names.length === 0
        ? Promise.resolve(new Map<string, ConflictChoice>())
        : new Promise<Map<string, ConflictChoice> | undefined>((answer) =>
            setAsking({
              question,
              answer: (choices) => {
                setAsking(undefined);
                answer(choices);
              },
            }),
          ),
    [],
  );

  const [warning, setWarning] = useState<FileWorkQuestions['warning']>();
  /**
   * True to go on: no quota would be exceeded, or the person said to upload
   * anyway. The figures come from the cache when fresh (one HEAD otherwise);
   * when they cannot be read the upload goes ahead, and Swift's own refusal says why.
   */
  const quotaAllows = useCallback(
    async (container: string, addBytes: number, addCount: number) => {
      const figures = await client
        .fetchQuery({ ...containerFiguresQuery(region, container), staleTime: 5_000 })
        .catch(() => undefined);
      const text = figures && quotaWarning('upload', figures, { addBytes, addCount });
      if (!text) return true;
      return new Promise<boolean>((answer) =>
        setWarning({
          text,
          answer: (go) => {
            setWarning(undefined);
            answer(go);
          },
        }),
      );
    },
    [client, region],
  );

  /**
   * `deleteAt`: when Swift is to delete every uploaded object (Unix seconds); absent, they are kept.
   * `bytes`: the files' total size where the page knows it (a drop); a chosen file's size is not
   * known here, so only the object limit is checked for it.
   */
  const upload = useCallback(
    async (target: Place, paths: readonly string[], deleteAt?: number, bytes = 0) => {
      if (paths.length === 0) return;
      if (!(await quotaAllows(target.container, bytes, paths.length))) return;
      const wanted = paths.map((filePath) => ({ filePath, name: uploadName(target.prefix, filePath) }));
      const taken = await existingObjects(
        region,
        target.container,
        wanted.map((w) => w.name),
      );
      const choices = await ask({ names: taken, where: `in ${placeLabel(target)}`, work: 'upload' });
      if (!choices) return;
      for (const { filePath, name: wantedName } of wanted) {
        const choice = choices.get(wantedName);
        if (choice === 'skip') continue;
        const name =
          choice === 'keepBoth'
            ? ((await firstFreeName(
                wantedName,
                async (n) => (await existingObjects(region, target.container, [n])).length > 0,
              )) ?? wantedName)
            : wantedName;
        void start(
          {
            kind: 'upload',
            region,
            container: target.container,
            name,
            filePath,
            ...(deleteAt ? { deleteAt } : {}),
            ...(choice === 'replace' ? { replaces: true } : {}),
          },
          `${visibleName(baseName(filePath))} → ${placeLabel(target)}`,
        );
      }
    },
    [region, start, ask, quotaAllows],
  );

  /** Dropped files: archives are offered for extraction, the rest upload as they are. */
  const drop = useCallback(
    (target: Place, files: readonly File[]) => {
      const dropped = files.map((file) => ({ path: pathForFile(file), size: file.size })).filter((f) => f.path !== '');
      // By name here, the one clue the renderer has; the main process reads the bytes before anything is sent.
      const isArchive = (p: string) => formatFromName(baseName(p)) !== undefined;
      for (const f of dropped) if (isArchive(f.path)) onArchiveDrop({ region, ...target }, f.path);
      const plain = dropped.filter((f) => !isArchive(f.path));
      // A drop has no caller to report to: a failed check is said in a dialog of its own.
      upload(
        target,
        plain.map((f) => f.path),
        undefined,
        plain.reduce((sum, f) => sum + f.size, 0),
      ).catch((error: unknown) =>
        setFailure({
          title: 'Nothing was uploaded',
          message: 'Cirrus could not check which of these are already there.',
          error,
        }),
      );
    },
    [region, upload, onArchiveDrop],
  );

  /** Asks for files, then uploads them; false when the person cancelled. */
  const chooseAndUpload = useCallback(
    async (target: Place, deleteAt?: number): Promise<boolean> => {
      const paths = await call('chooseFiles', { title: `Upload to ${placeLabel(target)}` });
      await upload(target, paths, deleteAt);
      return paths.length > 0;
    },
    [upload],
  );

  /**
   * Asks for a folder, then downloads into it: picked objects by their own
   * names, picked folders whole, keeping their tree under the level shown
   * (`levelPrefix`). False when the person cancelled.
   */
  const chooseAndDownload = useCallback(
    async (container: string, names: readonly string[], levelPrefix = ''): Promise<boolean> => {
      const folders = names.filter(isFolderName);
      const targetDir = await call('chooseFolder', {
        title: names.length === 1 && folders.length === 0 ? 'Download to' : `Download ${names.length} items to`,
      });
      if (targetDir === null) return false;
      const objects = await objectsUnder(client, region, container, names);
      if (objects.length === 0) return true;
      // Picked objects keep their own name; what came from a folder keeps its path under the level shown.
      const wanted = objects.map((name) =>
        names.includes(name) ? { name } : { name, fileName: name.slice(levelPrefix.length) },
      );
      // Names this computer cannot hold are listed as skipped, with why; the rest go on.
      const skipped = await call('skippedLocalNames', { targetDir, items: wanted });
      const skippedNames = new Set(skipped.map((s) => s.name));
      const items = wanted.filter((item) => !skippedNames.has(item.name));
      for (const s of skipped) {
        skip(
          { kind: 'download', region, container, name: s.name, targetDir },
          `${visibleName(s.fileName || s.name)} → ${visibleName(targetDir)}`,
          s.message,
        );
      }
      if (items.length === 0) return true;
      const taken = await call('takenLocalNames', { targetDir, items });
      const choices = await ask({
        names: taken.map((t) => t.name),
        where: 'in the folder you chose',
        work: 'download',
      });
      if (!choices) return false;
      const freeName = new Map(taken.map((t) => [t.name, t.freeFileName]));
      for (const item of items) {
        const choice = choices.get(item.name);
        if (choice === 'skip') continue;
        const fileName = choice === 'keepBoth' ? freeName.get(item.name) : item.fileName;
        void start(
          {
            kind: 'download',
            region,
            container,
            name: item.name,
            targetDir,
            ...(choice === 'replace' ? { overwrite: true } : {}),
            ...(fileName ? { fileName } : {}),
          },
          `${visibleName(fileName ?? baseName(item.name))} → ${visibleName(targetDir)}`,
        );
      }
      return true;
    },
    [client, region, start, skip, ask],
  );

  const closeFailure = useCallback(() => setFailure(undefined), []);
  const work = useMemo(
    () => ({ upload, drop, chooseAndUpload, chooseAndDownload, showError }),
    [upload, drop, chooseAndUpload, chooseAndDownload, showError],
  );
  const questions = useMemo(
    () => ({ warning, asking, failure, closeFailure }),
    [warning, asking, failure, closeFailure],
  );
  return { work, questions };
}
