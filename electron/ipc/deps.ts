import type { SecretCipher } from '../profiles/secret-cipher';

/** The OS file dialogs, answered by the person (Electron) or by a test (Chromium host). */
export interface Dialogs {
  chooseFolder(title?: string): Promise<string | null>;
  chooseFiles(title?: string): Promise<string[]>;
  /** Where to write a new file: the path the person chose, or null when they cancelled. */
  chooseSaveFile(title: string, defaultName: string): Promise<string | null>;
}

/** What the handlers need from their host process beyond the network. */
export interface MainDeps {
  dialogs: Dialogs;
  secrets: SecretCipher;
  /** Where profiles are kept (Electron's userData folder). */
  userDataDir: string;
  /**
   * Opens a file with the system's application for its type (Electron: shell.openPath); answers ''
   * or why it could not. Only ever given a copy the main process itself wrote under
   * `<userDataDir>/editing/` (electron/editing/), never a path from the page.
   */
  openPath(filePath: string): Promise<string>;
}

/** For handlers made without a host (unit tests): dialogs answer "cancelled", nothing can be kept secret. */
export function headlessDeps(userDataDir: string): MainDeps {
  return {
    dialogs: { chooseFolder: async () => null, chooseFiles: async () => [], chooseSaveFile: async () => null },
    secrets: {
      storage: () => 'unavailable',
      encrypt: () => {
        throw new Error('No secret storage here.');
      },
      decrypt: () => {
        throw new Error('No secret storage here.');
      },
    },
    userDataDir,
    // No desktop to open anything on: the edit's copy is still written and watched.
    openPath: async () => '',
  };
}
