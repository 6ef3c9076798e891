/**
 * Every webContents the app ever creates (its window's, and any a future feature or a bug creates) gets the same
 * policy the moment it exists: one app-wide handler, so that nothing depends on remembering to call it. Takes the
 * app and the policy structurally, so it is tested without Electron.
 */
export interface AppLike<C> {
  on(event: 'web-contents-created', listener: (event: unknown, contents: C) => void): unknown;
}

export function hardenEveryWebContents<C>(app: AppLike<C>, harden: (contents: C) => void): void {
  app.on('web-contents-created', (_event, contents) => harden(contents));
}
