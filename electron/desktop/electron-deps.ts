import { app, dialog, safeStorage, type BrowserWindow, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import path from 'node:path';
import type { MainDeps } from '../ipc/deps';
import { openEditingCopy } from './open-path';

/**
 * The handlers' host services, from Electron: the OS file dialogs and the OS keychain. One for the
 * app, shared by its windows (the settings and profiles stores are kept by it): a dialog belongs to
 * `parent()`, the window in front, which is the one whose page asked.
 */
export function electronDeps(parent: () => BrowserWindow | undefined): MainDeps {
  const showOpen = (options: OpenDialogOptions) => {
    const window = parent();
    return window ? dialog.showOpenDialog(window, options) : dialog.showOpenDialog(options);
  };
  const showSave = (options: SaveDialogOptions) => {
    const window = parent();
    return window ? dialog.showSaveDialog(window, options) : dialog.showSaveDialog(options);
  };
  return {
    dialogs: {
      async chooseFolder(title) {
        const result = await showOpen({
          title: title ?? 'Choose a folder',
          properties: ['openDirectory', 'createDirectory'],
        });
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
      async chooseFiles(title) {
        const result = await showOpen({
          title: title ?? 'Choose files',
          properties: ['openFile', 'multiSelections'],
        });
        return result.canceled ? [] : result.filePaths;
      },
      async chooseSaveFile(title, defaultName) {
        const result = await showSave({
          title,
          defaultPath: path.join(app.getPath('documents'), defaultName),
          properties: ['createDirectory', 'showOverwriteConfirmation'],
        });
        return result.canceled || !result.filePath ? null : result.filePath;
      },
    },
    secrets: {
      storage() {
        if (!safeStorage.isEncryptionAvailable()) return 'unavailable';
        // On Linux without a keyring, safeStorage "encrypts" with a hard-coded key: plain text in effect.
        return process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text'
          ? 'plain-text'
          : 'os';
      },
      encrypt: (plain) => safeStorage.encryptString(plain),
      decrypt: (data) => safeStorage.decryptString(data),
    },
    userDataDir: app.getPath('userData'),
    openPath: openEditingCopy(app.getPath('userData')),
  };
}
