/**
 * Every page of every export of the five samples and the Comprehensive Rules, read back as a reader's tools see it
 * (pdftotext -bbox): no word runs outside the printable area (a page's margins; a card's cut line), no page but a
 * last one holds fewer than six lines, and no two skills share a quick-reference summary. Each PDF is written once
 * and read once; the checks share it.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRulebook } from '../../main/fs/load-rulebook.js';
import { buildPdf, type ExportOptions } from '../../main/publish/index.js';
import { importRulebook } from '../../shared/import/index.js';
import { linkRulebook } from '../../shared/link/index.js';
import type { LinkedRulebook } from '../../shared/link/types.js';
import type { RulebookSource } from '../../shared/model/types.js';
import { parseRulebook } from '../../shared/parse/index.js';
import { bleedOf, cardSize, impose } from '../../shared/publish/cards.js';
import { pageSetup } from '../../shared/publish/page-setup.js';
import { declaredColumns } from '../../shared/publish/print-settings.js';
import { skillSummary } from '../../shared/publish/summaries.js';
import { pdfWords, type PdfPage } from './poppler.js';

const SAMPLES = path.resolve(import.meta.dirname, '../fixtures/samples');
const CR = path.resolve(import.meta.dirname, '../fixtures/corpus/mtg-comprehensive-rules/MagicCompRules-2020-07-03.txt');
const MM = 72 / 25.4;
/** Office printers leave the outer 4 mm or so unprinted. */
const PAPER_EDGE = 5 * MM;
const MIN_LINES = 6;
/** pdftotext's word boxes run from the font's ascent to its descent, a little past where the planner's line ends. */
const SLACK = 1.5;

interface Book {
  readonly name: string;
  readonly load: () => Promise<{ source: RulebookSource; root?: string }>;
}

const BOOKS: readonly Book[] = [
  ...['amtgard-magic.md', 'ars-magica-combat.md', 'funjerai.md', 'miniatures-skirmish.md', 'kingdoms-of-novitas'].map((name) => ({
    name,
    load: async () => loadRulebook(path.join(SAMPLES, name)),
  })),
  { name: 'comprehensive-rules', load: async () => ({ source: { files: [{ path: 'cr.md', text: importRulebook(readFileSync(CR, 'utf8'), { format: 'txt' }).markdown }] } }) },
];

/** Every kind; a book of skills also gets the handouts, and Funjerai the other papers, a theme, an extract and card backs. */
function exportsOf(book: Book, linked: LinkedRulebook): Array<Partial<ExportOptions> & Pick<ExportOptions, 'kind'>> {
  const handouts = linked.model.skills.length > 0 ? (['cards', 'reference', 'sheet'] as const).map((kind) => ({ kind })) : [];
  const variants =
    book.name === 'funjerai.md'
      ? [
          { kind: 'book' as const, paper: 'a5' as const },
          { kind: 'book' as const, paper: 'letter' as const, theme: 'parchment' as const },
          { kind: 'extract' as const, chapters: ['3'] },
          { kind: 'cards' as const, paper: 'letter' as const, cards: { backs: 'long' as const, size: 'tarot' } },
          { kind: 'cards' as const, paper: 'card' as const, cards: { backs: 'short' as const } },
          { kind: 'reference' as const, paper: 'a5' as const },
        ]
      : [];
  return [{ kind: 'book' }, ...handouts, ...variants];
}

interface Written {
  readonly label: string;
  readonly options: ExportOptions;
  readonly pages: readonly PdfPage[];
  /** The book's first body page (1-based): the cover and the contents come before it. */
  readonly firstBody: number;
}

