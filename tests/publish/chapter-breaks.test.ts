/**
 * Where a chapter opens, read back from the PDF (pdftotext -bbox): it continues the page it falls on, and takes a
 * new one only when less than a third of the column is left and the chapter does not fit whole in what is left.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { buildPdf } from '../../main/publish/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { load } from './helpers.js';
import { words, type Word } from './pdf-read.js';

/** A book of two chapters on A5 (one column): `first` one-line paragraphs A1…, then `second` of B1…. */
async function twoChapters(first: number, second: number): Promise<Word[]> {
  const paragraphs = (letter: string, count: number) => Array.from({ length: count }, (_, i) => `${letter}${i + 1} opens a line of its own.`).join('\n\n');
  const text = `# Chapter 1. Alpha\n\n${paragraphs('A', first)}\n\n# Chapter 2. Beta\n\n${paragraphs('B', second)}\n`;
  const { linked, source } = load('chapters.md', text);
  const { pdf } = await buildPdf(linked, { kind: 'book', paper: 'a5', source, compress: false });
  return words(pdf);
}

const find = (all: readonly Word[], text: string) => all.find((w) => w.text === text)!;
/** A word as the body prints it: its last occurrence (the contents and the running headers name chapters too). */
const body = (all: readonly Word[], text: string) => all.findLast((w) => w.text === text && w.h > 12)!;

describe('where a chapter opens', () => {
  it('continues on the page when all of it fits in the little left, and takes a new page when it does not', async () => {
    // How many paragraphs a page holds, under a chapter's title and without one.
    const calibration = await twoChapters(120, 1);
    const firstPage = find(calibration, 'A1').page;
    const onPage = (page: number) => calibration.filter((w) => w.page === page && /^A\d+$/.test(w.text)).length;
    const opening = onPage(firstPage);
    const full = onPage(firstPage + 1);
    expect(full).toBeGreaterThan(opening);
    // The first chapter's last page 70 % full: less than a third is left, room for a title and two lines.
    const first = opening + Math.round(full * 0.7);

    const short = await twoChapters(first, 2);
    const last = find(short, `A${first}`);
    expect(last.page).toBe(firstPage + 1);
    // Its title and two lines fit in what is left: the chapter opens under the first one's last line.
    const beta = body(short, 'Beta');
    expect(beta.page).toBe(last.page);
    expect(beta.y).toBeGreaterThan(last.y);
    expect(find(short, 'B2').page).toBe(last.page);

    // A chapter as long as a page does not fit there: it opens the next page, at its top.
    const long = await twoChapters(first, full);
    expect(find(long, `A${first}`).page).toBe(firstPage + 1);
    const opened = body(long, 'Beta');
    expect(opened.page).toBe(firstPage + 2);
    expect(long.filter((w) => w.page === opened.page && w.y < opened.y && /^[AB]\d+$/.test(w.text))).toEqual([]);
  }, 60_000);

  it('keeps Miniatures’ short chapter on the two-column page the one before ends on', async () => {
    const { source } = await loadRulebook(path.resolve('tests/fixtures/samples/miniatures-skirmish.md'));
    const linked = linkRulebook(parseRulebook(source));
    const { pdf } = await buildPdf(linked, { kind: 'book', paper: 'a4', source, compress: false });
    const all = words(pdf);
    // "NON MEDIUM SIZED MINI'S" ends with a table part-way down a column; "RANGE OR SPELL ATTACKS ON A FLANKED
    // MINI" (a title, a sentence and a table of three rows) fits under it.
    const before = body(all, 'SIZED');
    const flanked = body(all, 'FLANKED');
    expect(flanked.page).toBe(before.page);
    // And the page holds the whole of that chapter: its table's last row too.
    const rows = all.filter((w) => w.text === 'Long' && w.page === before.page);
    expect(rows.length).toBe(2);
  }, 60_000);
});
