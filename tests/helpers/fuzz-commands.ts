/**
 * The properties every `rulebook` command keeps on any input, shared by tests/safety/fuzz-commands.test.ts (a fixed
 * number of cases in `npm test`) and scripts/fuzz.ts (many more): random books are written to a fresh temporary
 * folder, each command runs in-process through the CLI's own `main()`, and its outcome must be success, lint
 * findings (1) or one line `rulebook: …` with exit code 2; never an internal error (3), a stack trace or broken JSON.
 */
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { stringify } from 'yaml';
import { RULES } from '../../shared/lint/registry.js';
import { runInProcess } from './cli-in-process.js';
import { book, chapter, htmlPage, prerequisites, rarely, rawBytes, ruleNumber, SAMPLE_SKILLS, skillName, wikiText, type Book } from './dialect.js';

export interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

/** Every command must end within this; the watchdog stops the process (naming the command) past it. */
export const COMMAND_LIMIT_MS = 60_000;

/** Kills this process when one command runs past the limit: a loop that never yields cannot be timed out otherwise. */
class Watchdog {
  private readonly worker: Worker;
  constructor(limitMs: number) {
    // fs.writeSync from the worker reaches stderr even while the main thread is stuck.
    this.worker = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const { writeSync } = require('node:fs');
       let current = null;
       parentPort.on('message', (m) => { current = m; });
       setInterval(() => {
         if (current && Date.now() - current.at > workerData.limitMs) {
           writeSync(2, '\\nrulebook fuzz: a command ran over ' + workerData.limitMs / 1000 + ' s and was stopped: ' + current.what + '\\n');
           process.kill(process.pid, 'SIGKILL');
         }
       }, 500);`,
      { eval: true, workerData: { limitMs } },
    );
    this.worker.unref();
  }
  start(what: string): void {
    this.worker.postMessage({ what, at: Date.now() });
  }
  stop(): void {
    this.worker.postMessage(null);
  }
}

let watchdog: Watchdog | null = null;

/** The slowest command run so far in this process, and how often each command ended with each exit code. */
export const slowest = { ms: 0, what: '' };
export const exitCodes = new Map<string, number[]>();

/** Runs `rulebook <argv>` in this process with `cwd` as the working folder, under the watchdog, counting exit codes. */
export async function runHere(argv: readonly string[], cwd: string): Promise<Outcome> {
  watchdog ??= new Watchdog(COMMAND_LIMIT_MS);
  watchdog.start(`rulebook ${argv.map((a) => JSON.stringify(a)).join(' ')} in ${cwd}`);
  const started = performance.now();
  try {
    const outcome = await runInProcess(argv, cwd);
    const ms = performance.now() - started;
    if (ms > slowest.ms) Object.assign(slowest, { ms, what: `rulebook ${argv.join(' ')}` });
    const counts = exitCodes.get(argv[0]) ?? exitCodes.set(argv[0], [0, 0, 0, 0]).get(argv[0])!;
    counts[Math.min(outcome.code, 3)]++;
    return { ...outcome, ms };
  } finally {
    watchdog.stop();
  }
}

/** Lines of stderr that report progress, not a failure: publish says what it is doing as it goes. */
const PROGRESS = /^(?:exporting |writing |warning: )/;

/** Why an outcome breaks the contract, or null when it keeps it. */
export function contractBroken(argv: readonly string[], outcome: Outcome, json: boolean): string | null {
  const { code, stdout, stderr } = outcome;
  if (/internal error/.test(stderr) || code === 3) return `internal error (exit ${code}): ${stderr.trim()}`;
  if (![0, 1, 2].includes(code)) return `exit code ${code}`;
  if (/\n\s+at .+:\d+:\d+\)?$/m.test(stderr) || /^\s+at .+:\d+:\d+\)?$/m.test(stdout)) return `a stack trace: ${stderr.trim()}`;
  // The lint engine turns a rule that throws into a finding of its own, so lint still reports the others: a crash all the same.
  const crashedRule = /Lint rule `[^`]+` failed and was skipped: .*/.exec(stdout + stderr);
  if (crashedRule) return `a lint rule crashed: ${crashedRule[0]}`;
  if (code === 2) {
    const lines = stderr.replace(/\n$/, '').split('\n');
    const failure = lines.at(-1) ?? '';
    const others = lines.slice(0, -1);
    if (!stderr.endsWith('\n')) return `stderr does not end in a newline: ${JSON.stringify(stderr)}`;
    if (!failure.startsWith('rulebook: ')) return `the failure is not one line starting "rulebook: ": ${JSON.stringify(stderr)}`;
    // Only publish speaks before it fails ("exporting book → …"); any other command prints just the one line.
    if (others.length > 0 && !(argv[0] === 'publish' && others.every((l) => PROGRESS.test(l)))) return `more than one line on stderr: ${JSON.stringify(stderr)}`;
    const message = failure.slice('rulebook: '.length);
    if (message.trim().length < 8 || /undefined|\[object |NaN/.test(message)) return `an unhelpful message: ${JSON.stringify(failure)}`;
  }
  if (json && code !== 2) {
    try {
      JSON.parse(stdout);
    } catch (error) {
      return `stdout is not JSON (${(error as Error).message}): ${JSON.stringify(stdout.slice(0, 200))}`;
    }
  }
  return null;
}

/** Runs one command and throws (for fast-check to shrink) when it breaks the contract. */
export async function expectClean(argv: readonly string[], cwd: string, options: { json?: boolean } = {}): Promise<Outcome> {
  const outcome = await runHere(argv, cwd);
  const broken = contractBroken(argv, outcome, options.json ?? false);
  if (broken) throw new Error(`rulebook ${argv.map((a) => JSON.stringify(a)).join(' ')}: ${broken}`);
  return outcome;
}

// ---------------------------------------------------------------------------------------------------------------
// Books on disk.

export interface WrittenBook {
  /** The fresh temporary folder everything of this case lives in. */
  readonly dir: string;
  /** The rulebook as a command names it, relative to `dir`: `book.md` or `book`. */
  readonly target: string;
}

function writeChapter(file: string, content: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/** Writes a book under `dir` (created fresh when not given), as `name` (a file `name.md` or a folder `name`). */
export function writeBook(value: Book, dir = mkdtempSync(path.join(tmpdir(), 'rulebook-fuzz-')), name = 'book'): WrittenBook {
  if (!value.folder) {
    writeChapter(path.join(dir, `${name}.md`), value.chapters[0].content);
    return { dir, target: `${name}.md` };
  }
  const folder = path.join(dir, name);
  mkdirSync(folder, { recursive: true });
  for (const c of value.chapters) writeChapter(path.join(folder, c.name), c.content);
  if (value.manifest !== null) writeFileSync(path.join(folder, 'rulebook.yaml'), value.manifest);
  return { dir, target: name };
}

/** Runs `body` on the book written to a fresh folder, and removes the folder afterwards, whatever happened. */
async function withBook<T>(value: Book, body: (written: WrittenBook) => Promise<T>): Promise<T> {
  const written = writeBook(value);
  try {
    return await body(written);
  } finally {
    rmSync(written.dir, { recursive: true, force: true });
  }
}

/** The first chapter's file, for `import`. */
function firstChapter(value: Book, written: WrittenBook): string {
  return value.folder ? path.join(written.target, value.chapters[0].name) : written.target;
}

// ---------------------------------------------------------------------------------------------------------------
// Options, generated with the book so a counterexample shows them.

const notAnOption = (arb: fc.Arbitrary<string>) => arb.map((s) => (s.startsWith('-') ? `x${s}` : s));
const section = rarely(notAnOption(fc.oneof(ruleNumber, fc.string({ maxLength: 6 }))), undefined);
/** rename-skill's old name: a number picks one of the skills the book defines (see nameFor), a string is used as it is. */
const oldName = fc.oneof({ weight: 3, arbitrary: fc.nat() }, { weight: 1, arbitrary: fc.constantFrom(...SAMPLE_SKILLS) }, { weight: 1, arbitrary: skillName });

/** The old name for rename-skill: the n-th skill in the book's `ast --format json`, or the name as given. */
function nameFor(old: number | string, ast: Outcome): string {
  if (typeof old === 'string') return old;
  const skills = ast.code === 0 ? (JSON.parse(ast.stdout) as { skills: { name: string }[] }).skills : [];
  return skills.length ? skills[old % skills.length].name : 'Energy Ball';
}
const newName = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('Greater Fireball', 'Mana Bolt', 'Shield Wall', 'Body 3', 'ENERGY BALL', 'Urð’s Greater Ward') },
  { weight: 1, arbitrary: fc.oneof(skillName, prerequisites, fc.string({ maxLength: 12 }), fc.constantFrom('', ' ', 'Body 1', '**x**', 'a\nb', '[[y]]', '-x', '--help')) },
);
const lintFormat = fc.constantFrom('stylish', 'json', 'sarif', 'github');
const diffFormat = fc.constantFrom('text', 'json', 'markdown');
const importAs = fc.constantFrom('.md', '.txt', '.html', '.markdown', '.htm');

export interface ReadOptions {
  readonly lintFormat: string;
  readonly section: string | undefined;
  readonly oldName: number | string;
  readonly newName: string;
  readonly diffFormat: string;
  readonly importAs: string;
}

const readOptions: fc.Arbitrary<ReadOptions> = fc.record({ lintFormat, section, oldName, newName, diffFormat, importAs });

/** Every command that only reads the book (writing at most a file of its own beside it). */
async function readCommands(value: Book, other: Book, o: ReadOptions, written: WrittenBook): Promise<void> {
  const { dir, target } = written;
  const { target: otherTarget } = writeBook(other, dir, 'other');
  const json = (format: string) => format === 'json' || format === 'sarif';
  await expectClean(['ast', target], dir);
  const ast = await expectClean(['ast', target, '--format', 'json'], dir, { json: true });
  await expectClean(['lint', target, '--format', o.lintFormat], dir, { json: json(o.lintFormat) });
  await expectClean(['lint', target, otherTarget, '--format', 'json'], dir, { json: true });
  await expectClean(['lint', target, '--since', otherTarget], dir);
  await expectClean(['init', target, '--dry-run'], dir);
  await expectClean(['renumber', target, '--dry-run', ...(o.section === undefined ? [] : ['--section', o.section])], dir);
  // Names are positional arguments after `--`: a name may start with a dash.
  await expectClean(['rename-skill', '--dry-run', '--', target, nameFor(o.oldName, ast), o.newName], dir);
  await expectClean(['diff', otherTarget, target, '--format', o.diffFormat], dir, { json: json(o.diffFormat) });
  const source = path.join(dir, `import-source${o.importAs}`);
  writeFileSync(source, readFileSync(path.join(dir, firstChapter(value, written))));
  await expectClean(['import', source, '--out', 'imported'], dir);
}

/** The read-only commands on a book of the dialect, with a second book to compare it with. */
export const readProperty = fc.asyncProperty(book(), book(), readOptions, (value, other, options) => withBook(value, (w) => readCommands(value, other, options, w)));

/** The read-only commands on a book one of whose chapters may be raw bytes. */
export const rawProperty = fc.asyncProperty(book({ withRaw: true }), book({ withRaw: true }), readOptions, (value, other, options) => withBook(value, (w) => readCommands(value, other, options, w)));

/** A chapter of the dialect as a real Word document: `#` lines as headings, `-` lines as bullets, bold spans bold. */
async function wordDocument(text: string): Promise<Buffer> {
  const runs = (line: string) => line.split(/(\*\*[^*]+\*\*)/).map((part) => (part.startsWith('**') && part.endsWith('**') && part.length > 4 ? new TextRun({ text: part.slice(2, -2), bold: true }) : new TextRun(part)));
  const levels = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4, HeadingLevel.HEADING_5, HeadingLevel.HEADING_6];
  const paragraphs = text.split(/\r?\n/).map((line) => {
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) return new Paragraph({ heading: levels[heading[1].length - 1], children: runs(heading[2]) });
    const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
    if (bullet) return new Paragraph({ bullet: { level: Math.min(8, Math.floor(bullet[1].length / 2)) }, children: runs(bullet[2]) });
    return new Paragraph({ children: runs(line) });
  });
  return Packer.toBuffer(new Document({ sections: [{ children: paragraphs }] }));
}

