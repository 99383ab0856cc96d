import { contextBridge, ipcRenderer } from 'electron';
import { buildApi } from '../shared/api';

// One narrow function per operation of the contract; nothing else of ipcRenderer is exposed.
contextBridge.exposeInMainWorld(
  'cirrus',
  buildApi((channel, request) => ipcRenderer.invoke(channel, request)),
);
