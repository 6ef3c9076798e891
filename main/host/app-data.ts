/** Where the app keeps per-user data and caches outside Electron ($RULEBOOK_STUDIO_DATA, $RULEBOOK_CACHE_DIR), else the platform's usual places. */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export function defaultDataDir(): string {
  if (process.env.RULEBOOK_STUDIO_DATA) return path.resolve(process.env.RULEBOOK_STUDIO_DATA);
  const home = os.homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'Rulebook Studio');
  if (process.platform === 'win32') return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Rulebook Studio');
  return path.join(process.env.XDG_DATA_HOME ?? path.join(home, '.local', 'share'), 'rulebook-studio');
}

/**
 * Where caches go (what may be deleted at any time: `rulebook lint --cache`): $RULEBOOK_CACHE_DIR, else the platform's
 * cache folder ($XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows).
 */
export function defaultCacheDir(): string {
  if (process.env.RULEBOOK_CACHE_DIR) return path.resolve(process.env.RULEBOOK_CACHE_DIR);
  const home = os.homedir();
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Caches', 'Rulebook Studio');
  if (process.platform === 'win32') return path.join(process.env.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'), 'Rulebook Studio', 'Cache');
  return path.join(process.env.XDG_CACHE_HOME || path.join(home, '.cache'), 'rulebook-studio');
}

/**
 * The repository root, where rulebooks/ and renderer/ live: two levels up from this module, which is as true of
 * main/host/app-data.ts as of the compiled dist/<build>/*.mjs (scripts/build.mjs keeps every output file there).
 */
export function repositoryRoot(): string {
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
}
