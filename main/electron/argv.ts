/** Which rulebook `npm start -- <rulebook>` (or the packaged app given a file) asks to open, from Electron's argv. */

/**
 * The first argument that is neither the executable, nor the app folder Electron was started with
 * (`electron .` while developing: `defaultApp` is true), nor a flag (Chromium's and Electron's own,
 * `--inspect=…`, `--no-sandbox`, macOS's `-psn_…`), or null when none is given.
 */
export function rulebookArgument(argv: readonly string[], defaultApp: boolean): string | null {
  const rest = argv.slice(defaultApp ? 2 : 1);
  return rest.find((arg) => arg !== '' && !arg.startsWith('-')) ?? null;
}