/** `import` of raw bytes named as each format it reads, .docx (a zip archive, or bytes that claim to be one) included, and of real Word documents. */
export const importProperty = fc.asyncProperty(
  fc.oneof(
    fc.tuple(fc.oneof(rawBytes, chapter.map((c) => new Uint8Array(Buffer.from(c)))), fc.constantFrom('.md', '.txt', '.html', '.docx', '.docx-zip')),
    fc.tuple(htmlPage.map((page) => new Uint8Array(Buffer.from(page))), fc.constant('.html' as const)),
    fc.tuple(wikiText.map((text) => new Uint8Array(Buffer.from(text))), fc.constant('.txt' as const)),
    fc.tuple(chapter, fc.constant('.docx-word' as const)),
  ),
  async ([content, as]) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-fuzz-'));
    try {
      const file = path.join(dir, `source${as.startsWith('.docx') ? '.docx' : as}`);
      if (typeof content === 'string') writeFileSync(file, await wordDocument(content));
      else writeFileSync(file, as === '.docx-zip' ? Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), content]) : content);
      await expectClean(['import', file, '--out', 'out.md', '--report', 'json'], dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
);

export interface WriteOptions {
  readonly section: string | undefined;
  readonly oldName: number | string;
  readonly newName: string;
  readonly order: readonly string[];
}

