/**
 * `rulebook lint`'s cache (on by default, `--cache` names it, `--no-cache` turns it off): the same findings as a lint
 * without it, from a warm cache without parsing, from chunk parses kept on disk after one chapter changed, and
 * whatever a cache file holds (corrupt, another version's, tampered with): real books, real files in temp folders,
 * the real CLI.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { entryText, LintCache } from '../../main/lint/cache.js';
import { lintOne } from '../../main/lint/run-lint.js';
import { ParseCache, parseRulebook } from '../../shared/parse/index.js';
import { splitChunks } from '../../shared/parse/chunks.js';
import { runCli } from '../helpers/cli.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SAMPLES = ['amtgard-magic.md', 'ars-magica-combat.md', 'funjerai.md', 'miniatures-skirmish.md', 'kingdoms-of-novitas'];

let work = '';
let cacheDir = '';
const previousCacheDir = process.env.RULEBOOK_CACHE_DIR;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'rulebook-lint-cache-'));
  cacheDir = path.join(work, 'cache');
  // The CLI runs below inherit it: the cache goes to this temp folder, beside the books, never inside one.
  process.env.RULEBOOK_CACHE_DIR = cacheDir;
});

afterAll(() => {
  if (previousCacheDir === undefined) delete process.env.RULEBOOK_CACHE_DIR;
  else process.env.RULEBOOK_CACHE_DIR = previousCacheDir;
  rmSync(work, { recursive: true, force: true });
});

/** A copy of a sample book in its own folder of the temp folder. */
function copySample(sample: string, as: string): string {
  const folder = path.join(work, as);
  mkdirSync(folder, { recursive: true });
  const from = path.join(ROOT, 'tests/fixtures/samples', sample);
  const to = path.join(folder, sample);
  cpSync(from, to, { recursive: true });
  return to;
}

function cacheFiles(): string[] {
  const lint = path.join(cacheDir, 'lint');
  return existsSync(lint) ? readdirSync(lint).sort() : [];
}

