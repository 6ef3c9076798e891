/** Where the app keeps per-user data outside Electron: $RULEBOOK_STUDIO_DATA, else the platform's usual place. */
import os from 'node:os';
import path from 'node:path';

export function defaultDataDir(): string {
  if (process.env.RULEBOOK_STUDIO_DATA) return path.resolve(process.env.RULEBOOK_STUDIO_DATA);
  const home = os.homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Rulebook Studio');
  if (process.platform === 'win32') return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Rulebook Studio');
  return path.join(process.env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'rulebook-studio');
}

/** The repository root (main/host/ is two levels down), where rulebooks/ and renderer/ live. */
export function repositoryRoot(): string {
  return path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
}
