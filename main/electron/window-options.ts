/** The one place a window's settings are decided: every BrowserWindow is constructed here (checked by a test). */
import type { BrowserWindowConstructorOptions } from 'electron';

export interface WindowSettings {
  /** Absolute path of the built preload (a single CommonJS file). */
  readonly preload: string;
  readonly dark: boolean;
  /** DevTools while developing only: in a packaged app they would let anyone at the keyboard run code in the page. */
  readonly devTools: boolean;
}

/** Anything constructed like Electron's BrowserWindow (the real one in the app, a recorder in tests). */
export type WindowConstructor<W> = new (options: BrowserWindowConstructorOptions) => W;

/**
 * Constructs a window with the app's settings. The options are written literally inside the `new`
 * so that electronegativity, which reads the source, sees exactly what the app uses.
 */
export function constructAppWindow<W>(BrowserWindow: WindowConstructor<W>, settings: WindowSettings): W {
  return new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 800,
    minHeight: 500,
    title: 'Rulebook Studio',
    // Shown once the page has painted, so there is no white flash in the dark theme.
    show: false,
    backgroundColor: settings.dark ? '#1e1e1e' : '#ffffff',
    webPreferences: {
      preload: settings.preload,
      // The page gets no Node, no Electron internals, and runs in Chromium's OS-level sandbox.
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      disableBlinkFeatures: 'Auxclick',
      spellcheck: true,
      devTools: settings.devTools,
    },
  });
}
