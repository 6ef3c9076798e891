/**
 * Which code is running, for caches that must not outlive a change of it (`rulebook lint --cache`): the package
 * version and the build's content hash that scripts/build.mjs compiles in, or, running the TypeScript sources
 * (tsx, vitest, electron-vite dev), a hash of every source file's path, size and modification time.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { repositoryRoot } from './host/app-data.js';

declare const __RULEBOOK_BUILD_ID__: string | undefined;

let known: string | null | undefined;

/** "0.1.0+<16 hex digits>", or null when neither a build id nor the sources can be found (then nothing is cached). */
export function toolVersion(): string | null {
  if (known !== undefined) return known;
  const build = typeof __RULEBOOK_BUILD_ID__ === 'string' ? __RULEBOOK_BUILD_ID__ : sourcesId();
  known = build === null ? null : `${packageVersion()}+${build}`;
  return known;
}

export function packageVersion(): string {
  try {
    return JSON.parse(readFileSync(path.join(repositoryRoot(), 'package.json'), 'utf8')).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function sourcesId(): string | null {
  const root = repositoryRoot();
  const files: string[] = [];
  for (const room of ['main', 'shared']) {
    try {
      for (const entry of readdirSync(path.join(root, room), { withFileTypes: true, recursive: true })) {
        if (entry.isFile() && /\.[mc]?[jt]s$/.test(entry.name)) files.push(path.join(entry.parentPath, entry.name));
      }
    } catch {
      return null;
    }
  }
  if (files.length === 0) return null;
  // The dependencies parse too: an npm install changes these.
  files.push(path.join(root, 'package-lock.json'), path.join(root, 'node_modules', '.package-lock.json'));
  // Loaded here, not at the top: the compiled CLI never runs this, and node:crypto takes milliseconds to load.
  const hash = process.getBuiltinModule('node:crypto').createHash('sha256').update('sources\n');
  for (const file of files.sort()) {
    const info = statSync(file, { throwIfNoEntry: false });
    hash.update(`${path.relative(root, file)}\0${info?.size ?? -1}\0${info?.mtimeMs ?? -1}\n`);
  }
  return `src-${hash.digest('hex').slice(0, 16)}`;
}
