/**
 * A person at the app's file dialogs, for tests of the IPC handlers: local paths reach the main
 * process only through its dialogs or a drop (electron/ipc/path-grants.ts), so a test that
 * uploads, downloads or extracts first chooses its paths here, as a person would.
 */
import os from 'node:os';
import path from 'node:path';
import { headlessDeps, type MainDeps } from '../../electron/ipc/deps';
import type { Handlers } from '../../electron/ipc/handlers';

export interface DialogPerson {
  /** Pass to createHandlers: headless, but its dialogs answer what the test chooses. */
  deps: MainDeps;
  /** Picks these files in the "choose files" dialog (which grants them). */
  chooseFiles(handlers: Handlers, files: string[]): Promise<void>;
  /** Picks this folder in the "choose folder" dialog (which grants it). */
  chooseFolder(handlers: Handlers, folder: string): Promise<void>;
  /** Names this file in the next save dialog. */
  answerSave(file: string | null): void;
}

export function dialogPerson(userDataDir = path.join(os.tmpdir(), `cirrus-headless-${process.pid}`)): DialogPerson {
  let next: string[] | null = null;
  const take = () => {
    const answer = next;
    next = null;
    return answer;
  };
  const deps: MainDeps = {
    ...headlessDeps(userDataDir),
    dialogs: {
      chooseFolder: async () => take()?.[0] ?? null,
      chooseFiles: async () => take() ?? [],
      chooseSaveFile: async () => take()?.[0] ?? null,
    },
  };
  const expectAnswer = (operation: string, answer: unknown, expected: unknown) => {
    if (JSON.stringify(answer) !== JSON.stringify({ ok: true, value: expected }))
      throw new Error(`${operation} answered ${JSON.stringify(answer)}`);
  };
  return {
    deps,
    async chooseFiles(handlers, files) {
      next = files;
      expectAnswer('chooseFiles', await handlers.chooseFiles({}), files);
    },
    answerSave(file) {
      next = file === null ? null : [file];
    },
    async chooseFolder(handlers, folder) {
      next = [folder];
      expectAnswer('chooseFolder', await handlers.chooseFolder({}), folder);
    },
  };
}
