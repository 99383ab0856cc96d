import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildApi } from '../shared/api';
import { channelOf } from '../shared/operations';

/**
 * The local path of a File the person dropped, granted to the main process as it is handed to the
 * page. The main process reads only paths it handed out (its dialogs' answers, and these), so a
 * compromised page cannot make it read `~/.ssh/id_rsa`; and the page cannot forge this grant:
 * with context isolation it reaches only `window.cirrus` (which has no `grantDroppedFile`), and
 * webUtils gives no path for a File the page made itself.
 *
 * Fire and forget: IPC messages from one renderer reach the main process in the order they were
 * sent, and the handler adds the grant before its first await, so a `previewArchive` or
 * `uploadFile` the page sends after this call already finds the grant.
 */
function pathForFile(file: File): string {
  const path = webUtils.getPathForFile(file);
  if (path !== '') void ipcRenderer.invoke(channelOf('grantDroppedFile'), { path }).catch(() => undefined);
  return path;
}

// One narrow function per page operation of the contract, `on` for its events and `pathForFile`; nothing else.
contextBridge.exposeInMainWorld(
  'cirrus',
  buildApi(
    (channel, request) => ipcRenderer.invoke(channel, request),
    (channel, listener) => {
      const forward = (_event: unknown, payload: unknown) => listener(payload);
      ipcRenderer.on(channel, forward);
      return () => void ipcRenderer.removeListener(channel, forward);
    },
    // The renderer never reads a dropped file's bytes; the main process streams it from this path.
    (file) => pathForFile(file as File),
  ),
);
