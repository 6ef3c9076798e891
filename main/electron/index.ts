/** Electron main entry: registers app://, the IPC handlers and the menu, then opens the window. Thin glue over tested modules. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, nativeTheme, session, shell, type WebContents } from 'electron';
import { contentSecurityPolicy } from '../../shared/ipc/csp.js';
import { MENU_CHANNEL, type HostInfo, type MenuCommand } from '../../shared/ipc/contract.js';
import { IMPORT_EXTENSIONS } from '../../shared/ipc/validate.js';
import { MARKDOWN_EXTENSIONS } from '../../shared/model/markdown-files.js';
import { createWorkspaceApi, type WorkspaceApi } from '../workspace/api.js';
import { FileLocks } from '../workspace/file-locks.js';
import { rulebookArgument } from './argv.js';
import { registerApiHandlers } from './ipc.js';
import { buildMenuTemplate } from './menu-template.js';
import { handleAppProtocol, registerAppScheme } from './protocol.js';
import { APP_ENTRY_URL, mayOpenExternally } from './security.js';
import { hardenEveryWebContents } from './harden-all.js';
import { createAppWindow, hardenWebContents } from './window.js';
import type { LeaveGuard } from './leave-guard.js';
import { coreBuild } from '../host/core-build.js';

const here = path.dirname(fileURLToPath(import.meta.url));
// electron-vite sets this while developing; the built app loads app://rulebook/ instead.
const devUrl = !app.isPackaged && process.env.ELECTRON_RENDERER_URL ? process.env.ELECTRON_RENDERER_URL : null;
const devOrigin = devUrl ? new URL(devUrl).origin : null;
const rendererRoot = path.join(here, '..', 'renderer');
const preload = path.join(here, '..', 'preload', 'index.cjs');
const samplesDir = app.isPackaged ? path.join(process.resourcesPath, 'rulebooks') : path.join(app.getAppPath(), 'rulebooks');

const workspaces = new Map<number, WorkspaceApi>();
const guards = new Map<number, LeaveGuard>();
// Two windows on one book save its files one at a time, as one window does.
const locks = new FileLocks();

registerAppScheme();
app.enableSandbox();

function send(contents: WebContents | undefined, command: MenuCommand): void {
  contents?.send(MENU_CHANNEL, command);
}

/** `rulebook` (absolute): opened before the page loads, as `npm run web -- <rulebook>` does; a failure is shown, not fatal. */
async function openWindow(rulebook: string | null = null): Promise<void> {
  let window: BrowserWindow | null = null;
  const info: HostInfo = { kind: 'electron', appVersion: app.getVersion(), nativeDialogs: true, canReveal: true, coreBuild: await coreBuild(devUrl ? null : rendererRoot) };
  const api = createWorkspaceApi({
    dataDir: app.getPath('userData'),
    samplesDir,
    locks,
    shell: {
      info,
      async chooseRulebook() {
        const result = await dialog.showOpenDialog(window!, {
          title: 'Open Rulebook',
          properties: ['openFile', 'openDirectory'],
          filters: [{ name: 'Rulebooks', extensions: [...MARKDOWN_EXTENSIONS.map((e) => e.slice(1)), 'yaml'] }],
        });
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
      async chooseImportFile() {
        const result = await dialog.showOpenDialog(window!, {
          title: 'Import a Document',
          properties: ['openFile'],
          filters: [{ name: 'Documents', extensions: IMPORT_EXTENSIONS.map((e) => e.slice(1)) }],
        });
        return result.canceled ? null : (result.filePaths[0] ?? null);
      },
      async chooseNewRulebookPath(fileName) {
        const result = await dialog.showSaveDialog(window!, {
          title: 'Save the Imported Rulebook',
          defaultPath: path.join(app.getPath('documents'), fileName),
          filters: [{ name: 'Rulebook', extensions: ['md'] }],
        });
        return result.canceled || !result.filePath ? null : result.filePath;
      },
      async openPath(absolute) {
        const problem = await shell.openPath(absolute);
        if (problem) throw new Error(problem);
      },
      async openExternal(url) {
        // Checked again here: the validators ran, but this is the last door before the OS.
        if (mayOpenExternally(url)) await shell.openExternal(url);
      },
      reveal: (absolute) => shell.showItemInFolder(absolute),
      closeWindow: () => window?.close(),
      reloadWindow: () => (window ? guards.get(window.webContents.id)?.proceed('reload') : undefined),
    },
  });
  const opened = rulebook ? await api.openRulebook(rulebook) : null;
  const created = createAppWindow({
    preload,
    dark: nativeTheme.shouldUseDarkColors,
    url: devUrl ?? APP_ENTRY_URL,
    devOrigin,
    devTools: !app.isPackaged,
    unsavedPaths: () => api.unsavedPaths(),
    requestSaveAll: (way) => send(window?.webContents, way === 'close' ? 'save-all-then-close' : 'save-all-then-reload'),
    // Every discard starts at once, before the window's 'closed' handler below lets the workspace go. After a reload
    // the new page has nothing unsaved until it says so.
    dropUnsaved: async (paths) => void (await Promise.all([api.reportUnsaved([]), ...paths.map((relPath) => api.discardBackup(relPath))])),
  });
  window = created.window;
  const id = window.webContents.id;
  workspaces.set(id, api);
  guards.set(id, created.leave);
  // After the close prompt's own 'closed' listener (registered later, run later): disposed once the copies are dropped.
  window.on('closed', () => {
    workspaces.delete(id);
    guards.delete(id);
    setImmediate(() => void api.dispose());
  });
  if (opened && !opened.ok) {
    // The start page shows instead; say why the rulebook named on the command line is not open.
    void dialog.showMessageBox(window, { type: 'error', message: 'Could not open the rulebook', detail: opened.error.message });
  }
}

app.whenReady().then(() => {
  handleAppProtocol(rendererRoot);
  // Every response gets the CSP, the dev server's too (app:// responses already carry it; this is the second lock).
  const cspHeader = { 'Content-Security-Policy': [contentSecurityPolicy({ extraConnect: devOrigin ? [devOrigin.replace(/^http/, 'ws')] : [] })] };
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => callback({ responseHeaders: { ...details.responseHeaders, ...cspHeader } }));
  registerApiHandlers(ipcMain, (event) => workspaces.get(event.sender?.id ?? -1) ?? null, devOrigin);
  const template = buildMenuTemplate({
    isDev: !app.isPackaged,
    isMac: process.platform === 'darwin',
    send: (command) => send(BrowserWindow.getFocusedWindow()?.webContents, command),
    reload: () => {
      const focused = BrowserWindow.getFocusedWindow();
      if (focused) guards.get(focused.webContents.id)?.reload();
    },
  });
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  // npm runs scripts from the project folder; INIT_CWD is where the person typed the command.
  const argument = rulebookArgument(process.argv, process.defaultApp === true);
  void openWindow(argument ? path.resolve(process.env.INIT_CWD ?? process.cwd(), argument) : null);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void openWindow();
  });
});

// Before any window exists: every webContents is hardened as it is created.
hardenEveryWebContents<WebContents>(app, (contents) => hardenWebContents(contents, devOrigin));

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
