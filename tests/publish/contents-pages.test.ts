/**
 * The Comprehensive Rules' book (247 pages, two columns): every contents entry and every index entry names a page
 * that pdftotext finds the heading or the skill on, and the contents print those numbers. The contents list every
 * appendix and the index, and their dot leaders end at one x (read back with pdftotext -bbox).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../../main/publish/index.js';
import { importRulebook } from '../../shared/import/index.js';
import { smarten } from '../../shared/publish/typography.js';
import { writeFileSync } from 'node:fs';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { linkRulebook } from '../../shared/link/index.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { funjerai, load, squash, type Loaded } from './helpers.js';
import { pdfPageTexts, pdfWords, type PdfPage } from './poppler.js';

const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-contents-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the book and checks its contents against the pages; returns the file and the plan for further checks. */
async function check(name: string, loaded: Loaded) {
  const { pdf, plan } = await buildPdf(loaded.linked, { kind: 'book', paper: 'a4', source: loaded.source });
  const file = path.join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const pages = pdfPageTexts(file).map(squash);
  expect(pages.length).toBe(plan.pageCount);
  expect(plan.toc.length).toBeGreaterThan(5);
  // Each heading is on the page the contents give (its words, as printed; a number and title may wrap).
  // (A chapter prints "CHAPTER 3" over its title; a section its number beside it.)
  for (const entry of plan.toc) {
    const printedTitle = entry.level === 1 ? entry.title.replace(/^\S+\s{2}/, '') : entry.title;
    expect(pages[entry.page - 1], `${entry.title} on p. ${entry.page}`).toContain(squash(smarten(printedTitle)));
  }
  for (const entry of plan.index) expect(pages[entry.page - 1], `${entry.name} on p. ${entry.page}`).toContain(squash(smarten(entry.name)));
  // The contents print those numbers: each entry's line (its last, when the title wraps) ends in leader dots and its page.
  const layout = pdfPageTexts(file, 'layout');
  const numbered = layout
    .slice(1, 1 + layout.slice(1).findIndex((page) => !/(\.\s){5,}/.test(page)))
    .flatMap((page) => page.split('\n'))
    .map((line) => /^(.*?)\s*(?:\.\s*){3,}(\d+)\s*$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ title: squash(m[1]), page: Number(m[2]) }));
  expect(numbered.map((line) => line.page)).toEqual(plan.toc.map((entry) => entry.page));
  plan.toc.forEach((entry, i) => expect(squash(smarten(entry.title)).endsWith(numbered[i].title.replace(/^\d+/, '')), entry.title).toBe(true));
  return { file, plan };
}

/** Each contents line's last leader dot (its right edge) and the page number after it, on the contents' pages. */
function leaderEnds(pages: readonly PdfPage[]): Array<{ end: number; number: string; title: string }> {
  const out: Array<{ end: number; number: string; title: string }> = [];
  for (const page of pages.slice(1)) {
    // A line's dots by their row; the title and the number (in other sizes) are the words beside them.
    const rows = new Map<number, PdfPage['words'][number][]>();
    for (const word of page.words.filter((w) => w.text === '.')) rows.set(Math.round(word.yMin), [...(rows.get(Math.round(word.yMin)) ?? []), word]);
    const found = [...rows.values()].filter((dots) => dots.length >= 3);
    if (!found.length) break;
    for (const dots of found) {
      dots.sort((a, b) => a.xMin - b.xMin);
      const middle = (dots[0].yMin + dots[0].yMax) / 2;
      const beside = page.words.filter((w) => w.text !== '.' && w.yMin < middle && w.yMax > middle).sort((a, b) => a.xMin - b.xMin);
      const after = beside.filter((w) => w.xMin > dots[dots.length - 1].xMax);
      out.push({ end: dots[dots.length - 1].xMax, number: after.map((w) => w.text).join(' '), title: beside.filter((w) => w.xMax < dots[0].xMin).map((w) => w.text).join(' ') });
    }
  }
  return out;
}

describe('contents and index page numbers, read back from the PDF', () => {
  it('in the Comprehensive Rules', async () => {
    const corpus = path.resolve('tests/fixtures/corpus/mtg-comprehensive-rules/MagicCompRules-2020-07-03.txt');
    await check('cr', load('cr.md', importRulebook(readFileSync(corpus, 'utf8'), { format: 'txt' }).markdown));
  }, 60_000);

  it('in Funjerai, with its index of skills listed in the contents, every line’s leaders ending at one x', async () => {
    const { file, plan } = await check('funjerai', funjerai());
    const lines = leaderEnds(pdfWords(file));
    expect(lines.length).toBe(plan.toc.length);
    const ends = lines.map((line) => line.end);
    expect(Math.max(...ends) - Math.min(...ends)).toBeLessThan(1);
    // The index is listed last, with the page pdftotext finds its title on.
    const index = lines[lines.length - 1];
    expect(index.title).toBe('Index of skills');
    const first = pdfPageTexts(file).findIndex((text) => text.includes('Index of skills') && !text.trimStart().startsWith('Contents'));
    expect(index.number).toBe(String(first + 1));
  });

  it('in Kingdoms of Novitas, with both appendices and the index listed, the leaders ending at one x', async () => {
    const { source } = await loadRulebook(path.resolve('tests/fixtures/samples/kingdoms-of-novitas'));
    const { file } = await check('novitas', { source, linked: linkRulebook(parseRulebook(source)) });
    const lines = leaderEnds(pdfWords(file));
    const ends = lines.map((line) => line.end);
    expect(Math.max(...ends) - Math.min(...ends)).toBeLessThan(1);
    const titles = lines.map((line) => line.title);
    expect(titles.filter((t) => /^\d+ Appendix [AB]:/.test(t))).toHaveLength(2);
    expect(titles[titles.length - 1]).toBe('Index of skills');
  });
});
