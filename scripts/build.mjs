#!/usr/bin/env node
/**
 * Compiles the `rulebook` CLI and the browser host (`npm run web`) to JavaScript with esbuild, so they start without
 * transpiling TypeScript: `npm ci` runs it (the `prepare` script), `npm test` runs it first (vitest's global setup),
 * and bin/launch.mjs runs it when a source changed since the last build. `node scripts/build.mjs [--force]`.
 *
 * Layout: dist/<id>/{rulebook,web}.mjs and their shared chunks, where <id> is a hash of every input's content, and
 * dist/current.json naming the current <id> with the size and mtime of each input (the stamp bin/launch.mjs compares).
 * A build never writes into a folder a running process may be loading from: it writes a new folder and renames it
 * into place, then the stamp; concurrent builds of the same sources make the same folder, the first rename wins.
 *
 * Every output file is two folders below the repository, as main/<room>/<file>.ts is: code that finds package.json,
 * docs/, rulebooks/ or renderer/ with `new URL('../../…', import.meta.url)` works from either.
 *
 * Bundled: our sources and the pure-JS dependencies (unified, remark, micromark…: hundreds of small files that are
 * slower to resolve and load one by one). Kept external: packages that read their own files at run time (pdfkit's
 * fonts, fontkit, harfbuzzjs's WebAssembly, pdf.js, mammoth, the font packages, elkjs), vite (the host starts it for the renderer) and
 * chokidar (optional native watchers).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freshBuild, STAMP_FORMAT } from '../bin/launch.mjs';

export const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

const ENTRIES = { rulebook: 'main/cli/index.ts', web: 'main/host/cli.ts' };
const EXTERNAL = ['pdfkit', 'fontkit', 'harfbuzzjs', 'pdfjs-dist', 'mammoth', '@expo-google-fonts/*', 'elkjs', 'vite', 'chokidar', 'electron'];
/** Build folders another process may still be loading from (a command loads chunks as it needs them) are kept this long after they stop being current. */
const KEEP_OLD_MS = 60 * 60 * 1000;

/** The files a build depends on, relative to the repository: their change makes dist/ stale. */
export function inputFiles(root = ROOT) {
  const files = [];
  for (const room of ['main', 'shared']) {
    for (const entry of readdirSync(path.join(root, room), { withFileTypes: true, recursive: true })) {
      if (entry.isFile() && /\.(?:ts|mts|js|mjs|json)$/.test(entry.name)) files.push(path.relative(root, path.join(entry.parentPath, entry.name)));
    }
  }
  // Dependencies: package.json and the lockfile npm writes in node_modules on every install.
  for (const file of ['package.json', 'package-lock.json', 'node_modules/.package-lock.json', 'scripts/build.mjs']) if (existsSync(path.join(root, file))) files.push(file);
  return files.sort().map((file) => file.split(path.sep).join('/'));
}

/** Size and mtime of each input, as the stamp records them; null for a file that is gone. */
export function statInputs(files, root = ROOT) {
  return files.map((file) => {
    const info = statSync(path.join(root, file), { throwIfNoEntry: false });
    return info ? [file, info.size, info.mtimeMs] : [file, -1, -1];
  });
}

/** A hash of the inputs' content and of what else shapes the output (esbuild's version, this file's settings). */
function buildId(files, esbuildVersion, root) {
  const hash = createHash('sha256').update(`rulebook-studio build ${STAMP_FORMAT} esbuild ${esbuildVersion}\n`);
  for (const file of files) {
    const bytes = readFileSync(path.join(root, file), { flag: 'r' });
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('hex').slice(0, 16);
}

function writeStamp(id, inputs, root) {
  // The build this one replaces is dated now: prune() keeps it for KEEP_OLD_MS from here, for processes started from it.
  try {
    const previous = JSON.parse(readFileSync(path.join(root, 'dist', 'current.json'), 'utf8')).id;
    if (typeof previous === 'string' && previous !== id && /^[0-9a-f]{16}$/.test(previous)) {
      const now = new Date();
      utimesSync(path.join(root, 'dist', previous), now, now);
    }
  } catch {
    // no earlier build
  }
  const temp = path.join(root, 'dist', `.current.json.${process.pid}.tmp`);
  writeFileSync(temp, `${JSON.stringify({ format: STAMP_FORMAT, id, builtAt: new Date().toISOString(), inputs })}\n`);
  renameSync(temp, path.join(root, 'dist', 'current.json'));
}

/** Removes build folders and unfinished builds that are neither current nor recently so (their mtime: see writeStamp). */
function prune(current, root) {
  const dist = path.join(root, 'dist');
  for (const entry of readdirSync(dist, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === current) continue;
    const full = path.join(dist, entry.name);
    const info = statSync(full, { throwIfNoEntry: false });
    if (info && Date.now() - info.mtimeMs > KEEP_OLD_MS) rmSync(full, { recursive: true, force: true });
  }
}

/**
 * Node's built-ins through require(), not import: importing one as an ES module copies all its exports, which reads
 * every getter (`process.allowedNodeEnvironmentFlags` alone costs 5–15 ms, `node:fs` 2 ms), at each start-up.
 */
const builtinsByRequire = {
  name: 'builtins-by-require',
  setup(build) {
    const names = new Set(builtinModules.filter((name) => !name.startsWith('_')));
    build.onResolve({ filter: /^[a-z_/:]+$/ }, (args) => {
      const name = args.path.replace(/^node:/, '');
      if (args.kind === 'require-call' || !names.has(name)) return undefined;
      // One stand-in per importing module: shared by several, it would be a chunk of its own, and each chunk a
      // command loads costs its start-up a module resolution and link (a cached lint loaded five of these).
      return { path: `node:${name}|${args.importer}`, namespace: 'builtin' };
    });
    build.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => ({ contents: `module.exports = require(${JSON.stringify(args.path.slice(0, args.path.indexOf('|')))});`, loader: 'js' }));
  },
};