const writeOptions: fc.Arbitrary<WriteOptions> = fc.record({ section, oldName, newName, order: fc.shuffledSubarray(['fix', 'renumber', 'rename', 'init', 'diff-fix'], { minLength: 1 }) });

/** The commands that rewrite the book, in a random order on the same book, then a read of what they left. */
export const writeProperty = fc.asyncProperty(book({ withRaw: false }), book(), writeOptions, (value, other, o) =>
  withBook(value, async ({ dir, target }) => {
    const { target: otherTarget } = writeBook(other, dir, 'other');
    const ast = await expectClean(['ast', target, '--format', 'json'], dir, { json: true });
    for (const step of o.order) {
      if (step === 'fix') await expectClean(['lint', target, '--fix'], dir);
      else if (step === 'renumber') await expectClean(['renumber', target, ...(o.section === undefined ? [] : ['--section', o.section])], dir);
      else if (step === 'rename') await expectClean(['rename-skill', '--', target, nameFor(o.oldName, ast), o.newName], dir);
      else if (step === 'init') await expectClean(['init', target], dir);
      else await expectClean(['diff', otherTarget, target, '--fix'], dir);
    }
    await expectClean(['ast', target, '--format', 'json'], dir, { json: true });
  }),
);

export interface PdfOptions {
  readonly kind: string;
  readonly paper: string;
  readonly chapters: string | undefined;
  readonly categories: string | undefined;
  readonly fontSize: string | undefined;
  readonly margin: string | undefined;
}

