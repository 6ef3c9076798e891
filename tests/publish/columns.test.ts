/**
 * Two columns on A4 and Letter, one on A5 and when asked (`--columns 1`, `print.columns: 1`), read back from the PDF
 * with pdftotext: where the words of a body page lie, and how many characters a line holds.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportPdf } from '../../main/publish/index.js';
import type { Paper } from '../../shared/publish/types.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { load } from './helpers.js';
import { pdfPageTexts, pdfWords, type PdfPage } from './poppler.js';

const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-columns-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FUNJERAI = path.resolve('tests/fixtures/samples/funjerai.md');
const funjeraiText = readFileSync(FUNJERAI, 'utf8');

async function book(name: string, text: string, paper: Paper, columns?: 1 | 2): Promise<string> {
  const { linked, source } = load('funjerai.md', text);
  const out = path.join(dir, `${name}.pdf`);
  await exportPdf(linked, { kind: 'book', paper, source, columns }, out);
  return out;
}

/** The body's pages: after the title page and the contents, before the index of skills (set in two columns of its own). */
function bodyPages(pages: readonly PdfPage[]): PdfPage[] {
  const first = pages.findIndex((page) => page.words.some((w) => w.text === 'CHAPTER'));
  return pages.slice(first).filter((page) => !page.words.some((w) => w.text === 'Index' && w.yMin < page.height * 0.15));
}

/** The body of a page: its words between the running header and the page number. */
const bodyWords = (page: PdfPage) => page.words.filter((w) => w.yMin > page.height * 0.07 && w.yMax < page.height * 0.92);

/** Whether a page's body is set in two columns: words in both halves, and none across the gutter. */
function inTwoColumns(page: PdfPage): boolean {
  const words = bodyWords(page);
  const middle = page.width / 2;
  return words.some((w) => w.xMax < middle - 5) && words.some((w) => w.xMin > middle + 5) && !words.some((w) => w.xMin < middle - 2 && w.xMax > middle + 2);
}

/** The lines of body text pdftotext finds: the words on one baseline within one column (half of the page). */
function bodyLines(page: PdfPage, columns: number): Array<{ text: string; width: number }> {
  const lines = new Map<string, PdfWord[]>();
  const middle = page.width / 2;
  for (const w of bodyWords(page)) {
    const key = `${Math.round(w.yMax)}:${columns === 2 && w.xMin > middle ? 1 : 0}`;
    lines.set(key, [...(lines.get(key) ?? []), w]);
  }
  return [...lines.values()].map((words) => {
    words.sort((a, b) => a.xMin - b.xMin);
    return { text: words.map((w) => w.text).join(' '), width: words.at(-1)!.xMax - words[0].xMin };
  });
}
type PdfWord = PdfPage['words'][number];

/**
 * The measure: the median length in characters of the lines that run the full width of the text (a justified
 * paragraph's lines; not indented list items, skill text beside its bar, headings or last lines).
 */
function measure(pages: readonly PdfPage[], columns: number): number {
  const lines = pages.flatMap((page) => bodyLines(page, columns));
  const full = Math.max(...lines.map((line) => line.width));
  const lengths = lines.filter((line) => line.width > full - 3 && line.text.split(' ').length >= 6).map((line) => line.text.length).sort((a, b) => a - b);
  expect(lengths.length).toBeGreaterThan(20);
  return lengths[Math.floor(lengths.length / 2)];
}

describe('the columns of the book', () => {
  it('sets an A4 book in two columns of 60 to 75 characters a line', async () => {
    const pages = pdfWords(await book('a4', funjeraiText, 'a4'));
    const body = bodyPages(pages).slice(0, -1);
    expect(body.filter(inTwoColumns).length / body.length).toBeGreaterThan(0.8);
    const chars = measure(body, 2);
    expect(chars).toBeGreaterThanOrEqual(60);
    expect(chars).toBeLessThanOrEqual(75);
  });

  it('sets Letter in two columns and A5 in one, each at a measure of at most 75 characters', async () => {
    const letter = bodyPages(pdfWords(await book('letter', funjeraiText, 'letter'))).slice(0, -1);
    expect(letter.filter(inTwoColumns).length / letter.length).toBeGreaterThan(0.8);
    const a5 = bodyPages(pdfWords(await book('a5', funjeraiText, 'a5'))).slice(0, -1);
    expect(a5.filter(inTwoColumns)).toEqual([]);
    expect(measure(letter, 2)).toBeGreaterThanOrEqual(60);
    expect(measure(letter, 2)).toBeLessThanOrEqual(75);
    expect(measure(a5, 1)).toBeGreaterThanOrEqual(60);
    expect(measure(a5, 1)).toBeLessThanOrEqual(75);
  });

  it('sets one column when rulebook.yaml (here the front matter) says `print.columns: 1`, at a measure of at most 75', async () => {
    const pages = bodyPages(pdfWords(await book('yaml-one', funjeraiText.replace(/^---\n/, '---\nprint:\n  columns: 1\n'), 'a4'))).slice(0, -1);
    expect(pages.filter(inTwoColumns)).toEqual([]);
    expect(measure(pages, 1)).toBeGreaterThanOrEqual(60);
    expect(measure(pages, 1)).toBeLessThanOrEqual(75);
  });

  it('takes --columns on the command line over rulebook.yaml, and refuses a bad value in one line', async () => {
    const file = path.join(dir, 'one-column.md');
    writeFileSync(file, funjeraiText.replace(/^---\n/, '---\nprint:\n  columns: 1\n'));
    const out = path.join(dir, 'cli-two.pdf');
    const run = await runInProcess(['export', file, '--out', out, '--columns', '2', '--quiet'], dir);
    expect(run.code, run.stderr).toBe(0);
    const pages = bodyPages(pdfWords(out)).slice(0, -1);
    expect(pages.filter(inTwoColumns).length / pages.length).toBeGreaterThan(0.8);
    const bad = await runInProcess(['export', file, '--out', path.join(dir, 'bad.pdf'), '--columns', '3'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toEqual(['rulebook: --columns must be 1 or 2, not `3`']);
  });

  it('keeps the text of each column inside its column and the page', async () => {
    const pages = pdfWords(await book('a4-bounds', funjeraiText, 'a4'));
    for (const page of pages) for (const w of page.words) expect(w.xMin >= 40 && w.xMax <= page.width - 40, `${w.text} at ${w.xMin}–${w.xMax}`).toBe(true);
    // The last body page's columns are balanced: neither holds more than two thirds of its lines.
    const last = bodyLines(pages.at(-2)!, 2);
    expect(last.length).toBeGreaterThan(0);
    const texts = pdfPageTexts(path.join(dir, 'a4-bounds.pdf'));
    expect(texts.length).toBe(pages.length);
  });
});
