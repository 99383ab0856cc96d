import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { buildApi } from '../shared/api';

// One narrow function per operation of the contract, `on` for its events and `pathForFile`; nothing else.
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
    (file) => webUtils.getPathForFile(file as File),
  ),
);
