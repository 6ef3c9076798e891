/**
 * Exports of hostile sizes: a file past the parse's limits stops with one line naming the limit and exit 2, and
 * everything within them costs work in proportion to its size. "Work" is counted (text measured, shapes kept,
 * pages held), never timed.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../helpers/cli-in-process.js';
import { writeFileAtomicallyFrom } from '../../main/fs/atomic-write.js';
import { ExportLimitError, exportPdf } from '../../main/publish/index.js';
import { checkExportLimits } from '../../main/publish/limits.js';
import { FaceShaper, type FontkitFont } from '../../main/publish/shaper.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import { MAX_FILE_LENGTH, MAX_RULEBOOK_LENGTH } from '../../shared/parse/index.js';
import { BoundedCache } from '../../shared/publish/bounded-cache.js';
import { streamExport } from '../../shared/publish/index.js';
import { breakLines, Metrics } from '../../shared/publish/lines.js';
import type { MeasureText } from '../../shared/publish/types.js';
import { generated, load } from './helpers.js';

const work = mkdtempSync(path.join(tmpdir(), 'rulebook-limits-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A measure that counts what it is asked: calls and characters. Half an em a character, like a monospace. */
function countingMeasure(): { measure: MeasureText; calls: number; characters: number } {
  const counter = {
    calls: 0,
    characters: 0,
    measure: ((text, _font, size) => {
      counter.calls++;
      counter.characters += text.length;
      return text.length * size * 0.5;
    }) as MeasureText,
  };
  return counter;
}

/** The CLI in-process, in the work folder. */
const rulebook = (...args: string[]) => runInProcess(args, work);

describe('export limits', () => {
  it('refuses a file over the 4 MB one file may hold: one line naming it and the limit, exit 2, nothing written', async () => {
    // One line of 4.2 MB: the parse leaves it unread, so printed as prose it would be one endless paragraph.
    writeFileSync(path.join(work, 'line.md'), `# One line\n\n${'alpha beta gamma delta '.repeat(Math.ceil((MAX_FILE_LENGTH + 100_000) / 22))}\n`);
    const { code, stderr } = await rulebook('export', 'line.md', '--out', 'line.pdf');
    expect(code).toBe(2);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(/^rulebook: line\.md is 4\.\d MB, over the 4 MB one file may hold; not exported/);
    expect(readdirSync(work).filter((name) => name.includes('line.pdf'))).toEqual([]);
  });

  it('refuses a rulebook whose files come to over 16 MB, naming the file that passes it', () => {
    const text = 'x'.repeat(MAX_FILE_LENGTH - 1);
    const count = Math.floor(MAX_RULEBOOK_LENGTH / text.length) + 1;
    const source = { files: Array.from({ length: count }, (_, i) => ({ path: `${i + 1}.md`, text })) };
    expect(() => checkExportLimits({} as LinkedRulebook, source)).toThrow(ExportLimitError);
    expect(() => checkExportLimits({} as LinkedRulebook, source)).toThrow(`the rulebook's files come to over 16 MB with ${count}.md; not exported`);
    expect(() => checkExportLimits({} as LinkedRulebook, { files: source.files.slice(0, count - 1) })).not.toThrow();
  });

  it('checks before writing: exportPdf leaves neither the file nor a temp file beside it', async () => {
    const { linked } = load('big.md', '# Big\n');
    const source = { files: [{ path: 'big.md', text: 'y'.repeat(MAX_FILE_LENGTH + 1) }] };
    const out = path.join(work, 'big.pdf');
    await expect(exportPdf(linked, { kind: 'book', paper: 'a4', source }, out)).rejects.toThrow(/big\.md is 4\.0 MB, over the 4 MB/);
    expect(existsSync(out)).toBe(false);
    expect(readdirSync(work).filter((name) => name.includes('big.pdf'))).toEqual([]);
  });
});