describe('rulebook lint --cache', () => {
  for (const sample of SAMPLES) {
    it(`prints the same findings as without it, cold and warm: ${sample}`, async () => {
      const book = path.join(ROOT, 'tests/fixtures/samples', sample);
      const plain = await runCli(['lint', '--no-cache', '--format', 'json', book], work);
      const cold = await runCli(['lint', '--cache', '--format', 'json', book], work);
      const warm = await runCli(['lint', '--cache', '--format', 'json', book], work);
      expect(plain.code === 0 || plain.code === 1).toBe(true);
      for (const run of [cold, warm]) {
        expect(run.stderr).toBe('');
        expect(run.code).toBe(plain.code);
        expect(run.stdout).toBe(plain.stdout);
      }
      const stylish = await runCli(['lint', '--cache', book], work);
      expect(stylish.stdout).toBe((await runCli(['lint', '--no-cache', book], work)).stdout);
    });
  }

  it('writes its files to the cache folder, atomically, and nothing into the rulebook folder', async () => {
    const book = copySample('funjerai.md', 'clean-folder');
    await runCli(['lint', '--cache', book], work);
    expect(readdirSync(path.dirname(book))).toEqual(['funjerai.md']);
    const files = cacheFiles();
    expect(files.some((f) => f.endsWith('.findings'))).toBe(true);
    expect(files.some((f) => f.endsWith('.chunks'))).toBe(true);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('finds what a changed book says now, not what the cache remembers', async () => {
    const book = copySample('funjerai.md', 'changing');
    const before = await runCli(['lint', '--cache', '--format', 'json', book], work);
    writeFileSync(book, `${readFileSync(book, 'utf8')}\nFor the rest, see 99.9.\n`);
    const after = await runCli(['lint', '--cache', '--format', 'json', book], work);
    expect(after.stdout).not.toBe(before.stdout);
    expect(after.stdout).toContain('99.9');
    expect(after.stdout).toBe((await runCli(['lint', '--no-cache', '--format', 'json', book], work)).stdout);
  });

  it('ignores corrupt cache files and replaces them', async () => {
    const book = copySample('funjerai.md', 'corrupt');
    const expected = (await runCli(['lint', '--no-cache', '--format', 'json', book], work)).stdout;
    const before = new Set(cacheFiles());
    await runCli(['lint', '--cache', '--format', 'json', book], work);
    const mine = cacheFiles().filter((f) => !before.has(f));
    expect(mine).toHaveLength(2);
    const garbage = ['', 'not json at all', '{"format":"rulebook-studio-lint-cache"', '\u0000\u0001\u0002', '{}\n{}', '[1,2,3]\n'];
    for (const text of garbage) {
      for (const file of mine) writeFileSync(path.join(cacheDir, 'lint', file), text);
      const run = await runCli(['lint', '--cache', '--format', 'json', book], work);
      expect(run.stderr).toBe('');
      expect(run.stdout).toBe(expected);
    }
    // Replaced by whole files again: the next run is a warm one.
    for (const file of mine) expect(readFileSync(path.join(cacheDir, 'lint', file), 'utf8')).toMatch(/^\{"format":"rulebook-studio-lint-cache","version":2,/);
  });

  it('ignores a file of another version, or with a body that does not match its checksum, or of the wrong shape', async () => {
    const book = copySample('funjerai.md', 'foreign');
    const expected = (await runCli(['lint', '--no-cache', '--format', 'json', book], work)).stdout;
    const before = new Set(cacheFiles());
    await runCli(['lint', '--cache', '--format', 'json', book], work);
    const findingsFile = path.join(cacheDir, 'lint', cacheFiles().find((f) => !before.has(f) && f.endsWith('.findings'))!);
    const [header, body] = (() => {
      const text = readFileSync(findingsFile, 'utf8');
      const cut = text.indexOf('\n');
      return [JSON.parse(text.slice(0, cut)), JSON.parse(text.slice(cut + 1))];
    })();
    const planted = { ruleId: 'planted', severity: 'error', message: 'Planted by a foreign cache file', range: body.findings[0].range };
    const forged = { ...body, findings: [planted] };
    const variants = [
      // Another tool version, well formed and checksummed: exactly what an older or newer rulebook would leave.
      entryText('0.0.1+0000000000000000', 'findings', forged),
      // This version's header over a body someone edited: the checksum no longer matches.
      `${JSON.stringify(header)}\n${JSON.stringify(forged)}`,
      // This version, checksummed, but not findings.
      entryText(header.tool, 'findings', { ...body, findings: [{ ruleId: 'planted' }] }),
      entryText(header.tool, 'findings', { ...body, findings: 'all clear' }),
      // Another format version.
      `${JSON.stringify({ ...header, version: 99 })}\n${JSON.stringify(body)}`,
    ];
    for (const text of variants) {
      writeFileSync(findingsFile, text);
      const run = await runCli(['lint', '--cache', '--format', 'json', book], work);
      expect(run.stdout).toBe(expected);
      expect(run.stdout).not.toContain('planted');
    }
    // A well-formed file of this version is believed: which shows the checks above are what turned the others away.
    writeFileSync(findingsFile, entryText(header.tool, 'findings', forged));
    expect((await runCli(['lint', '--cache', '--format', 'json', book], work)).stdout).toContain('Planted by a foreign cache file');
  });

  it('is not used when the cache folder is inside the rulebook folder, and says so', async () => {
    const folder = path.join(work, 'book-with-cache-inside');
    mkdirSync(folder);
    const book = path.join(folder, 'funjerai.md');
    cpSync(path.join(ROOT, 'tests/fixtures/samples', 'funjerai.md'), book);
    const inside = path.join(folder, '.cache');
    const run = await (async () => {
      process.env.RULEBOOK_CACHE_DIR = inside;
      try {
        return await runCli(['lint', '--cache', '--format', 'json', book], work);
      } finally {
        process.env.RULEBOOK_CACHE_DIR = cacheDir;
      }
    })();
    expect(run.stdout).toBe((await runCli(['lint', '--no-cache', '--format', 'json', book], work)).stdout);
    expect(run.stderr).toMatch(/^rulebook: --cache: the cache folder .* is inside the rulebook's folder .*; linting without the cache\n$/);
    expect(existsSync(inside)).toBe(false);
    // Not asked for by name (the default), the cache steps aside without a word.
    process.env.RULEBOOK_CACHE_DIR = inside;
    try {
      const quiet = await runCli(['lint', '--format', 'json', book], work);
      expect(quiet.stderr).toBe('');
      expect(quiet.stdout).toBe(run.stdout);
    } finally {
      process.env.RULEBOOK_CACHE_DIR = cacheDir;
    }
    expect(existsSync(inside)).toBe(false);
  });

  it('is on by default, and --no-cache neither reads nor writes it', async () => {
    const book = copySample('funjerai.md', 'default-on');
    const before = new Set(cacheFiles());
    const skipped = await runCli(['lint', '--no-cache', '--format', 'json', book], work);
    expect(cacheFiles().filter((f) => !before.has(f))).toEqual([]);
    const plain = await runCli(['lint', '--format', 'json', book], work);
    expect(plain.stdout).toBe(skipped.stdout);
    const mine = cacheFiles().filter((f) => !before.has(f));
    expect(mine.map((f) => path.extname(f)).sort()).toEqual(['.chunks', '.findings']);
    // A planted entry is what a plain lint prints now (it reads the cache), and --no-cache still reads the book.
    const findingsFile = path.join(cacheDir, 'lint', mine.find((f) => f.endsWith('.findings'))!);
    const text = readFileSync(findingsFile, 'utf8');
    const header = JSON.parse(text.slice(0, text.indexOf('\n')));
    const body = JSON.parse(text.slice(text.indexOf('\n') + 1));
    const planted = { ruleId: 'planted', severity: 'warning', message: 'Planted to show the cache was read', range: body.findings[0].range };
    writeFileSync(findingsFile, entryText(header.tool, 'findings', { ...body, findings: [planted] }));
    expect((await runCli(['lint', '--format', 'json', book], work)).stdout).toContain('Planted to show the cache was read');
    expect((await runCli(['lint', '--no-cache', '--format', 'json', book], work)).stdout).toBe(skipped.stdout);
  });
});

describe('the chunk parses kept on disk', () => {
  /** A parse through the chunks a LintCache stored for the book, and how many chunks it had to parse itself. */
  async function parseFromCache(cache: LintCache, target: string) {
    const loaded = await loadRulebook(target);
    const book = (await cache.book(loaded, {}))!;
    const store = await book.chunks();
    const parseCache = new ParseCache({ store });
    const model = parseRulebook(loaded.source, { cache: parseCache });
    return { model, fresh: parseRulebook(loaded.source), misses: parseCache.misses, hits: store.hits };
  }

  it('give each sample book the very model and findings a fresh parse gives', async () => {
    const cache = new LintCache(path.join(work, 'chunk-cache'), 'test-version');
    for (const sample of SAMPLES) {
      const target = path.join(ROOT, 'tests/fixtures/samples', sample);
      const first = await lintOne(target, { cache });
      expect(first.linked).not.toBeNull();
      const { model, fresh, misses, hits } = await parseFromCache(cache, target);
      expect(misses).toBe(0);
      expect(hits).toBeGreaterThan(0);
      expect(model).toEqual(fresh);
      // The findings themselves come from the findings file now, without parsing.
      const warm = await lintOne(target, { cache });
      expect(warm.linked).toBeNull();
      expect(warm.findings).toEqual((await lintOne(target)).findings);
    }
  });

  it('are each checked before use: a record reaching past its chunk is a miss, not a crash', async () => {
    const folder = path.join(work, 'bent-chunks');
    const cache = new LintCache(folder, 'test-version');
    const target = path.join(ROOT, 'tests/fixtures/samples', 'funjerai.md');
    await lintOne(target, { cache });
    const file = path.join(folder, readdirSync(folder).find((f) => f.endsWith('.chunks'))!);
    const text = readFileSync(file, 'utf8');
    const body = JSON.parse(text.slice(text.indexOf('\n') + 1));
    const bent = body.chunks.map(([id, result]: [string, { records: Array<{ end: number }> }]) => [id, { ...result, records: result.records.map((r) => ({ ...r, end: 10 ** 9 })) }]);
    writeFileSync(file, entryText('test-version', 'chunks', { ...body, chunks: bent }));
    const { model, fresh, misses, hits } = await parseFromCache(cache, target);
    expect(hits).toBe(0);
    expect(misses).toBe(bent.length);
    expect(model).toEqual(fresh);
  });

  it('re-parse only the chapter that changed in a book of many chapters', async () => {
    const cache = new LintCache(path.join(work, 'chapter-cache'), 'test-version');
    const book = copySample('kingdoms-of-novitas', 'novitas');
    await lintOne(book, { cache });
    const chapter = path.join(book, '07-combat.md');
    const text = readFileSync(chapter, 'utf8');
    // A new broken reference at the end, and a word changed early on: two chunks of one chapter.
    const edited = `${text.replace(/\bthe\b/, 'the very')}\nFor weapons, see 99.9.\n`;
    writeFileSync(chapter, edited);

    const { model, fresh, misses } = await parseFromCache(cache, book);
    expect(model).toEqual(fresh);
    expect(misses).toBeGreaterThan(0);
    expect(misses).toBeLessThanOrEqual(splitChunks(edited).length);
    expect(misses).toBeLessThanOrEqual(2);

    const cached = await lintOne(book, { cache });
    const plain = await lintOne(book);
    expect(cached.findings).toEqual(plain.findings);
    expect(plain.findings.some((f) => f.message.includes('99.9') && f.range.file === '07-combat.md')).toBe(true);
  });
});