const pdfOptions: fc.Arbitrary<PdfOptions> = fc
  .record({
    kind: fc.constantFrom('book', 'book', 'cards', 'reference', 'sheet', 'extract'),
    paper: fc.constantFrom('a4', 'letter', 'a5', 'card'),
    // Chapters and categories the book may not have, and option values out of range, now and then: those end in exit 2.
    list: rarely(notAnOption(fc.array(fc.oneof(ruleNumber, skillName, fc.constantFrom('General skills', 'Magic', '1', '')), { minLength: 1, maxLength: 3 }).map((l) => l.join(','))), undefined, 5),
    fontSize: rarely(fc.constantFrom('5', '9.5', '11', '24', '4', 'x'), undefined),
    margin: rarely(fc.constantFrom('0', '18', '36', '144', '200'), undefined),
  })
  .map(({ kind, paper, list, fontSize, margin }) => {
    const bookLike = kind === 'book' || kind === 'extract';
    // Options the kind does not use print a warning before any failure; the property is about the book, so none are given.
    return { kind, paper: paper === 'card' && kind !== 'cards' ? 'a4' : paper, chapters: bookLike ? (list ?? (kind === 'extract' ? '1' : undefined)) : undefined, categories: bookLike ? undefined : list, fontSize, margin };
  });

