import { contextBridge, ipcRenderer } from 'electron';
import { buildApi } from '../shared/api';

// One narrow function per operation of the contract, and `on` for its events; nothing else of ipcRenderer.
contextBridge.exposeInMainWorld(
  'cirrus',
  buildApi(
    (channel, request) => ipcRenderer.invoke(channel, request),
    (channel, listener) => {
      const forward = (_event: unknown, payload: unknown) => listener(payload);
      ipcRenderer.on(channel, forward);
      return () => void ipcRenderer.removeListener(channel, forward);
    },
  ),
);
