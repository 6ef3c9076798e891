/**
 * Kill -9 loop: starts a save in the browser host, a `rulebook renumber` and a `rulebook publish`, kills each
 * with SIGKILL at a random moment, again and again, then starts the next run (the host, or any command, opens
 * the rulebook) and checks that every file is whole (its old content or its new one, never a mix) and that no
 * temp file is left.
 *
 *   node --import tsx scripts/kill-loop.ts [--kills 50] [--ops host-save,renumber,publish] [--seed N]
 *
 * Half of the kills fall at a random time within the run; the other half the moment a temp file appears in the
 * rulebook folder (plus 0–3 ms), so that many land inside the write step itself. Exits 1 if any file was torn or
 * any temp file stayed after the next start. tests/safety/kill-loop.test.ts runs a few kills of each in npm test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { besideWriter } from '../main/fs/beside.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(REPO, 'bin', 'rulebook.mjs');
const WEB = path.join(REPO, 'bin', 'web.mjs');

export type Operation = 'host-save' | 'renumber' | 'publish';
export const OPERATIONS: readonly Operation[] = ['host-save', 'renumber', 'publish'];

/** Files of a folder, by relative path. */
type Snapshot = Map<string, Buffer>;

async function snapshot(folder: string): Promise<Snapshot> {
  const out: Snapshot = new Map();
  const visit = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await visit(full);
      else out.set(path.relative(folder, full), await readFile(full));
    }
  };
  await visit(folder);
  return out;
}

