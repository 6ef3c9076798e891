/** The sandboxed preload: exposes the contract's methods as window.rulebookApi (bundled to one CommonJS file). */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { BRIDGE_GLOBAL, MENU_CHANNEL } from '../../shared/ipc/contract.js';
import { buildBridge } from './bridge.js';

const bridge = buildBridge(
  (channel, ...args) => ipcRenderer.invoke(channel, ...args),
  (listener) => {
    // The event object (with its sender) stays here; the page only sees the command.
    const handler = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(MENU_CHANNEL, handler);
    return () => void ipcRenderer.removeListener(MENU_CHANNEL, handler);
  },
);

contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, bridge);