describe('work in proportion to size', () => {
  it('splits a word of 200,000 characters with a few measurements a line, not one a character', () => {
    const counter = countingMeasure();
    const metrics = new Metrics(counter.measure);
    // No two lines alike, so no line's measurement is remembered for the next.
    const word = Array.from({ length: 200_000 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join('');
    const lines = breakLines([{ text: word }], 300, { family: 'serif', size: 10, color: '#000' }, metrics);
    // 300 pt at 5 pt a character: 60 characters a line.
    expect(lines.length).toBe(Math.ceil(200_000 / 60));
    expect(lines.map((l) => l.fragments.map((f) => f.text).join('')).join('')).toBe(word);
    expect(counter.calls).toBeLessThan(lines.length * 6 + 100);
    // Each line is measured as itself a few times, and the word whole at most once in pieces.
    expect(counter.characters).toBeLessThan(word.length * 6);
  });

  it('measures a long word only until it is known not to fit', () => {
    const counter = countingMeasure();
    const metrics = new Metrics(counter.measure);
    expect(metrics.widthUpTo('z'.repeat(1_000_000), 'serif', 10, 500)).toBeGreaterThan(500);
    expect(counter.characters).toBeLessThan(2_000);
    // A text that fits is measured whole, in pieces cut after spaces: the same sum as measuring it at once.
    const text = 'word '.repeat(400);
    expect(metrics.widthUpTo(text, 'serif', 10, 1e9)).toBe(metrics.width(text, 'serif', 10));
    expect(metrics.width(text, 'serif', 1)).toBe(text.length * 0.5);
  });

  it('measures each distinct word once, whatever the length of the paragraph', () => {
    const work = (copies: number) => {
      const counter = countingMeasure();
      const paragraph = Array.from({ length: copies * 2_000 }, (_, i) => `word${i % 500}`).join(' ');
      breakLines([{ text: paragraph }], 400, { family: 'serif', size: 10, color: '#000' }, new Metrics(counter.measure), { justify: true });
      return counter.calls;
    };
    expect(work(8)).toBe(work(1));
  });

  it('keeps a bounded number of measurements and shapes, the recently used ones', () => {
    const cache = new BoundedCache<number>(1_000);
    cache.set('kept', 1);
    for (let i = 0; i < 100_000; i++) {
      cache.set(`word${i}`, i);
      if (i % 500 === 0) expect(cache.get('kept')).toBe(1);
    }
    expect(cache.size).toBeLessThanOrEqual(2_000);
    expect(cache.get('word5')).toBeUndefined();

    let layouts = 0;
    const glyph = (id: number) => ({ id, advanceWidth: 500, codePoints: [id] });
    const font: FontkitFont = { unitsPerEm: 1000, getGlyph: glyph };
    // A shaping engine that counts its calls: one glyph per character, each advancing by its own width.
    const shapeText = (text: string) => {
      layouts++;
      const ids = Array.from(text, (ch) => ch.codePointAt(0)!);
      return { ids, clusters: ids.map((_, i) => i), xAdvances: ids.map(() => 500), moved: false };
    };
    const shaper = new FaceShaper(font, shapeText);
    for (let i = 0; i < 100_000; i++) expect(shaper.width(`n${i} `)).toBe(500 * (String(i).length + 2));
    // Each piece "nX " is made from the word "nX" and the space (learned once per last character): one layout a word.
    expect(layouts).toBeLessThan(100_000 + 50);
    expect((shaper as unknown as { shapes: BoundedCache<unknown> }).shapes.size).toBeLessThanOrEqual(48_000);
  });

  it('hands each page on as soon as it is laid out: the body before the title page and contents that number it', () => {
    const { linked, source } = generated(120_000);
    const events: string[] = [];
    const summary = streamExport(
      linked,
      source,
      { kind: 'book', paper: 'a4' },
      countingMeasure().measure,
      (page) => events.push(`page ${page.number}`),
      (done, total, stage) => {
        if (stage === 'laying out pages') events.push(done === total ? 'laid out' : 'laying out');
      },
    );
    const firstPage = events.findIndex((e) => e.startsWith('page'));
    expect(firstPage).toBeLessThan(events.indexOf('laid out'));
    expect(events.filter((e) => e === 'laying out').length).toBeGreaterThan(1);
    const numbers = events.filter((e) => e.startsWith('page')).map((e) => Number(e.slice(5)));
    expect(numbers.length).toBe(summary.pageCount);
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: summary.pageCount }, (_, i) => i + 1));
    // The body's first page comes first, after the title page and the contents it does not wait for.
    expect(numbers[0]).toBeGreaterThan(1);
  });
});

describe('writing a file as it is made', () => {
  it('puts the whole content in place at once, and on failure leaves the old file and no temp file', async () => {
    const file = path.join(work, 'streamed.pdf');
    writeFileSync(file, 'old');
    const result = await writeFileAtomicallyFrom(file, (write) => {
      for (let i = 0; i < 1000; i++) write(Buffer.from(`${i},`.repeat(100)));
      return 'done';
    });
    expect(result).toBe('done');
    expect(readFileSync(file, 'utf8')).toBe(Array.from({ length: 1000 }, (_, i) => `${i},`.repeat(100)).join(''));
    await expect(
      writeFileAtomicallyFrom(file, (write) => {
        write(Buffer.from('partial'));
        throw new Error('drawing failed');
      }),
    ).rejects.toThrow('drawing failed');
    expect(readFileSync(file, 'utf8')).toMatch(/^0,0,/);
    expect(readdirSync(work).filter((name) => name.startsWith('.streamed.pdf'))).toEqual([]);
  });
});