/** A random number generator with a seed, so a failing run can be repeated. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

/** A fresh copy of the operation's book in `dir`/book, prepared so the operation has work to do. */
async function prepareBook(op: Operation, dir: string): Promise<string> {
  const book = path.join(dir, 'book');
  await mkdir(book, { recursive: true });
  if (op === 'publish') {
    await cp(path.join(REPO, 'rulebooks', 'ars-magica-combat.md'), path.join(book, 'ars-magica-combat.md'));
    return book;
  }
  await cp(path.join(REPO, 'rulebooks', 'kingdoms-of-novitas'), book, { recursive: true });
  if (op === 'renumber') {
    // Rule 1.2 removed: 1.3 and its 16 sub-rules move up, and references to them in other chapters follow.
    const file = path.join(book, '01-fundamentals.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('1.2 Ignorance is no excuse.\n\n', ''));
  }
  return book;
}

/** The combat chapter grown to about 5 MB, as a host save of a big chapter (the save that once left its temp file). */
async function bigChapter(book: string): Promise<string> {
  const text = await readFile(path.join(book, '07-combat.md'), 'utf8');
  return text + `\n${text}`.repeat(Math.ceil((5 * 1024 * 1024) / text.length));
}

function post(port: number, token: string, method: string, args: unknown[]): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ args });
    const req = request(
      { host: '127.0.0.1', port, path: `/api/${method}`, method: 'POST', headers: { 'content-type': 'application/json', 'x-rulebook-token': token } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve(JSON.parse(text)));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Starts the host on `book`; resolves when it prints its address. */
function startHost(book: string, dataDir: string): Promise<{ child: ChildProcess; port: number; token: string }> {
  const child = spawn(process.execPath, [WEB, book, '--port', '0'], { env: { ...process.env, RULEBOOK_STUDIO_DATA: dataDir }, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /http:\/\/127\.0\.0\.1:(\d+)\/\S*token=([\w-]+)/.exec(out);
      if (match) resolve({ child, port: Number(match[1]), token: match[2] });
    });
    child.once('exit', (code) => reject(new Error(`the host exited (${code}) before printing its address: ${out}`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Runs the operation on `book`; `started` is called when the work that writes begins. Resolves when the process ends. */
async function runOperation(op: Operation, book: string, dataDir: string, started: (child: ChildProcess) => void): Promise<void> {
  if (op === 'host-save') {
    const host = await startHost(book, dataDir);
    const text = await bigChapter(book);
    const opened = (await post(host.port, host.token, 'currentRulebook', [])) as { ok: boolean; value: { files: Array<{ path: string; version: unknown }> } };
    const version = opened.value.files.find((f) => f.path === '07-combat.md')!.version;
    started(host.child);
    const saved = post(host.port, host.token, 'saveFile', ['07-combat.md', text, version]).catch(() => undefined);
    await Promise.race([saved, exited(host.child)]);
    if (host.child.exitCode === null && host.child.signalCode === null) host.child.kill('SIGTERM');
    await exited(host.child);
    return;
  }
  const args = op === 'renumber' ? ['renumber', book] : ['publish', book];
  const child = spawn(process.execPath, [CLI, ...args], { cwd: path.dirname(book), stdio: 'ignore' });
  started(child);
  await exited(child);
}

/** The next start: the host opens the rulebook (and stops again); a command opens it through the same loader. */
async function nextStart(op: Operation, book: string, dataDir: string): Promise<void> {
  if (op === 'host-save') {
    const host = await startHost(book, dataDir);
    host.child.kill('SIGTERM');
    await exited(host.child);
    return;
  }
  const child = spawn(process.execPath, [CLI, 'lint', book], { stdio: 'ignore' });
  await exited(child);
}

function tempsIn(files: Snapshot): string[] {
  return [...files.keys()].filter((f) => besideWriter(path.basename(f)) !== null);
}

/** What a file may hold after a kill: its old bytes, or its new ones; files whose new bytes vary by run (a date) must parse. */
function isWhole(relPath: string, bytes: Buffer, before: Snapshot, after: Snapshot, varying: Set<string>): boolean {
  if (before.get(relPath)?.equals(bytes) || after.get(relPath)?.equals(bytes)) return true;
  if (!varying.has(relPath)) return false;
  try {
    JSON.parse(bytes.toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

export interface LoopResult {
  readonly op: Operation;
  readonly kills: number;
  /** Kills after which a temp file was on disk: the process died inside a write. */
  readonly insideWrite: number;
  readonly torn: string[];
  readonly leftover: string[];
}

export async function killLoop(op: Operation, kills: number, random: () => number, log: (line: string) => void = () => undefined): Promise<LoopResult> {
  const work = await mkdtemp(path.join(os.tmpdir(), `rulebook-kill-${op}-`));
  try {
    // Two uninterrupted runs: the new content of every file, which files differ between runs, and how long a run takes.
    const reference: Snapshot[] = [];
    let duration = 0;
    let before: Snapshot = new Map();
    for (const n of [1, 2]) {
      const dir = path.join(work, `reference-${n}`);
      const book = await prepareBook(op, dir);
      before = await snapshot(book);
      let startedAt = 0;
      await runOperation(op, book, path.join(dir, 'data'), () => (startedAt = performance.now()));
      duration = Math.max(duration, performance.now() - startedAt);
      reference.push(await snapshot(book));
    }
    const [after, again] = reference;
    const varying = new Set([...after.keys()].filter((f) => !again.get(f)?.equals(after.get(f)!)));
    if ([...after].every(([f, bytes]) => before.get(f)?.equals(bytes))) throw new Error(`${op}: the operation changes nothing; the loop would test nothing`);

    const torn: string[] = [];
    const leftover: string[] = [];
    let done = 0;
    let insideWrite = 0;
    for (let attempt = 0; done < kills && attempt < kills * 4; attempt++) {
      const dir = path.join(work, `run-${attempt}`);
      const book = await prepareBook(op, dir);
      const dataDir = path.join(dir, 'data');
      const onTemp = attempt % 2 === 1;
      let killed = false;
      const watcher = onTemp ? watch(book, { recursive: true }) : null;
      await runOperation(op, book, dataDir, (child) => {
        const kill = () => {
          if (child.exitCode === null && child.signalCode === null) killed = child.kill('SIGKILL');
        };
        if (watcher) {
          watcher.on('change', (_event, name) => {
            if (name && besideWriter(path.basename(String(name))) !== null) setTimeout(kill, Math.floor(random() * 4));
          });
        } else setTimeout(kill, random() * duration);
      });
      watcher?.close();
      if (!killed) continue;
      done++;
      if (tempsIn(await snapshot(book)).length > 0) insideWrite++;
      await nextStart(op, book, dataDir);
      const now = await snapshot(book);
      for (const [relPath, bytes] of now) {
        if (besideWriter(path.basename(relPath)) !== null) leftover.push(`run ${attempt}: ${relPath}`);
        else if (!before.has(relPath) && !after.has(relPath)) torn.push(`run ${attempt}: ${relPath} should not be there`);
        else if (!isWhole(relPath, bytes, before, after, varying)) torn.push(`run ${attempt}: ${relPath}`);
      }
      for (const relPath of before.keys()) if (!now.has(relPath)) torn.push(`run ${attempt}: ${relPath} is gone`);
      await rm(dir, { recursive: true, force: true });
      if (done % 10 === 0) log(`${op}: ${done} kills`);
    }
    return { op, kills: done, insideWrite, torn, leftover };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function main(argv: string[]): Promise<number> {
  const option = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const kills = Number(option('--kills') ?? 50);
  const ops = (option('--ops')?.split(',') ?? OPERATIONS) as Operation[];
  const seed = Number(option('--seed') ?? Date.now() % 2 ** 31);
  const unknown = ops.filter((op) => !OPERATIONS.includes(op));
  if (unknown.length > 0 || !Number.isInteger(kills) || kills < 1) {
    process.stderr.write(`usage: kill-loop.ts [--kills N] [--ops ${OPERATIONS.join(',')}] [--seed N]\n`);
    return 2;
  }
  process.stdout.write(`seed ${seed}\n`);
  const random = seeded(seed);
  let failed = false;
  for (const op of ops) {
    const result = await killLoop(op, kills, random, (line) => process.stdout.write(`${line}\n`));
    process.stdout.write(`${op}: ${result.kills} kills, ${result.insideWrite} inside a write, ${result.torn.length} torn files, ${result.leftover.length} temp files left after the next start\n`);
    for (const line of [...result.torn, ...result.leftover]) process.stdout.write(`  ${line}\n`);
    if (result.kills < kills) process.stdout.write(`  only ${result.kills} of ${kills} runs could be killed before they ended\n`);
    failed ||= result.torn.length > 0 || result.leftover.length > 0 || result.kills < kills;
  }
  return failed ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main(process.argv.slice(2));
