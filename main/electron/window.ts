/** The window factory: every BrowserWindow is made here, from buildWindowOptions, and hardened before it loads. */
import { BrowserWindow, dialog, shell, type WebContents } from 'electron';
import { LeaveGuard, type LeaveWay } from './leave-guard.js';
import { constructAppWindow } from './window-options.js';
import { decideNavigation, decideWindowOpen, isPermissionAllowed, mayOpenExternally } from './security.js';

export interface AppWindowOptions {
  readonly preload: string;
  readonly dark: boolean;
  readonly url: string;
  readonly devOrigin: string | null;
  readonly devTools: boolean;
  /** The unsaved files the page last reported; asked before closing or reloading. */
  readonly unsavedPaths: () => readonly string[];
  /** Tells the page to save everything, then call closeWindow() or reloadWindow(). */
  readonly requestSaveAll: (way: LeaveWay) => void;
  /**
   * "Don't Save": the edits are dropped, and so are their recovery copies, once the page is gone (a copy the page
   * was still writing would otherwise land after the discard). Copies stay only when the app stops without asking.
   */
  readonly dropUnsaved: (paths: readonly string[]) => Promise<void>;
}

export interface AppWindow {
  readonly window: BrowserWindow;
  /** Closing and reloading with unsaved edits ask first (leave-guard.ts). */
  readonly leave: LeaveGuard;
}

/** Denies navigation, new windows, webviews and permissions; safe links go to the system browser. */
export function hardenWebContents(contents: WebContents, devOrigin: string | null): void {
  const leave = (url: string) => {
    const decision = decideNavigation(url);
    if (decision.action === 'open-external' && mayOpenExternally(decision.url)) void shell.openExternal(decision.url);
  };
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    leave(url);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = decideWindowOpen(url);
    if (decision.action === 'open-external' && mayOpenExternally(decision.url)) void shell.openExternal(decision.url);
    return { action: 'deny' };
  });
  contents.session.setPermissionRequestHandler((wc, permission, callback) => callback(isPermissionAllowed(permission, wc.getURL(), devOrigin)));
  contents.session.setPermissionCheckHandler((wc, permission) => isPermissionAllowed(permission, wc?.getURL(), devOrigin));
}

export function createAppWindow(options: AppWindowOptions): AppWindow {
  // Hardened as it was created, by the app-wide web-contents-created handler (hardenEveryWebContents).
  const window = constructAppWindow(BrowserWindow, { preload: options.preload, dark: options.dark, devTools: options.devTools });
  window.once('ready-to-show', () => window.show());
  const leave = new LeaveGuard({
    unsavedPaths: options.unsavedPaths,
    ask: (prompt) => dialog.showMessageBoxSync(window, prompt),
    requestSaveAll: options.requestSaveAll,
    close: () => window.close(),
    // Ignoring the cache, as the Force Reload role did.
    reload: () => window.webContents.reloadIgnoringCache(),
    whenGone: (way, then) => (way === 'close' ? window.once('closed', then) : window.webContents.once('did-navigate', then)),
    dropUnsaved: options.dropUnsaved,
  });
  window.on('close', (event) => leave.onClose(event));
  void window.loadURL(options.url);
  return { window, leave };
}
