import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';

const root = path.resolve(import.meta.dirname, '../..');
const bin = path.join(root, 'bin/rulebook.mjs');
const work = mkdtempSync(path.join(tmpdir(), 'rulebook-export-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
writeFileSync(path.join(work, 'funjerai.md'), readFileSync(path.join(import.meta.dirname, 'fixtures/funjerai.md')));
writeFileSync(path.join(work, 'amtgard.md'), readFileSync(path.join(import.meta.dirname, 'fixtures/amtgard-rules.md')));

/** The real binary, for the exit code and stderr exactly as a marshal sees them. */
function binary(...args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: work, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }, (error, _stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stderr });
    });
  });
}

/** The CLI in-process, in the work folder. */
const rulebook = (...args: string[]) => runInProcess(args, work);

describe('rulebook export', () => {
  it('writes the cards and says which options the kind does not use', async () => {
    const { code, stderr } = await rulebook('export', 'funjerai.md', '--out', 'cards.pdf', '--kind', 'cards', '--chapters', '3');
    expect(code).toBe(0);
    expect(readFileSync(path.join(work, 'cards.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    expect(stderr).toMatch(/^warning: --chapters applies to --kind book and extract; ignored for cards$/m);
    expect(stderr).toMatch(/wrote cards\.pdf \(\d+ pages/);
  });

  it('says which of the book’s own print settings it cannot use, and prints with the defaults', async () => {
    const book = readFileSync(path.join(work, 'funjerai.md'), 'utf8');
    writeFileSync(path.join(work, 'gothic.md'), `---\nprint:\n  theme: gothic\n  columns: 3\n---\n${book}`);
    for (const [kind, out] of [['book', 'gothic.pdf'], ['html', 'gothic.html']]) {
      const { code, stderr } = await rulebook('export', 'gothic.md', '--out', out, '--kind', kind, '--quiet');
      expect(code, kind).toBe(0);
      expect(stderr, kind).toMatch(/^warning: gothic\.md:3: `print\.theme` must be one of classic, modern, parchment; the export went ahead without this setting$/m);
      expect(stderr, kind).toMatch(/^warning: gothic\.md:4: `print\.columns` must be 1 or 2, not `3`; the export went ahead without this setting$/m);
    }
    // A book whose settings read well gets no such line.
    expect((await rulebook('export', 'funjerai.md', '--out', 'plain.pdf', '--quiet')).stderr).not.toMatch(/without this setting/);
  });

  it('makes no handout of skills from a rulebook without skills: one line naming the kind, exit 1, no file', async () => {
    for (const [kind, name] of [['sheet', 'character sheet'], ['cards', 'skill cards'], ['reference', 'quick reference']]) {
      const { code, stderr } = await rulebook('export', 'amtgard.md', '--out', `empty-${kind}.pdf`, '--kind', kind, '--quiet');
      expect(code).toBe(1);
      expect(stderr.trim()).toMatch(new RegExp(`^rulebook: amtgard\\.md: no ${name} made: this rulebook defines no skills \\(.*\\)$`));
      expect(existsSync(path.join(work, `empty-${kind}.pdf`))).toBe(false);
    }
    // The book itself has something to say.
    expect((await rulebook('export', 'amtgard.md', '--out', 'book.pdf', '--quiet')).code).toBe(0);
  });

  it('refuses bad input with one line naming the problem, never a stack trace, and writes nothing', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--kind', 'poster'], /--kind must be one of book, cards, reference, sheet, extract, site, html, not `poster`/],
      [['--kind', 'sheet', '--categories', 'Cooking'], /funjerai\.md: no skill category `Cooking` in this rulebook/],
      [['--kind', 'extract', '--chapters', '99'], /funjerai\.md: no chapter `99` in this rulebook/],
      [['--kind', 'cards', '--paper', 'a5', '--card-size', '140x200'], /funjerai\.md: 140×200 mm cards with 3 mm bleed do not fit on a5 paper with crop marks/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await rulebook('export', 'funjerai.md', '--out', 'refused.pdf', ...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(stderr).toMatch(message);
      expect(stderr).not.toMatch(/\n\s+at /);
    }
    expect(existsSync(path.join(work, 'refused.pdf'))).toBe(false);
    const real = await binary('export', 'missing.md', '--out', 'refused.pdf');
    expect(real.code).toBe(2);
    expect(real.stderr).toBe('rulebook: missing.md: no such file or folder\n');
  });
});