/**
 * commander requires node:child_process when it loads, for executable subcommands (`git-style`), which rulebook never
 * declares: about 2 ms of every start. Its require gets a stand-in that loads the real module on first use.
 */
const lazyChildProcessForCommander = {
  name: 'lazy-child-process-for-commander',
  setup(build) {
    build.onResolve({ filter: /^(?:node:)?child_process$/ }, (args) => {
      if (args.kind !== 'require-call' || !/[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)) return undefined;
      return { path: 'node:child_process', namespace: 'lazy-builtin' };
    });
    build.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, (args) => ({
      contents: `let real;\nmodule.exports = new Proxy({}, { get: (_, key) => (real ??= require(${JSON.stringify(args.path)}))[key] });`,
      loader: 'js',
    }));
  },
};

/**
 * Builds when dist/ is missing or stale (or always with `force`) and returns the current build's folder. The
 * inputs are stat'ed before they are read, so an edit made during the build leaves the stamp stale, never wrong.
 */
export async function build({ force = false, root = ROOT, log = () => undefined } = {}) {
  if (!force) {
    const fresh = freshBuild(root);
    if (fresh) return fresh;
  }
  const esbuild = await import('esbuild');
  const files = inputFiles(root);
  const inputs = statInputs(files, root);
  const id = buildId(files, esbuild.version, root);
  const dir = path.join(root, 'dist', id);
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  if (force || !existsSync(path.join(dir, 'rulebook.mjs'))) {
    const temp = path.join(root, 'dist', `${id}.${process.pid}.tmp`);
    rmSync(temp, { recursive: true, force: true });
    const started = performance.now();
    const result = await esbuild.build({
      absWorkingDir: root,
      entryPoints: ENTRIES,
      outdir: temp,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      outExtension: { '.js': '.mjs' },
      chunkNames: 'chunk-[hash]',
      external: EXTERNAL,
      plugins: [lazyChildProcessForCommander, builtinsByRequire],
      // The CommonJS dependencies bundled (commander, yaml…) and the built-ins (above) call require(): made on first use,
      // as most of the chunks a command loads never call it.
      banner: {
        js: "import { createRequire as __rulebookCreateRequire } from 'node:module';\nlet __rulebookRequire;\nconst require = (id) => (__rulebookRequire ??= __rulebookCreateRequire(import.meta.url))(id);",
      },
      define: { __RULEBOOK_BUILD_ID__: JSON.stringify(id) },
      sourcemap: 'linked',
      sourcesContent: false,
      legalComments: 'none',
      logLevel: 'warning',
      metafile: true,
    });
    // What each output holds, for `npx esbuild --analyze`-style questions (which module made a command slow to start).
    writeFileSync(path.join(temp, 'meta.json'), JSON.stringify(result.metafile));
    try {
      if (force) rmSync(dir, { recursive: true, force: true });
      renameSync(temp, dir);
    } catch (error) {
      // Another build of the same sources finished first: its folder is the same.
      rmSync(temp, { recursive: true, force: true });
      if (!existsSync(path.join(dir, 'rulebook.mjs'))) throw error;
    }
    log(`built dist/${id} in ${Math.round(performance.now() - started)} ms\n`);
  }
  writeStamp(id, inputs, root);
  prune(id, root);
  return { id, dir };
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  try {
    await import('esbuild');
  } catch {
    // An install without devDependencies: nothing to build with; bin/launch.mjs says what to do if it is run.
    process.stderr.write('scripts/build.mjs: esbuild is not installed (devDependencies), so the CLI is not compiled\n');
    process.exit(0);
  }
  await build({ force: process.argv.includes('--force'), log: (s) => process.stdout.write(s) });
}
