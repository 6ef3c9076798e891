#!/usr/bin/env node
/**
 * Entry of `npm start [-- rulebook]`: the desktop app through electron-vite, once Electron's binary is there.
 *
 * npm installs Electron's package without its binary; the binary is fetched on first launch. When that fetch fails
 * (no network, a proxy, an unsupported platform), electron-vite ended in a stack trace ("Error: Electron uninstall").
 * This says in one line what happened and what to do instead: the browser host runs the same app.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const require = module.createRequire(import.meta.url);
const args = process.argv.slice(2);

/** Where Electron's package says its binary is (its own rule: path.txt under dist/, or ELECTRON_OVERRIDE_DIST_PATH). */
function electronBinary(electronDir) {
  const pathFile = path.join(electronDir, 'path.txt');
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : null;
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) return path.join(process.env.ELECTRON_OVERRIDE_DIST_PATH, name || 'electron');
  return name ? path.join(electronDir, 'dist', name) : null;
}

function fail(reason) {
  const web = `npm run web${args.length ? ` -- ${args.join(' ')}` : ''}`;
  process.stderr.write(`rulebook-studio: ${reason}. Run \`${web}\` to use the same app in your browser.\n`);
  process.exit(1);
}

let electronDir;
try {
  electronDir = path.dirname(require.resolve('electron/package.json'));
} catch {
  fail('Electron is not installed (npm ci installs it with the other development tools)');
}

let binary = electronBinary(electronDir);
if (!binary || !existsSync(binary)) {
  // A binary named by ELECTRON_OVERRIDE_DIST_PATH is the person's own build: nothing to fetch.
  if (process.env.ELECTRON_OVERRIDE_DIST_PATH) fail(`there is no Electron binary at ${binary} (ELECTRON_OVERRIDE_DIST_PATH)`);
  process.stderr.write("Fetching Electron's binary (once)…\n");
  const fetched = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { cwd: electronDir, encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'] });
  binary = electronBinary(electronDir);
  if (fetched.status !== 0 || !binary || !existsSync(binary)) {
    const why = (fetched.stderr || fetched.error?.message || '').trim().split('\n')[0] || `exit code ${fetched.status}`;
    fail(`Electron's binary could not be fetched (${why})`);
  }
}

const electronVite = path.join(path.dirname(require.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js');
const child = spawn(process.execPath, [electronVite, 'dev', '--', ...args], { cwd: ROOT, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
