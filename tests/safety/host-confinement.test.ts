/**
 * Issue "Safety and self-containment", the browser host's part: every path a request names, through any API method or
 * file route, resolves (symbolic links followed) inside the open rulebook's folder.
 *
 * A real host (`npm run web`'s startHost, with the dev renderer) is started on a copy of a small fixture book whose
 * folder also holds symbolic links out of it (a file, a folder, dangling ones, a loop) and links that stay inside (a
 * file, a subfolder, an export). Every method that takes a path, every method that takes a name, and every static
 * route is swept with generated hostile spellings; the methods without a path argument that read or write the book's
 * own files are run with those files linked out of the folder. Throughout: nothing outside is read (no response holds
 * an outside file's text or its content hash), nothing outside is written (outside files keep their bytes, mtimes and
 * inodes, and no file appears outside), each refusal is a clean Result or a 4xx (no 500, no stack, no hang), and the
 * links inside work, writes landing in their real targets while the links stay links.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { chmod, cp, lstat, mkdir, mkdtemp, readFile, readlink, realpath, rm, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startHost, type RunningHost } from '../../main/host/server.js';
import { contentHash } from '../../main/workspace/versions.js';
import { API_METHODS, type ApiMethod } from '../../shared/ipc/contract.js';

const FIXTURE = path.resolve(import.meta.dirname, '..', 'fixtures', 'wild', 'cypher-csrd', 'book', '01-type.md');

/** In the name of every outside target: a stray file anywhere on the machine is found by name. */
const TAG = randomBytes(4).toString('hex');
const STEM = `secret-${TAG}`;
/** The first bytes of every outside file, so even a ten-character quote of one (a JSON parse error) shows. */
const MARK = 'ZQXSECRET';
const EXTS = ['.md', '.json', '.pdf', '.txt', '.yaml', '.js'] as const;
const INSIDE_TEXT = '# Inside\n\nA text that lives inside the rulebook folder.\n';
const SWEEP_TEXT = '# Written by the sweep\n';
/** A refusal must be one of these: a named, expected failure, never 'internal'. */
const CLEAN_CODES = ['bad-argument', 'outside-rulebook', 'not-found', 'unreadable', 'invalid-rulebook', 'exists', 'conflict', 'not-available', 'write-failed', 'failed', 'no-rulebook'];
const REQUEST_TIMEOUT_MS = 10_000;

let tmp: string;
let book: string;
let outside: string;
let rendererDir: string;
let dataDir: string;
let host: RunningHost;
let built: RunningHost;
/** Content hashes (as in file versions) of every outside file: a version token of one is a read of it. */
const outsideHashes = new Set<string>();
/** Hostile cases per route, for the summary: how many, and how many of them were accepted (as names inside). */
const swept = new Map<string, string>();

const secretText = (what: string) => `${MARK} ${TAG} ${what}\nThis text lives outside the rulebook folder.\n`;

async function writeOutside(file: string, text: string): Promise<void> {
  await writeFile(file, text);
  outsideHashes.add(contentHash(new TextEncoder().encode(text)));
}

beforeAll(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'host-confine-')));
  book = path.join(tmp, 'book');
  outside = path.join(tmp, 'outside');
  rendererDir = path.join(tmp, 'renderer');
  dataDir = path.join(tmp, 'data');
  await mkdir(path.join(book, 'sub'), { recursive: true });
  await mkdir(path.join(book, 'export'));
  await mkdir(outside);
  await mkdir(path.join(rendererDir, 'assets'), { recursive: true });

  // Outside: a secret of every type beside the book, and a folder of them.
  for (const ext of EXTS) {
    await writeOutside(path.join(tmp, `${STEM}${ext}`), secretText(`beside${ext}`));
    await writeOutside(path.join(outside, `inner${ext}`), secretText(`outside folder${ext}`));
  }

  // The book: a real fixture chapter, a subfolder, an export folder.
  await cp(FIXTURE, path.join(book, '01-type.md'));
  await chmod(path.join(book, '01-type.md'), 0o644);
  await writeFile(path.join(book, 'sub', 'inner.md'), INSIDE_TEXT);
  await writeFile(path.join(book, 'export', 'real.json'), '{}\n');
  // Links out of it: a file of every type, a folder, a dangling file and folder, and a loop.
  for (const ext of EXTS) {
    await symlink(path.join(tmp, `${STEM}${ext}`), path.join(book, `leak${ext}`));
    await symlink(`loop${ext}`, path.join(book, `loop${ext}`));
  }
  await symlink(outside, path.join(book, 'outdir'));
  await symlink(path.join(tmp, `ghost-${TAG}.md`), path.join(book, 'dangle.md'));
  await symlink(path.join(tmp, `ghost-dir-${TAG}`), path.join(book, 'ghost-dir'));
  // Links that stay inside: allowed.
  await symlink('sub/inner.md', path.join(book, 'alias.md'));
  await symlink('sub', path.join(book, 'linked-sub'));
  await symlink('real.json', path.join(book, 'export', 'alias.json'));
  // Spelled like exports, but links to the book's chapter: an export must never replace it.
  await symlink('../01-type.md', path.join(book, 'export', 'chapter.json'));
  await symlink('../01-type.md', path.join(book, 'export', 'chapter.pdf'));

  // A built renderer folder for the other static route, with the same kinds of links.
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>built</title>\n');
  await writeFile(path.join(rendererDir, 'app.js'), 'console.log("app");\n');
  await writeFile(path.join(rendererDir, 'assets', 'style.css'), 'body { color: black }\n');
  for (const ext of EXTS) {
    await symlink(path.join(tmp, `${STEM}${ext}`), path.join(rendererDir, `leak${ext}`));
    await symlink(`loop${ext}`, path.join(rendererDir, `loop${ext}`));
  }
  await symlink(outside, path.join(rendererDir, 'outdir'));
  await symlink('app.js', path.join(rendererDir, 'alias.js'));
  await symlink('assets', path.join(rendererDir, 'linked-assets'));

  host = await startHost({ rulebook: book, dataDir, renderer: 'dev' });
  built = await startHost({ rulebook: book, dataDir: path.join(dataDir, 'built'), renderer: rendererDir });
});

