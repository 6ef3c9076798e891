import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BrowserWindowConstructorOptions, MenuItemConstructorOptions } from 'electron';
import { EventEmitter } from 'node:events';
import { hardenEveryWebContents } from '../../main/electron/harden-all.js';
import { constructAppWindow } from '../../main/electron/window-options.js';
import { buildMenuTemplate } from '../../main/electron/menu-template.js';
import type { MenuCommand } from '../../shared/ipc/contract.js';

/** Stands in for BrowserWindow: records what the factory passes to the constructor. */
class RecordingWindow {
  constructor(readonly options: BrowserWindowConstructorOptions) {}
}

/** The text of a file of main/electron/, for what only its source shows (where a handler is registered). */
const electronSource = (file: string) => readFileSync(path.resolve(import.meta.dirname, '../../main/electron', file), 'utf8');

describe('the window factory', () => {
  const { options } = constructAppWindow(RecordingWindow, { preload: '/app/out/preload/index.cjs', dark: true, devTools: false });
  const web = options.webPreferences!;
  it('isolates and sandboxes the page', () => {
    expect(web).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false });
  });
  it('keeps web security on and risky features off', () => {
    expect(web).toMatchObject({ webSecurity: true, allowRunningInsecureContent: false, webviewTag: false, experimentalFeatures: false, navigateOnDragDrop: false });
    expect(web.enableBlinkFeatures).toBeUndefined();
    expect(web.disableBlinkFeatures).toContain('Auxclick');
  });
  it('has DevTools only when asked (while developing), and the app asks only when not packaged', () => {
    expect(web.devTools).toBe(false);
    expect(constructAppWindow(RecordingWindow, { preload: 'p', dark: false, devTools: true }).options.webPreferences!.devTools).toBe(true);
    expect(electronSource('index.ts')).toMatch(/devTools: !app\.isPackaged/);
  });
  it('hardens every webContents the app creates, the window\'s among them, through one app-wide handler', () => {
    const app = new EventEmitter();
    const hardened: unknown[] = [];
    hardenEveryWebContents(app as never, (contents) => hardened.push(contents));
    const window = { id: 1 };
    const other = { id: 2 };
    app.emit('web-contents-created', {}, window);
    app.emit('web-contents-created', {}, other);
    expect(hardened).toEqual([window, other]);
    const main = electronSource('index.ts');
    // Registered when the main process starts, at the top level; the window factory does not harden twice.
    expect(main).toMatch(/^hardenEveryWebContents<WebContents>\(app, /m);
    expect(electronSource('window.ts')).not.toMatch(/hardenWebContents\(window/);
  });
  it('uses the one preload it was given and shows only when painted', () => {
    expect(web.preload).toBe('/app/out/preload/index.cjs');
    expect(options.show).toBe(false);
    expect(options.backgroundColor).toBe('#1e1e1e');
    expect(constructAppWindow(RecordingWindow, { preload: 'p', dark: false, devTools: false }).options.backgroundColor).toBe('#ffffff');
  });
});

describe('one window factory', () => {
  it('is the only place in main/ that constructs a window or sets webPreferences', () => {
    const main = path.resolve(import.meta.dirname, '../../main');
    const offenders: string[] = [];
    for (const entry of readdirSync(main, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.[cm]?ts$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      if (file.endsWith(path.join('electron', 'window-options.ts'))) continue;
      const text = readFileSync(file, 'utf8');
      if (/new\s+BrowserWindow\b|new\s+BrowserView\b|webPreferences\s*:/.test(text)) offenders.push(path.relative(main, file));
    }
    expect(offenders).toEqual([]);
  });
});

function flatten(items: readonly MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flatten(i.submenu) : [])]);
}

describe('the application menu', () => {
  const sent: MenuCommand[] = [];
  const items = flatten(buildMenuTemplate({ isDev: false, isMac: false, send: (c) => sent.push(c), reload: () => undefined }));
  const byAccelerator = (a: string) => items.find((i) => i.accelerator === a);
  it('has the usual shortcuts', () => {
    expect(byAccelerator('CmdOrCtrl+O')?.label).toMatch(/Open/);
    expect(byAccelerator('CmdOrCtrl+S')?.label).toMatch(/Save/);
    expect(byAccelerator('CmdOrCtrl+Alt+S')?.label).toMatch(/Save A/);
    expect(byAccelerator('CmdOrCtrl+F')?.label).toMatch(/Find/);
    expect(byAccelerator('CmdOrCtrl+E')?.label).toMatch(/Export/);
    expect(byAccelerator('CmdOrCtrl+Shift+T')?.label).toMatch(/Dark Theme/);
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'quit']) expect(items.some((i) => i.role === role)).toBe(true);
  });
  it('sends commands to the page', () => {
    (byAccelerator('CmdOrCtrl+S')!.click as () => void)();
    (byAccelerator('CmdOrCtrl+Shift+T')!.click as () => void)();
    expect(sent).toEqual(['save', 'toggle-theme']);
  });
  it('offers DevTools only while developing', () => {
    expect(items.some((i) => i.role === 'toggleDevTools')).toBe(false);
    expect(flatten(buildMenuTemplate({ isDev: true, isMac: false, send: () => undefined, reload: () => undefined })).some((i) => i.role === 'toggleDevTools')).toBe(true);
  });
  it('reloads through the app (which asks about unsaved edits), never through the forceReload role that does not ask', () => {
    let reloads = 0;
    const dev = flatten(buildMenuTemplate({ isDev: true, isMac: false, send: () => undefined, reload: () => reloads++ }));
    expect(dev.some((i) => i.role === 'forceReload' || i.role === 'reload')).toBe(false);
    (dev.find((i) => i.accelerator === 'Shift+CmdOrCtrl+R')!.click as () => void)();
    expect(reloads).toBe(1);
    expect(items.some((i) => i.accelerator === 'Shift+CmdOrCtrl+R')).toBe(false);
  });
});
