/**
 * Loads an entry of the compiled CLI or host from dist/ (built by scripts/build.mjs): the path every command takes.
 *
 * Fresh or not: dist/current.json records the size and mtime of each file the build read; one stat per file (about
 * 1 ms for all) tells whether one changed since. When one did (an edit, a `git pull`, an `npm install`), this
 * rebuilds first (esbuild: a second or less, once), so nobody runs stale code or has to remember a build step.
 * Without esbuild (an install without devDependencies) it runs the TypeScript sources through tsx instead, and
 * says how to build when neither is there. RULEBOOK_FROM_SOURCE=1 runs the sources through tsx in any case.
 */
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Built-ins through require(): importing node:fs as an ES module reads all its exports, 2 ms of each start-up.
const { readFileSync, statSync } = module.createRequire(import.meta.url)('node:fs');

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
/** Bumped when the layout of dist/ or of its stamp changes. */
export const STAMP_FORMAT = 1;

/** The current build when dist/current.json names one whose inputs are all unchanged, else null. */
export function freshBuild(root = ROOT) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(path.join(root, 'dist', 'current.json'), 'utf8'));
  } catch {
    return null;
  }
  if (stamp?.format !== STAMP_FORMAT || typeof stamp.id !== 'string' || !/^[0-9a-f]{16}$/.test(stamp.id) || !Array.isArray(stamp.inputs)) return null;
  for (const input of stamp.inputs) {
    if (!Array.isArray(input)) return null;
    const [file, size, mtime] = input;
    const info = statSync(path.join(root, file), { throwIfNoEntry: false });
    if (!info || info.size !== size || info.mtimeMs !== mtime) return null;
  }
  return { id: stamp.id, dir: path.join(root, 'dist', stamp.id) };
}

/**
 * @param {'rulebook' | 'web'} entry the compiled entry, dist/<id>/<entry>.mjs
 * @param {string} source the TypeScript module it is built from, relative to the repository
 */
export async function load(entry, source) {
  // V8's compiled code for our modules, kept between runs in the OS temp folder (node-compile-cache): most of the
  // parsing and compiling of the bundle is skipped at each start. Keyed by content, so a rebuild is never served stale.
  module.enableCompileCache?.();
  if (process.env.RULEBOOK_DEBUG) process.setSourceMapsEnabled(true);
  if (process.env.RULEBOOK_FROM_SOURCE !== '1') {
    let built = freshBuild(ROOT);
    if (!built) {
      try {
        const { build } = await import('../scripts/build.mjs');
        built = await build({ root: ROOT });
      } catch (error) {
        if (process.env.RULEBOOK_DEBUG) process.stderr.write(`rulebook: could not build dist/, running the sources: ${error?.stack ?? error}\n`);
      }
    }
    if (built) return import(pathToFileURL(path.join(built.dir, `${entry}.mjs`)).href);
  }
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write('rulebook: not compiled and no tsx to run the sources: run `npm ci` in the repository\n');
    process.exit(2);
  }
  register();
  return import(pathToFileURL(path.join(ROOT, source)).href);
}