afterAll(async () => {
  await host?.close();
  await built?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
  if (swept.size) console.info(`hostile cases per route:\n${[...swept].map(([route, n]) => `  ${route}: ${n}`).join('\n')}`);
});

// ---------------------------------------------------------------------------------------------------------------
// Hostile paths

/**
 * Spellings that try to reach a file outside the folder whose root is `tmp/<folder>`: the secret beside it, the same
 * through the links out of it, or a new file outside. `ext` is the extension the route insists on.
 */
function hostilePaths(ext: string): string[] {
  const secret = `${STEM}${ext}`;
  const abs = path.join(tmp, secret);
  const tmpName = path.basename(tmp);
  const up = (n: number) => '../'.repeat(n);
  const list = [
    // `..` chains, plain and through the folders and links inside
    `../${secret}`,
    `${up(2)}${tmpName}/${secret}`,
    `${up(40)}${abs.slice(1)}`,
    `${up(40)}${STEM}${ext}`,
    `${up(2)}${secret}`,
    `sub/../../${secret}`,
    `linked-sub/../../${secret}`,
    `outdir/../${secret}`,
    `outdir/../../${tmpName}/${secret}`,
    `ghost-dir/../../${secret}`,
    '..',
    '../',
    'sub/..',
    `.../${secret}`,
    `..../${secret}`,
    // absolute
    abs,
    `/${abs}`,
    `${abs}/`,
    `/../${abs.slice(1)}`,
    `file://${abs}`,
    `file:${abs}`,
    `C:/${secret}`,
    `C:\\${secret}`,
    `c:${secret}`,
    `\\\\localhost\\share\\${secret}`,
    `//localhost${abs}`,
    `~/${secret}`,
    `~${abs}`,
    `${path.join(book, '..', secret)}`,
    // percent-encoded
    `%2e%2e/${secret}`,
    `%2e%2e%2f${secret}`,
    `..%2f${secret}`,
    `%2E%2E%2F${secret}`,
    `.%2e/${secret}`,
    `%2e./${secret}`,
    encodeURIComponent(abs),
    `%2f${abs.slice(1)}`,
    `sub%2f..%2f..%2f${secret}`,
    `leak${ext.replace('.', '%2e')}`,
    // double-encoded
    `%252e%252e%252f${secret}`,
    `%252e%252e/${secret}`,
    `..%252f${secret}`,
    `%25%32%65%25%32%65/${secret}`,
    `%25252e%25252e%25252f${secret}`,
    // backslashes
    `..\\${secret}`,
    `sub\\..\\..\\${secret}`,
    `..\\/${secret}`,
    `..%5c${secret}`,
    `..%5C${secret}`,
    `%5c..%5c${secret}`,
    `\\${abs}`,
    // NUL
    `leak${ext}\0`,
    `../${secret}\0${ext}`,
    `%00../${secret}`,
    `sub/inner.md\0${ext}`,
    `..%00/${secret}`,
    `leak${ext}%00`,
    `\0${abs}`,
    // Unicode look-alikes of dots, slashes and backslashes
    `\uFF0E\uFF0E/${secret}`,
    `\uFF0E\uFF0E\uFF0F${secret}`,
    `..\uFF0F${secret}`,
    `..\uFF3C${secret}`,
    `\u2024\u2024/${secret}`,
    `..\u2215${secret}`,
    `..\u2044${secret}`,
    `\uFE52\uFE52/${secret}`,
    `%EF%BC%8E%EF%BC%8E%EF%BC%8F${secret}`,
    `.\u0307./${secret}`,
    // overlong UTF-8 and its Latin-1 misreadings
    `%c0%ae%c0%ae/${secret}`,
    `%c0%ae%c0%ae%c0%af${secret}`,
    `%e0%80%ae%e0%80%ae/${secret}`,
    `..%c0%af${secret}`,
    `..%c1%9c${secret}`,
    `%f0%80%80%ae%f0%80%80%ae/${secret}`,
    `\u00c0\u00ae\u00c0\u00ae/${secret}`,
    `\uFFFD\uFFFD/${secret}`,
    // trailing dots and spaces
    `leak${ext}.`,
    `leak${ext} `,
    `leak${ext}...`,
    `leak${ext}. . `,
    `.. /${secret}`,
    `. ./${secret}`,
    `../${secret}.`,
    `../${secret} `,
    `outdir./inner${ext}`,
    `outdir /inner${ext}`,
    `outdir\u0020/inner${ext}`,
    // ./-prefixed
    `./leak${ext}`,
    `././outdir/inner${ext}`,
    `./${secret}`,
    `.//../${secret}`,
    `./sub/../../${secret}`,
    // through the links out of the folder
    `leak${ext}`,
    `outdir/inner${ext}`,
    `outdir/new-${TAG}${ext}`,
    `outdir/deeper-${TAG}/new${ext}`,
    `linked-sub/../leak${ext}`,
    `dangle${ext}`,
    `ghost-dir/new${ext}`,
    `ghost-dir/deeper/new${ext}`,
    `loop${ext}`,
    `loop${ext}/x${ext}`,
    `sub/inner.md/x${ext}`,
    `01-type.md/../leak${ext}`,
    // very long
    `${'a/'.repeat(120)}x${ext}`,
    `${up(340)}${secret}`,
    `${'x'.repeat(300)}${ext}`,
    `${'x'.repeat(5000)}${ext}`,
    `${'./'.repeat(600)}${secret}`,
    `${'%2e%2e%2f'.repeat(100)}${secret}`,
    `outdir/${'y'.repeat(300)}${ext}`,
    // empty and degenerate
    '',
    '.',
    '/',
    ' ',
    ext,
    'sub/',
    `//${secret}`,
    `\n../${secret}`,
    `../\n${secret}`,
    '%',
    `%zz${ext}`,
    `leak${ext}#x`,
    `leak${ext}?x=1`,
    `#/../${secret}`,
    `?/../${secret}`,
  ];
  return [...new Set(list)];
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

interface Answer {
  readonly status: number;
  readonly body: string;
  readonly ms: number;
}

/** A raw HTTP request (the path sent as given), failing after REQUEST_TIMEOUT_MS: a hang is a finding. */
function raw(on: RunningHost, pathname: string, options: { method?: string; body?: string } = {}): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: on.port,
        path: pathname,
        method: options.method ?? 'GET',
        headers: { host: `127.0.0.1:${on.port}`, 'x-rulebook-token': on.token, ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1'), ms: Date.now() - started }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer to ${pathname.slice(0, 200)} within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

interface ApiAnswer extends Answer {
  readonly result: { ok: true; value: unknown } | { ok: false; error: { code: string; message: string } };
}

async function callApi(method: ApiMethod, args: unknown[]): Promise<ApiAnswer> {
  const answer = await raw(host, `/api/${method}`, { method: 'POST', body: JSON.stringify({ args }) });
  return { ...answer, body: Buffer.from(answer.body, 'latin1').toString('utf8'), result: JSON.parse(Buffer.from(answer.body, 'latin1').toString('utf8')) };
}

async function ok<T = unknown>(method: ApiMethod, args: unknown[]): Promise<T> {
  const { result } = await callApi(method, args);
  if (!result.ok) throw new Error(`${method} failed: ${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

const STACK = /\n\s+at\s|node:internal|\(\/[^)]*\.[cm]?[jt]s:\d+:\d+\)/;

/** No 5xx, no stack trace, no outside file's text or content hash. */
function expectClean(label: string, answer: Answer, options: { secretAllowed?: boolean } = {}): void {
  expect(answer.status, `${label}: status`).toBeLessThan(500);
  expect(answer.body, `${label}: a stack trace`).not.toMatch(STACK);
  if (options.secretAllowed) return;
  expect(answer.body.includes(MARK), `${label}: answered with an outside file's text: ${answer.body.slice(0, 300)}`).toBe(false);
  for (const hash of outsideHashes) expect(answer.body.includes(hash), `${label}: answered with an outside file's content hash`).toBe(false);
}

/** The real file `rel` names, symlinks followed like confine does, is inside the book (an oracle of our own). */
function landsInside(root: string, rel: string): boolean {
  const inside = (candidate: string) => {
    const relative = path.relative(root, candidate);
    return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
  };
  let probe = path.resolve(root, rel);
  if (!inside(probe)) return false;
  const rest: string[] = [];
  for (;;) {
    try {
      return inside(path.join(realpathSync(probe), ...rest));
    } catch {
      if (probe === root) return false;
      rest.unshift(path.basename(probe));
      probe = path.dirname(probe);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Outside the book: nothing read, nothing written

interface Entry {
  readonly quick: string;
  readonly bytes: string;
}

/** Every entry of tmp outside the book, the host's data folder and git's own: type, size, mtime, inode, link, content hash. */
function snapshotOutside(withBytes: boolean): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const skip = new Set([book, dataDir, path.join(tmp, '.git')]);
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const full = path.join(folder, name);
      if (skip.has(full)) continue;
      const info = lstatSync(full);
      const link = info.isSymbolicLink() ? readlinkSync(full) : '';
      const quick = `${info.isDirectory() ? 'd' : info.isSymbolicLink() ? 'l' : 'f'}:${info.size}:${info.mtimeMs}:${info.ino}:${link}`;
      const bytes = withBytes && info.isFile() ? createHash('sha256').update(readFileSync(full)).digest('hex') : '';
      out.set(path.relative(tmp, full), { quick, bytes });
      if (info.isDirectory()) walk(full);
    }
  };
  walk(tmp);
  return out;
}

/** Files named after TAG anywhere a `..` chain or an absolute path could have put one: the temp folder and the root. */
function strays(): string[] {
  const found: string[] = [];
  for (const folder of [os.tmpdir(), realpathSync(os.tmpdir()), '/']) {
    let names: string[] = [];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) if (name.includes(TAG) && path.join(folder, name) !== tmp) found.push(path.join(folder, name));
  }
  return found;
}

function expectSameOutside(label: string, before: Map<string, Entry>, withBytes: boolean): void {
  const now = snapshotOutside(withBytes);
  for (const [name, entry] of now) {
    expect(before.has(name), `${label}: ${name} appeared outside the book`).toBe(true);
    expect(entry.quick, `${label}: ${name} outside the book changed`).toBe(before.get(name)!.quick);
    if (withBytes) expect(entry.bytes, `${label}: ${name} outside the book got other bytes`).toBe(before.get(name)!.bytes);
  }
  for (const name of before.keys()) expect(now.has(name), `${label}: ${name} outside the book disappeared`).toBe(true);
}

/** Runs `body`, then checks that nothing outside the book changed, down to the bytes. */
async function outsideUntouched(label: string, body: () => Promise<void>): Promise<void> {
  const before = snapshotOutside(true);
  const straysBefore = strays();
  await body();
  expectSameOutside(label, before, true);
  expect(strays(), `${label}: files appeared outside`).toEqual(straysBefore);
}

/** The book is the open rulebook again (a name-taking route may open another one). */
async function reopenBook(): Promise<void> {
  const current = await ok<{ root: string } | null>('currentRulebook', []);
  if (current?.root !== book) await ok('openRulebook', [book]);
}

// ---------------------------------------------------------------------------------------------------------------
// The routes

interface Route {
  readonly name: string;
  readonly method: ApiMethod;
  /** The extension the route's validator insists on; the hostile paths end with it. */
  readonly ext: string;
  readonly args: (p: string, i: number) => unknown[];
  /** Why an ok answer to `p` is wrong, or null when it is fine. Absent: any ok answer is fine (the route reads nothing). */
  readonly accept?: (p: string, value: unknown) => string | null;
  /** Opens another rulebook when it succeeds. */
  readonly switches?: boolean;
  /** An ok answer may carry the file's text: the person named it by absolute path (openRulebook). */
  readonly secretAllowedWhen?: (p: string) => boolean;
}

const insideFile = (p: string): string | null => (landsInside(book, p) ? null : `${p} was accepted but does not lie inside the book`);
const writtenInside = (p: string): string | null => {
  const problem = insideFile(p);
  if (problem) return problem;
  return existsSync(path.join(book, p)) ? null : `${p} was reported written, but is not in the book`;
};

function versionOf(file: string): string {
  const bytes = readFileSync(file);
  return `${bytes.byteLength}-${Math.floor(lstatSync(file).mtimeMs)}-${contentHash(bytes)}`;
}

/** Every API method that takes a path or a name, with the extension its validator wants. */
function routes(): Route[] {
  const exportRequest = (kind: 'json' | 'pdf', output: string | null, unsaved: { path: string; text: string }[] = []) => ({
    kind,
    output,
    unsaved,
    // A one-chapter selection that matches nothing keeps the PDF small: confinement comes before rendering anyway.
    options: kind === 'pdf' ? { chapters: ['no such chapter'] } : {},
  });
  // The version of the outside secret: an attacker who knows it passes the conflict check if the path gets through.
  const secretVersion = () => versionOf(path.join(tmp, `${STEM}.md`));
  return [
    { name: 'readFile .md', method: 'readFile', ext: '.md', args: (p) => [p], accept: insideFile },
    { name: 'readFile .txt', method: 'readFile', ext: '.txt', args: (p) => [p], accept: insideFile },
    { name: 'readFile .yaml', method: 'readFile', ext: '.yaml', args: (p) => [p], accept: insideFile },
    { name: 'openFile .md', method: 'openFile', ext: '.md', args: (p) => [p], accept: insideFile },
    { name: 'openFile .pdf', method: 'openFile', ext: '.pdf', args: (p) => [p], accept: insideFile },
    { name: 'openFile .json', method: 'openFile', ext: '.json', args: (p) => [p], accept: insideFile },
    { name: 'revealFile', method: 'revealFile', ext: '.md', args: (p) => [p], accept: insideFile },
    { name: 'readBackup', method: 'readBackup', ext: '.md', args: (p) => [p] },
    { name: 'saveFile (new file)', method: 'saveFile', ext: '.md', args: (p) => [p, SWEEP_TEXT, null], accept: writtenInside },
    { name: 'saveFile (over the secret, its version known)', method: 'saveFile', ext: '.md', args: (p) => [p, SWEEP_TEXT, secretVersion()], accept: writtenInside },
    { name: 'saveFiles (alone)', method: 'saveFiles', ext: '.md', args: (p) => [[{ path: p, text: SWEEP_TEXT, expectedVersion: null }]], accept: writtenInside },
    {
      name: 'saveFiles (after a file inside)',
      method: 'saveFiles',
      ext: '.md',
      args: (p, i) => [
        [
          { path: `sub/first-${i}.md`, text: SWEEP_TEXT, expectedVersion: null },
          { path: p, text: SWEEP_TEXT, expectedVersion: secretVersion() },
        ],
      ],
      accept: writtenInside,
    },
    { name: 'writeBackup', method: 'writeBackup', ext: '.md', args: (p) => [p, SWEEP_TEXT, null], accept: insideFile },
    { name: 'discardBackup', method: 'discardBackup', ext: '.md', args: (p) => [p] },
    { name: 'exportRulebook json output', method: 'exportRulebook', ext: '.json', args: (p) => [exportRequest('json', p)], accept: writtenInside },
    { name: 'exportRulebook pdf output', method: 'exportRulebook', ext: '.pdf', args: (p) => [exportRequest('pdf', p)], accept: writtenInside },
    {
      name: 'exportRulebook unsaved path',
      method: 'exportRulebook',
      ext: '.md',
      args: (p) => [exportRequest('json', 'export/sweep.json', [{ path: p, text: SWEEP_TEXT }])],
      accept: () => writtenInside('export/sweep.json'),
    },
    { name: 'reportUnsaved', method: 'reportUnsaved', ext: '.md', args: (p) => [[p]] },
    // Names, not paths: a sample id, an imported document's name, a new rulebook's file name (written to app data).
    { name: 'convertImportFile name', method: 'convertImportFile', ext: '.md', args: (p) => [p, Buffer.from('# Imported\n\nText.\n').toString('base64')] },
    { name: 'openSample id', method: 'openSample', ext: '', args: (p) => [p], switches: true },
    {
      name: 'createRulebook fileName',
      method: 'createRulebook',
      ext: '.md',
      args: (p) => [p, SWEEP_TEXT],
      switches: true,
      accept: (_p, value) => {
        const target = (value as { target?: string } | null)?.target ?? '';
        return landsInside(path.join(dataDir, 'imported'), path.relative(path.join(dataDir, 'imported'), target)) ? null : `a new rulebook was written to ${target}, outside the app data's imported/ folder`;
      },
    },
    // Absolute paths the person names: any rulebook may be opened (the browser has no Open dialog), and forgotten.
    { name: 'forgetRecent target', method: 'forgetRecent', ext: '.md', args: (p) => [p] },
    {
      name: 'openRulebook target',
      method: 'openRulebook',
      ext: '.md',
      args: (p) => [p],
      switches: true,
      secretAllowedWhen: (p) => p.startsWith('/'),
      accept: (p) => (p.startsWith('/') ? null : `${JSON.stringify(p)} is no absolute path, yet it opened`),
    },
  ];
}

/**
 * What each API method is, read off the contract: a Record over ApiMethod, so a new method fails to compile until it
 * is placed here. 'path' and 'name' methods are swept; 'book' methods take no path but read or write the open book's
 * own files, and run with those linked out of the folder; 'none' touch no rulebook file.
 */
const COVERAGE: Record<ApiMethod, 'path' | 'name' | 'absolute' | 'book' | 'none'> = {
  hostInfo: 'none',
  currentRulebook: 'book',
  openRulebook: 'absolute',
  openRulebookDialog: 'none',
  listSamples: 'none',
  openSample: 'name',
  recentRulebooks: 'none',
  forgetRecent: 'absolute',
  readFile: 'path',
  saveFile: 'path',
  saveFiles: 'path',
  pollChanges: 'book',
  writeBackup: 'path',
  listBackups: 'book',
  readBackup: 'path',
  discardBackup: 'path',
  exportRulebook: 'path',
  printPreview: 'book',
  openFile: 'path',
  revealFile: 'path',
  openExternal: 'none',
  listRevisions: 'book',
  readRevision: 'book',
  readLastPublication: 'book',
  publishRulebook: 'book',
  chooseImportFile: 'none',
  convertImportFile: 'name',
  createRulebook: 'name',
  proposeLayout: 'book',
  applyLayout: 'book',
  retiredNumbers: 'book',
  reviewChanges: 'book',
  listCharacters: 'book',
  reportUnsaved: 'path',
  closeWindow: 'none',
  reloadWindow: 'none',
};

// ---------------------------------------------------------------------------------------------------------------

describe('the host on a book with links out of its folder', () => {
  it('knows every API method, and sweeps every one that takes a path or a name', () => {
    expect(Object.keys(COVERAGE).sort()).toEqual([...API_METHODS].sort());
    const sweptMethods = new Set(routes().map((r) => r.method));
    for (const [method, kind] of Object.entries(COVERAGE)) {
      if (kind === 'path' || kind === 'name' || kind === 'absolute') expect(sweptMethods.has(method as ApiMethod), method).toBe(true);
    }
  });

  it('reads and writes through the links that stay inside, writes landing in their real targets', async () => {
    await outsideUntouched('inside links', async () => {
      // A linked file and a file in a linked folder read as their targets.
      const viaAlias = await ok<{ text: string; version: string }>('readFile', ['alias.md']);
      expect(viaAlias.text).toBe(INSIDE_TEXT);
      const viaFolder = await ok<{ text: string; version: string }>('readFile', ['linked-sub/inner.md']);
      expect(viaFolder.text).toBe(INSIDE_TEXT);
      for (const url of ['/files/alias.md', '/files/linked-sub/inner.md']) {
        const served = await raw(host, url);
        expect(served.status, url).toBe(200);
        expect(served.body).toBe(INSIDE_TEXT);
      }
      expect(await ok('openFile', ['alias.md'])).toEqual({ opened: false, url: '/files/alias.md' });

      // Saved through the link: the target gets the text, the link stays a link.
      await ok('saveFile', ['alias.md', '# Saved through the link\n', viaAlias.version]);
      expect(await readFile(path.join(book, 'sub', 'inner.md'), 'utf8')).toBe('# Saved through the link\n');
      expect((await lstat(path.join(book, 'alias.md'))).isSymbolicLink()).toBe(true);
      expect(await readlink(path.join(book, 'alias.md'))).toBe('sub/inner.md');
      const again = await ok<{ version: string }>('readFile', ['linked-sub/inner.md']);
      await ok('saveFiles', [[{ path: 'linked-sub/inner.md', text: INSIDE_TEXT, expectedVersion: again.version }, { path: 'linked-sub/added.md', text: SWEEP_TEXT, expectedVersion: null }]]);
      expect(await readFile(path.join(book, 'sub', 'inner.md'), 'utf8')).toBe(INSIDE_TEXT);
      expect((await lstat(path.join(book, 'sub', 'added.md'))).isFile()).toBe(true);
      expect((await lstat(path.join(book, 'linked-sub'))).isSymbolicLink()).toBe(true);
      await ok('writeBackup', ['alias.md', 'unsaved', null]);

      // Exported through a link to another export, and into a linked folder.
      const json = await ok<{ path: string; absolutePath: string }>('exportRulebook', [{ kind: 'json', output: 'export/alias.json', replace: true, unsaved: [], options: {} }]);
      expect(json.absolutePath).toBe(path.join(book, 'export', 'real.json'));
      expect(JSON.parse(await readFile(path.join(book, 'export', 'real.json'), 'utf8'))).toBeTypeOf('object');
      expect(await readlink(path.join(book, 'export', 'alias.json'))).toBe('real.json');
      const pdf = await ok<{ absolutePath: string }>('exportRulebook', [{ kind: 'pdf', output: 'linked-sub/type.pdf', unsaved: [], options: {} }]);
      expect(pdf.absolutePath).toBe(path.join(book, 'sub', 'type.pdf'));
      expect((await readFile(path.join(book, 'sub', 'type.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
      expect((await lstat(path.join(book, 'linked-sub'))).isSymbolicLink()).toBe(true);

      // The built renderer's route follows links inside its folder too.
      expect((await raw(built, '/alias.js')).body).toBe('console.log("app");\n');
      expect((await raw(built, '/linked-assets/style.css')).status).toBe(200);
    });
  });

  it('never lets an export replace the chapter an export-named link points to', async () => {
    const chapter = path.join(book, '01-type.md');
    const before = { bytes: await readFile(chapter), mtime: (await stat(chapter)).mtimeMs };
    await outsideUntouched('export over a chapter', async () => {
      for (const [kind, output] of [['json', 'export/chapter.json'], ['pdf', 'export/chapter.pdf']] as const) {
        const answer = await callApi('exportRulebook', [{ kind, output, unsaved: [], options: {} }]);
        expectClean(output, answer);
        expect(answer.result, output).toMatchObject({ ok: false, error: { code: 'bad-argument', message: expect.stringContaining('01-type.md') } });
        expect(await readlink(path.join(book, output))).toBe('../01-type.md');
      }
    });
    expect((await readFile(chapter)).equals(before.bytes)).toBe(true);
    expect((await stat(chapter)).mtimeMs).toBe(before.mtime);
    // Reading the chapter through that link is fine: it is inside.
    expect((await raw(host, '/files/export/chapter.json')).status).toBe(200);
  });

  it('publishes only inside: no record read or written through a link out, no PDFs into a linked-out folder', async () => {
    // The publication record linked to a file outside: never read (not even quoted in a parse error), never replaced.
    await symlink(path.join(tmp, `${STEM}.json`), path.join(book, 'publication.json'));
    try {
      await outsideUntouched('publication.json linked out', async () => {
        for (const [method, code] of [['readLastPublication', 'outside-rulebook'], ['retiredNumbers', 'outside-rulebook'], ['publishRulebook', 'failed']] as const) {
          const answer = await callApi(method, []);
          expectClean(method, answer);
          expect(answer.result, method).toMatchObject({ ok: false, error: { code, message: expect.stringMatching(/publication\.json: leads outside the rulebook folder/) } });
        }
      });
    } finally {
      await unlink(path.join(book, 'publication.json'));
    }

    // The output folder linked out (an existing folder, then a dangling link): no PDF lands there, no folder is made.
    const outPub = path.join(tmp, `pub-${TAG}`);
    await mkdir(outPub);
    for (const target of [outPub, path.join(tmp, `pub-ghost-${TAG}`)]) {
      await symlink(target, path.join(book, 'published'));
      try {
        await outsideUntouched(`published/ linked to ${path.basename(target)}`, async () => {
          const answer = await callApi('publishRulebook', []);
          expectClean('publishRulebook', answer);
          expect(answer.result).toMatchObject({ ok: false, error: { code: 'failed', message: expect.stringMatching(/leads outside the rulebook folder/) } });
          expect(await lstat(path.join(book, 'publication.json')).catch(() => null)).toBeNull();
        });
      } finally {
        await unlink(path.join(book, 'published'));
      }
    }
    await rm(outPub, { recursive: true });

    // Without the links it publishes, inside.
    try {
      await outsideUntouched('publish inside', async () => {
        const published = await ok<{ written: string[] }>('publishRulebook', []);
        // The book, the website (a folder of pages and assets) and the record: every one inside the book's folder.
        expect(published.written).toEqual(expect.arrayContaining(['published/type-book.pdf', 'published/type-site/index.html', 'publication.json']));
        for (const file of published.written) expect(file).toMatch(/^(?:published\/type-(?:book\.pdf|site\/[\w./-]+)|publication\.json)$/);
        expect(await ok('readLastPublication', [])).toMatchObject({ files: [{ path: '01-type.md' }] });
      });
    } finally {
      await rm(path.join(book, 'published'), { recursive: true, force: true });
      await rm(path.join(book, 'publication.json'), { force: true });
    }
  }, 60_000);

  it('reads no settings through a rulebook.yaml linked out of the folder, nor a listed chapter linked out', async () => {
    const manifest = path.join(book, 'rulebook.yaml');
    for (const setup of [
      () => symlink(path.join(tmp, `${STEM}.yaml`), manifest),
      () => writeFile(manifest, 'files:\n  - 01-type.md\n  - leak.md\n'),
    ]) {
      await setup();
      try {
        await outsideUntouched('rulebook.yaml', async () => {
          const calls: [ApiMethod, unknown[]][] = [
            ['currentRulebook', []],
            ['proposeLayout', []],
            ['applyLayout', ['0'.repeat(64)]],
            ['exportRulebook', [{ kind: 'json', output: null, unsaved: [], options: {} }]],
            ['exportRulebook', [{ kind: 'pdf', output: null, unsaved: [], options: {} }]],
            ['publishRulebook', []],
            ['retiredNumbers', []],
            ['readLastPublication', []],
            ['listBackups', []],
            ['listRevisions', []],
            ['openRulebook', [book]],
            ['openRulebook', [manifest]],
          ];
          for (const [method, args] of calls) {
            const answer = await callApi(method, args);
            expectClean(`${method} with ${path.basename(manifest)}`, answer);
            if (!answer.result.ok) expect(CLEAN_CODES, `${method}: ${answer.result.error.message}`).toContain(answer.result.error.code);
          }
          // Whatever needs the settings refuses, naming the link.
          for (const method of ['proposeLayout', 'publishRulebook'] as const) {
            expect((await callApi(method, [])).result, method).toMatchObject({ ok: false, error: { message: expect.stringMatching(/leads outside the rulebook folder/) } });
          }
        });
      } finally {
        await unlink(manifest);
      }
    }
    await reopenBook();
  }, 60_000);

  it('reports changes inside the folder, never a change behind a link out of it', async () => {
    const { cursor } = await ok<{ cursor: number }>('pollChanges', [0, 0]);
    const inner = path.join(book, 'sub', 'inner.md');
    // Other programs edit outside files (behind leak.md and outdir/) and one inside.
    await writeOutside(path.join(tmp, `${STEM}.md`), secretText('edited beside'));
    await writeOutside(path.join(outside, 'inner.md'), secretText('edited in the outside folder'));
    await writeOutside(path.join(outside, `fresh-${TAG}.md`), secretText('new in the outside folder'));
    await writeFile(inner, '# Inside, edited by another program\n');
    const seen: { path: string; version: string | null }[] = [];
    const until = Date.now() + 8000;
    while (!seen.some((c) => c.path === 'sub/inner.md') && Date.now() < until) {
      const answer = await callApi('pollChanges', [cursor, 500]);
      expectClean('pollChanges', answer);
      seen.push(...(answer.result.ok ? (answer.result.value as { changes: { path: string; version: string | null }[] }).changes : []));
    }
    expect(seen.map((c) => c.path)).toContain('sub/inner.md');
    // Time for the watcher to report the outside edits too, had it followed the links.
    await new Promise((r) => setTimeout(r, 800));
    const late = await callApi('pollChanges', [cursor, 0]);
    expectClean('pollChanges', late);
    const all = (late.result as { ok: true; value: { changes: { path: string }[] } }).value.changes.map((c) => c.path);
    expect(all.filter((p) => p.startsWith('outdir/') || p.startsWith('leak') || p.includes(TAG))).toEqual([]);
    await writeFile(inner, INSIDE_TEXT);
  }, 30_000);

  it('reads no file outside the folder from an old revision whose rulebook.yaml listed one', async () => {
    const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.org', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.org' };
    const git = (...args: string[]) => execFileSync('git', args, { cwd: tmp, env, stdio: 'pipe' }).toString();
    try {
      git('init', '-q');
    } catch {
      return; // no git here: listRevisions answers [] and there is nothing to read
    }
    const manifest = path.join(book, 'rulebook.yaml');
    await rm(manifest, { force: true });
    await writeFile(manifest, `files:\n  - 01-type.md\n  - ../${STEM}.md\n  - ../outside/inner.md\n  - ${path.join(tmp, `${STEM}.txt`)}\n`);
    git('add', '-A', `${STEM}.md`, `${STEM}.txt`, 'outside', 'book/01-type.md', 'book/rulebook.yaml');
    git('commit', '-q', '-m', 'a manifest reaching out');
    await unlink(manifest);
    await outsideUntouched('git', async () => {
      const listed = await callApi('listRevisions', []);
      expectClean('listRevisions', listed);
      const [revision] = (listed.result as { ok: true; value: { hash: string }[] }).value;
      expect(revision).toBeDefined();
      const old = await callApi('readRevision', [revision.hash]);
      expectClean('readRevision', old);
      expect(old.result).toMatchObject({ ok: true, value: { files: [{ path: '01-type.md' }] } });
      expect((old.result as { ok: true; value: { files: unknown[] } }).value.files).toHaveLength(1);
    });
    await rm(path.join(tmp, '.git'), { recursive: true, force: true });
  }, 30_000);

  describe('every API method that takes a path or a name, swept with hostile spellings', () => {
    // In the table's order: the routes that may open another rulebook come last.
    for (const name of routes().map((r) => r.name)) {
      it(name, async () => {
        const route = routes().find((r) => r.name === name)!;
        await reopenBook();
        const cases = hostilePaths(route.ext);
        const before = snapshotOutside(true);
        const straysBefore = strays();
        let i = 0;
        let accepted = 0;
        for (const p of cases) {
          const label = `${route.name} ${JSON.stringify(p.length > 120 ? `${p.slice(0, 120)}…` : p)}`;
          const answer = await callApi(route.method, route.args(p, i++));
          const secretAllowed = answer.result.ok && (route.secretAllowedWhen?.(p) ?? false);
          expectClean(label, answer, { secretAllowed });
          expect(answer.status, label).toBe(200);
          if (answer.result.ok) {
            accepted++;
            const problem = route.accept?.(p, answer.result.value) ?? null;
            expect(problem, label).toBeNull();
          } else {
            expect(CLEAN_CODES, `${label}: ${answer.result.error.code}: ${answer.result.error.message}`).toContain(answer.result.error.code);
          }
          if (route.name.startsWith('saveFiles (after') && !answer.result.ok) {
            // All or nothing: a refused second file leaves the first unwritten.
            expect(existsSync(path.join(book, 'sub', `first-${i - 1}.md`)), `${label}: wrote the first file anyway`).toBe(false);
          }
          expectSameOutside(label, before, false);
          if (route.switches && answer.result.ok) await reopenBook();
        }
        expectSameOutside(route.name, before, true);
        expect(strays(), route.name).toEqual(straysBefore);
        swept.set(`api ${route.name}`, `${cases.length} (${accepted} accepted)`);
      }, 120_000);
    }
  });

  describe('every static route, swept with hostile spellings', () => {
    /** How a path reaches a URL: nearly as typed, encoded per segment as the page does, and encoded whole. */
    const urlForms = (p: string) =>
      [
        [...p].map((c) => (c >= '!' && c <= '~' ? c : encodeURIComponent(c))).join(''),
        p.split('/').map(encodeURIComponent).join('/'),
        encodeURIComponent(p),
      ].filter((form, i, all) => all.indexOf(form) === i);

    const sweep = async (label: string, on: RunningHost, prefix: string, root: string, exts: readonly string[]) => {
      const before = snapshotOutside(true);
      const straysBefore = strays();
      let count = 0;
      let served = 0;
      for (const ext of exts) {
        for (const p of hostilePaths(ext)) {
          for (const form of urlForms(p)) {
            count++;
            const url = `${prefix}${form}`;
            const what = `${label} ${JSON.stringify(url.length > 160 ? `${url.slice(0, 160)}…` : url)}`;
            const answer = await raw(on, url);
            expectClean(what, answer);
            if (answer.status === 200) {
              served++;
              // A file of the folder, or the page itself when URL parsing folded the path out of /files/.
              const pathname = new URL(url, 'http://host').pathname;
              if (pathname.startsWith(prefix)) {
                const rel = decodeURIComponent(pathname.slice(prefix.length)) || 'index.html';
                expect(landsInside(root, rel), `${what}: served ${rel}, which is not in the folder`).toBe(true);
              }
            } else {
              expect(answer.status, what).toBeGreaterThanOrEqual(400);
            }
          }
        }
      }
      expectSameOutside(label, before, true);
      expect(strays(), label).toEqual(straysBefore);
      swept.set(label, `${count} (${served} answered 200)`);
    };

    it("the host's /files/ route", async () => {
      await sweep('/files/', host, '/files/', book, ['.md', '.json', '.pdf']);
    }, 120_000);

    it("a built renderer's static files", async () => {
      await sweep('built renderer /', built, '/', rendererDir, ['.js', '.md']);
    }, 120_000);

    it("the dev renderer (vite): nothing outside the repository, the secret neither", async () => {
      const abs = path.join(tmp, `${STEM}.md`);
      const targets = [abs, path.join(book, 'leak.md'), path.join(book, '01-type.md'), path.join(outside, 'inner.md')];
      const suffixes = ['', '?raw', '?raw??', '?import&raw??', '?import', '?url', '?inline', '?import&?inline=1.wasm?init', '?.svg', '#x', '/'];
      const urls = [
        ...targets.flatMap((t) => suffixes.map((s) => `/@fs${t}${s}`)),
        ...targets.map((t) => `/@fs/${'../'.repeat(10)}${t.slice(1)}`),
        ...targets.map((t) => `/@id/${t}`),
        ...targets.map((t) => `/${'..%2f'.repeat(12)}${t.slice(1)}`),
        ...targets.map((t) => `/@fs${encodeURI(t).replace(/\//g, '%2f')}`),
        `/files/..%2f..%2f@fs${abs}`,
        '/@fs/etc/passwd?raw',
      ];
      const before = snapshotOutside(true);
      // Vite logs each refusal ("outside of Vite serving allow list"): expected here, and too many lines to show.
      const quiet = [vi.spyOn(console, 'warn').mockImplementation(() => undefined), vi.spyOn(console, 'error').mockImplementation(() => undefined)];
      try {
        for (const url of urls) {
          const answer = await raw(host, url);
          expectClean(`vite ${url}`, answer);
          expect(answer.body.includes(INSIDE_TEXT.slice(0, 20)) || answer.body.includes('Character type is the core'), `vite ${url}: served a book file`).toBe(false);
        }
      } finally {
        for (const spy of quiet) spy.mockRestore();
      }
      expectSameOutside('vite', before, true);
      swept.set('dev renderer (vite)', `${urls.length}`);
    }, 60_000);
  });
});