const RULE_IDS = RULES.map((rule) => rule.id);

/** A folder book whose rulebook.yaml turns every lint rule off and asks for every PDF, so publish gets past its lint check. */
function withoutLintErrors(value: Book): Book {
  if (!value.folder) return value;
  return { ...value, manifest: stringify({ lint: Object.fromEntries(RULE_IDS.map((id) => [id, 'off'])), publish: { kinds: ['book', 'cards', 'reference', 'sheet'] } }) };
}

/** Export, the PDF changes handout and publish (all slow: the test runs few cases). */
export const pdfProperty = fc.asyncProperty(fc.oneof({ weight: 3, arbitrary: book() }, { weight: 1, arbitrary: book({ withRaw: true }) }), book(), pdfOptions, fc.boolean(), (value, other, o, lenient) =>
  withBook(lenient ? withoutLintErrors(value) : value, async ({ dir, target }) => {
    const { target: otherTarget } = writeBook(other, dir, 'other');
    const argv = ['export', target, '--out', 'out.pdf', '--quiet', '--kind', o.kind, '--paper', o.paper];
    if (o.chapters !== undefined) argv.push('--chapters', o.chapters);
    if (o.categories !== undefined) argv.push('--categories', o.categories);
    if (o.fontSize !== undefined) argv.push('--font-size', o.fontSize);
    if (o.margin !== undefined) argv.push('--margin', o.margin);
    await expectClean(argv, dir);
    await expectClean(['diff', otherTarget, target, '--format', 'pdf', '--out', 'changes.pdf'], dir);
    const published = await expectClean(['publish', target], dir);
    if (published.code === 0) await expectClean(['diff', 'published', target, '--format', 'json'], dir, { json: true });
  }),
);

export interface FuzzProperty {
  // Each property has its own tuple of generated values; whoever runs them only passes them to fast-check.
  readonly property: fc.IAsyncPropertyWithHooks<any>;
  /** The share of a run's cases this property gets. */
  readonly share: number;
  readonly what: string;
}

/** Every property by name, what it covers, and the share of a run's cases it gets (PDF work is the slow one). */
export const PROPERTIES: Readonly<Record<'read' | 'raw' | 'import' | 'write' | 'pdf', FuzzProperty>> = {
  read: { property: readProperty, share: 1, what: 'ast, lint, init --dry-run, renumber and rename-skill --dry-run, diff and import on books of the dialect' },
  raw: { property: rawProperty, share: 0.5, what: 'the same on books one of whose chapters may be raw bytes' },
  import: { property: importProperty, share: 1, what: 'import of raw bytes as .md, .txt, .html and .docx, of HTML pages, wiki text and Word documents' },
  write: { property: writeProperty, share: 0.5, what: 'lint --fix, renumber, rename-skill, init and diff --fix in a random order on one book' },
  pdf: { property: pdfProperty, share: 0.1, what: 'export of every kind, the PDF changes handout and publish' },
};
