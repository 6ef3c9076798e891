/**
 * No-break spaces and soft hyphens, read back from the PDF with poppler: "10 ft" written with U+00A0 (or U+202F,
 * U+2007) never splits across lines and keeps its natural width on a justified line; a word with U+00AD breaks there
 * with a printed hyphen when the line needs it, and prints no hyphen where it does not break.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../../main/publish/index.js';
import { load } from './helpers.js';
import { pdfPageTexts, pdfWords, type PdfWord } from './poppler.js';

const NBSP = '\u00a0';
const NARROW = '\u202f';
const FIGURE = '\u2007';
const SHY = '\u00ad';
const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-no-break-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function print(name: string, text: string): Promise<string> {
  const { linked, source } = load(`${name}.md`, text);
  const out = path.join(dir, `${name}.pdf`);
  await exportPdf(linked, { kind: 'book', paper: 'a4', source }, out);
  return out;
}

/** A lantern-wardens' field guide: ranges and distances glued to their units, as a careful editor types them. */
const SPACES = [NBSP, NARROW, FIGURE];
const ranges = Array.from(
  { length: 60 },
  (_, i) => `A warden who sees a lantern at ${10 + (i % 37)}${SPACES[i % 3]}ft calls it${i % 4 ? ' softly' : ''}, then walks ${i % 5 ? 'slowly ' : ''}to the marker by Chapter${NBSP}${1 + (i % 9)}.`,
).join(' ');
const guide = ['# 1 The Lantern Wardens', '', ranges, '', 'The end of the watch.', ''].join('\n');
/** The same guide with U+00A0 alone: the figure space is as wide as a digit, the narrow one narrower than a space. */
const plainGuide = guide.replaceAll(NARROW, NBSP).replaceAll(FIGURE, NBSP);

/** The printed lines of a PDF in drawing order (pdftotext -raw). */
function rawLines(file: string): string[] {
  return pdfPageTexts(file, 'raw').flatMap((page) => page.split('\n'));
}

/** Words grouped into printed lines (same baseline box), left to right. */
function printedLines(file: string): PdfWord[][] {
  const lines = new Map<string, PdfWord[]>();
  pdfWords(file).forEach((page, p) => {
    for (const word of page.words) {
      const key = `${p}:${Math.round(word.yMax)}`;
      (lines.get(key) ?? lines.set(key, []).get(key)!).push(word);
    }
  });
  return [...lines.values()].map((words) => words.sort((a, b) => a.xMin - b.xMin));
}

describe('no-break spaces', () => {
  it('never ends a line at a no-break space: "10 ft" and "Chapter 3" stay together', async () => {
    const lines = rawLines(await print('wardens-lines', guide));
    const splits = lines.filter((line, i) => (/\d$/.test(line.trimEnd()) && /^ft\b/.test(lines[i + 1] ?? '')) || (/Chapter$/.test(line.trimEnd()) && /^\d/.test(lines[i + 1] ?? '')));
    expect(splits).toEqual([]);
    // Every glued pair prints on one line (a figure space reads back as nothing, the others as a space).
    const glued = lines.join('\n').match(/\d+[^\S\n]*ft\b/g) ?? [];
    expect(glued.length).toBe(60);
  });

  it('keeps a no-break space at its natural width on a justified line, while the word gaps stretch', async () => {
    const lines = printedLines(await print('wardens-justified', plainGuide));
    const measured: Array<{ glued: number; gaps: number[] }> = [];
    for (const words of lines) {
      const gaps = words.slice(1).map((word, i) => word.xMin - words[i].xMax);
      words.forEach((word, i) => {
        const next = words[i + 1];
        if (/^\d+$/.test(word.text) && next && /^ft$/.test(next.text) && i + 2 < words.length && i > 0) {
          measured.push({ glued: next.xMin - word.xMax, gaps: gaps.filter((_, k) => k !== i) });
        }
      });
    }
    expect(measured.length).toBeGreaterThan(10);
    // Never wider than the line's stretched word gaps; on stretched lines, clearly narrower.
    for (const { glued, gaps } of measured) expect(glued).toBeLessThanOrEqual(Math.min(...gaps) + 0.05);
    const stretched = measured.filter(({ glued, gaps }) => Math.min(...gaps) > glued + 0.5);
    expect(stretched.length).toBeGreaterThan(5);
  });
});

describe('soft hyphens', () => {
  // A made-up compound the English patterns would break elsewhere ("thorn-wall-keep-ers"), with one soft hyphen.
  const WORD = `Thornwall${SHY}keepers`;
  const EXTRA = ['', ' and sing', ' with a lamp', ' in the old rain', ' with sword drawn', ' and count the hours'];
  const paragraph = Array.from({ length: 50 }, (_, i) => `The ${WORD} ${i % 3 ? 'guard' : 'tend'} the ${i % 2 ? 'northern' : 'eastern'} gate${EXTRA[i % 6]}${EXTRA[(i * 5) % 7] ?? ''} at dusk.`).join(' ');
  const book = ['# 1 The Gatehouse', '', paragraph, ''].join('\n');

  it('breaks a word at its soft hyphen with a printed hyphen, only there, and prints none where it stays whole', async () => {
    const lines = rawLines(await print('gatehouse', book)).map((line) => line.replaceAll(SHY, ''));
    const endings = lines.flatMap((line, i) => {
      const head = /(\p{L}+)-$/u.exec(line.trimEnd())?.[1];
      return head ? [`${head}-${/^\p{L}+/u.exec(lines[i + 1] ?? '')?.[0] ?? ''}`] : [];
    });
    expect(endings.length).toBeGreaterThan(0);
    // The compound breaks at its soft hyphen, never at a syllable of the patterns' choosing.
    for (const ending of endings.filter((e) => e.startsWith('Thorn'))) expect(ending).toBe('Thornwall-keepers');
    expect(endings).toContain('Thornwall-keepers');
    // Unbroken, the word prints without a hyphen.
    const whole = lines.join('\n').match(/Thornwallkeepers/g) ?? [];
    expect(whole.length + endings.filter((e) => e === 'Thornwall-keepers').length).toBe(50);
  });
});