const dir = mkdtempSync(path.join(tmpdir(), 'rulebook-print-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Words that stand outside a box (each word's box, in points from the top-left corner), as `p3 "word"` lines. */
function outside(pages: readonly PdfPage[], box: (page: PdfPage, index: number) => { left: number; top: number; right: number; bottom: number }[]): string[] {
  const out: string[] = [];
  pages.forEach((page, i) => {
    const boxes = box(page, i);
    for (const w of page.words) {
      const inside = boxes.some((b) => w.xMin >= b.left - SLACK && w.xMax <= b.right + SLACK && w.yMin >= b.top - SLACK && w.yMax <= b.bottom + SLACK);
      if (!inside) out.push(`p${i + 1} "${w.text}" at ${w.xMin.toFixed(0)},${w.yMin.toFixed(0)}–${w.xMax.toFixed(0)},${w.yMax.toFixed(0)}`);
    }
  });
  return out;
}

/** The lines of text a page's body holds: distinct rows of words in each column (a two-column page counts both). */
function bodyLines(page: PdfPage, top: number, bottom: number, columnSplit: number | null): number {
  const rows = new Set<string>();
  for (const w of page.words) {
    if (w.yMin < top - SLACK || w.yMax > bottom + SLACK) continue;
    const column = columnSplit !== null && w.xMin >= columnSplit ? 1 : 0;
    rows.add(`${column}:${Math.round((w.yMin + w.yMax) / 2 / 3)}`);
  }
  return rows.size;
}

/** The page the export was laid out on: the book's columns as the book's settings give them. */
const setupOf = (linked: LinkedRulebook, options: ExportOptions) => pageSetup({ ...options, columns: declaredColumns(linked.model.config, options) });

describe.each(BOOKS)('every page of every export of $name', (book) => {
  let linked: LinkedRulebook;
  const written: Written[] = [];

  beforeAll(async () => {
    const { source, root } = await book.load();
    linked = linkRulebook(parseRulebook(source));
    for (const variant of exportsOf(book, linked)) {
      const options: ExportOptions = { paper: 'a4', source, root, compress: false, ...variant };
      const { pdf, plan } = await buildPdf(linked, options);
      const label = [options.kind, options.paper, options.theme, options.cards?.backs && `backs ${options.cards.backs}`, options.cards?.size].filter(Boolean).join(' ');
      const file = path.join(dir, `${book.name}-${written.length}.pdf`);
      writeFileSync(file, pdf);
      written.push({ label, options, pages: pdfWords(file), firstBody: Math.min(...plan.toc.map((entry) => entry.page), Infinity) });
    }
  }, 240_000);

  it('keeps every word inside the printable area: the page’s margins, or its card', () => {
    for (const { label, options, pages } of written) {
      expect(pages.length, label).toBeGreaterThan(0);
      if (options.kind === 'cards') {
        // Each word inside the cut line of a card: never in the bleed, never on the sheet between cards.
        const size = cardSize(options.cards?.size);
        const bleed = bleedOf(options.cards?.bleed);
        const cards = (page: PdfPage) =>
          options.paper === 'card'
            ? [{ left: bleed, top: bleed, right: page.width - bleed, bottom: page.height - bleed }]
            : impose(page.width, page.height, size.width, size.height, bleed).slots.map((s) => ({ left: s.x, top: s.y, right: s.x + size.width, bottom: s.y + size.height }));
        expect(outside(pages, cards), label).toEqual([]);
        continue;
      }
      const setup = setupOf(linked, options);
      // Running header and page number included: between the side margins, and inside the paper less its edge.
      const printable = (page: PdfPage) => [{ left: setup.margins.left, top: PAPER_EDGE, right: page.width - setup.margins.right, bottom: page.height - PAPER_EDGE }];
      expect(outside(pages, printable), label).toEqual([]);
      // A word that starts in the body ends in it: no line runs past the body's foot into the footer.
      const overflow = pages.flatMap((page, i) => page.words.filter((w) => w.yMin > setup.contentTop && w.yMin < setup.contentBottom && w.yMax > setup.contentBottom + SLACK * 2).map((w) => `p${i + 1} "${w.text}"`));
      expect(overflow, label).toEqual([]);
    }
  });

  it(`leaves no page but a last one with fewer than ${MIN_LINES} lines`, () => {
    for (const { label, options, pages, firstBody } of written) {
      if (options.kind === 'cards') continue;
      const setup = setupOf(linked, options);
      const split = setup.columns === 2 ? setup.margins.left + setup.columnWidth + setup.columnGap / 2 : null;
      const opensIndex = (page: PdfPage) => page.words.slice(0, 8).map((w) => w.text).join(' ').includes('Index of skills');
      const short: string[] = [];
      pages.forEach((page, i) => {
        const next = pages[i + 1];
        if (!next) return; // the last page
        // The cover and the contents' last page; the body's last page, before the index. A chapter begins a new
        // page only when less than a third of the page before is left, so the page it leaves is no exception.
        if ((options.kind === 'book' || options.kind === 'extract') && (i + 1 < firstBody || opensIndex(next))) return;
        const lines = bodyLines(page, setup.contentTop, setup.contentBottom, split);
        if (lines < MIN_LINES) short.push(`p${i + 1}: ${lines} lines`);
      });
      expect(short, label).toEqual([]);
    }
  });

  it('gives no two skills the same quick-reference summary', () => {
    const holders = new Map<string, string[]>();
    for (const skill of linked.model.skills) {
      const summary = skillSummary(linked, skill);
      if (summary) holders.set(summary, [...(holders.get(summary) ?? []), skill.name]);
    }
    expect([...holders].filter(([, names]) => names.length > 1)).toEqual([]);
  });
});
