/** The application menu as data (usual shortcuts; DevTools only in development). Electron builds it in menu.ts. */
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../shared/ipc/contract.js';

export interface MenuActions {
  readonly isDev: boolean;
  readonly isMac: boolean;
  /** Sends a command to the focused window's page. */
  send(command: MenuCommand): void;
  /** Force Reload of the focused window, asking first about unsaved edits (the 'forceReload' role never asks). */
  reload(): void;
}

export function buildMenuTemplate(actions: MenuActions): MenuItemConstructorOptions[] {
  const item = (label: string, command: MenuCommand, accelerator?: string): MenuItemConstructorOptions => ({ label, accelerator, click: () => actions.send(command) });
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      item('&Open Rulebook…', 'open', 'CmdOrCtrl+O'),
      { type: 'separator' },
      item('&Save', 'save', 'CmdOrCtrl+S'),
      item('Save A&ll', 'save-all', 'CmdOrCtrl+Alt+S'),
      { type: 'separator' },
      item('&Import…', 'import', 'CmdOrCtrl+Shift+I'),
      item('&Export…', 'export', 'CmdOrCtrl+E'),
      item('&Publish…', 'publish', 'CmdOrCtrl+Shift+P'),
      { type: 'separator' },
      item('Close &Tab', 'close-tab', 'CmdOrCtrl+W'),
      ...(actions.isMac ? [] : [{ type: 'separator' } as MenuItemConstructorOptions, { role: 'quit', label: '&Quit', accelerator: 'Ctrl+Q' } as MenuItemConstructorOptions]),
    ],
  };
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [
      { role: 'undo', accelerator: 'CmdOrCtrl+Z' },
      { role: 'redo', accelerator: actions.isMac ? 'Cmd+Shift+Z' : 'Ctrl+Y' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
      { type: 'separator' },
      item('&Find', 'find', 'CmdOrCtrl+F'),
      item('&Replace', 'replace', actions.isMac ? 'Cmd+Alt+F' : 'Ctrl+H'),
      { type: 'separator' },
      item('Re&name Skill…', 'rename-symbol', 'F2'),
      item('Go to &Definition', 'go-to-definition', 'F12'),
      item('Re&number Section', 'renumber-section'),
      { type: 'separator' },
      item('Infer Book &Layout…', 'infer-layout'),
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      item('&Outline', 'show-outline', 'CmdOrCtrl+1'),
      item('&Problems', 'show-problems', 'CmdOrCtrl+2'),
      item('&Skills', 'show-skills', 'CmdOrCtrl+3'),
      item('Prerequisite &Graph', 'show-graph', 'CmdOrCtrl+4'),
      item('Pre&view', 'show-preview', 'CmdOrCtrl+5'),
      item('&Changes', 'show-changes', 'CmdOrCtrl+6'),
      { type: 'separator' },
      item('Toggle &Dark Theme', 'toggle-theme', 'CmdOrCtrl+Shift+T'),
      { type: 'separator' },
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { role: 'togglefullscreen' },
      ...(actions.isDev ? [{ type: 'separator' } as MenuItemConstructorOptions, { role: 'toggleDevTools' } as MenuItemConstructorOptions, { label: 'Force &Reload', accelerator: 'Shift+CmdOrCtrl+R', click: () => actions.reload() } as MenuItemConstructorOptions] : []),
    ],
  };
  const windowMenu: MenuItemConstructorOptions = { role: 'windowMenu' };
  const app: MenuItemConstructorOptions[] = actions.isMac ? [{ role: 'appMenu' }] : [];
  return [...app, file, edit, view, windowMenu];
}
