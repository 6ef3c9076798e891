/**
 * The book (and the chapter extract): title page, table of contents, body, index of skills. Two passes:
 * the body is laid out first, then the TOC (whose length does not depend on the numbers it prints),
 * then the numbers are filled in.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { RulebookSource, Section } from '../model/types.js';
import { PlanAssembler } from './assemble.js';
import { coverPage } from './cover.js';
import { buildContent, type ContentBlock } from './content.js';
import { breakLines, drawLine, type Metrics, type TextStyle } from './lines.js';
import { COLORS, pageSetup, type PageSetup } from './page-setup.js';
import { Paginator, type Box, type PageDraft } from './paginate.js';
import { BodyTypesetter, chapterLabel } from './typeset.js';
import type { DrawOp, ExportOptions, IndexEntry, OutlineNode, PageSink, PlanSummary, Progress, TocEntry } from './types.js';
import { bookTitle } from '../model/book-title.js';
import { wordsOfBook } from '../model/book-words.js';
import { declaredColumns } from './print-settings.js';
import { themeOf } from './themes.js';
import { partitionPoint } from '../model/partition-point.js';

type Heading = Extract<ContentBlock, { kind: 'heading' }>;

/**
 * Lays out the book and hands each page to `sink` as soon as it is done: the body's pages first, as they fill (the
 * contents' length does not depend on the page numbers it prints, so every body page knows its number before it
 * is laid out), then the title page and the contents, whose numbers the body decided, then the index.
 */
export function planBook(linked: LinkedRulebook, source: RulebookSource, options: ExportOptions, metrics: Metrics, sink: PageSink, progress?: Progress): PlanSummary {
  const setup = pageSetup({ ...options, columns: declaredColumns(linked.model.config, options) });
  const extract = options.kind === 'extract';
  const content = buildContent(linked, source, options.chapters);
  const config = linked.model.config;
  const title = bookTitle(linked.model);
  const book = wordsOfBook(config);
  const words = book.words;
  const assembler = new PlanAssembler(sink, setup.width, setup.height);

  // The contents: chapters, their direct sections, every appendix, and the index of skills (which comes after the
  // body: its page is known once the body is laid out, and its line is as long whatever the number).
  const chapterDepth = content.chapterLevel;
  const tocHeadings = content.blocks.filter((b): b is Heading => b.kind === 'heading' && (b.level <= chapterDepth + 1 || isAppendix(b.section)));
  const indexEntries: IndexEntry[] = linked.model.skills
    .filter((s) => content.anchors.has(`skill:${s.id}`))
    .map((s) => ({ name: s.name, anchor: `skill:${s.id}`, page: 0 }));
  const tocLines = (pageOf: (anchor: string) => number): ContentsLine[] => [
    ...tocHeadings.map((h) => {
      const appendix = isAppendix(h.section);
      return { number: h.section.number?.key ?? '', title: h.section.title, chapter: h.chapter || appendix, level: appendix ? 1 : h.level - chapterDepth + 1, anchor: h.anchor, page: pageOf(h.anchor) };
    }),
    ...(indexEntries.length ? [{ number: '', title: words.indexOfSkills, chapter: true, level: 1, anchor: 'index', page: pageOf('index') }] : []),
  ];
  const front = 1 + layoutToc(setup, metrics, tocLines(() => 0), words.contents).length;

  // The body, each page drawn as soon as the next one begins.
  // A chapter named like the book (Amtgard's one chapter "Amtgard Magic 7.5") is not repeated beside it.
  const chapterHeader = (page: PageDraft) => (page.opensChapter || page.chapter === title ? null : page.chapter);
  const body = new Paginator(setup, (page, i) => {
    const number = front + i + 1;
    assembler.add(number, decorate(setup, metrics, page.ops, number, page.opensChapter ? null : title, chapterHeader(page)));
  });
  const typesetter = new BodyTypesetter(setup, metrics, body, content.blocks, { pictures: options.images, dropCaps: themeOf(linked, options).dropCaps, words });
  content.blocks.forEach((block, i) => {
    typesetter.set(block);
    if (i % 500 === 0) progress?.(i, content.blocks.length, 'laying out pages');
  });
  typesetter.finish();
  body.place([]);
  body.finish();
  progress?.(content.blocks.length, content.blocks.length, 'laying out pages');
  // Where the body put an anchor (the front pages, added after, hold none the contents or the index print).
  const pageOf = (anchor: string) => assembler.pageOf(anchor) ?? front;

  const subtitle = extract ? content.chapters.map((c) => chapterLabel({ section: c })).join(', ') : null;
  assembler.add(1, coverPage(setup, metrics, { title, edition: config.edition, date: config.date ?? options.date ?? null, subtitle, words }, options.coverImage ?? null));
  const afterBody = front + body.pageCount;
  const placed = (anchor: string) => (anchor === 'index' ? afterBody + 1 : pageOf(anchor));
  const toc = layoutToc(setup, metrics, tocLines(placed), words.contents);
  if (toc.length !== front - 1) throw new Error(`the contents took ${toc.length} pages with page numbers and ${front - 1} without`);
  toc.forEach((ops, i) => assembler.add(i + 2, decorate(setup, metrics, ops, i + 2, null, null)));

  // The index of skills, after the body.
  // In the book's language's order, a letter with its accented forms where that language counts them as one
  // ("Écoute" under E in French; "Ñandú" under Ñ in Spanish, "Йод" under Й in Russian).
  const collator = new Intl.Collator(book.lang, { sensitivity: 'base' });
  const indexed = indexEntries.map((entry) => ({ ...entry, page: pageOf(entry.anchor) })).sort((a, b) => collator.compare(a.name, b.name) || a.page - b.page);
  const index = indexed.length ? layoutIndex(setup, metrics, indexed, words.indexOfSkills, collator) : [];
  index.forEach((ops, i) => assembler.add(afterBody + i + 1, decorate(setup, metrics, ops, afterBody + i + 1, title, words.indexOfSkills)));

  // What the contents print, as data: the outline (bookmarks) follows it.
  const tocEntries: TocEntry[] = tocLines(placed).map((line) => ({ title: line.number ? `${line.number}  ${line.title}` : line.title, level: line.level, anchor: line.anchor, page: line.page }));
  const outline = buildOutline(tocEntries);
  return assembler.finish({ kind: options.kind, title, outline, toc: tocEntries, index: indexed, warnings: content.warnings });
}

/** An appendix is listed in the contents as a chapter is, whatever its heading's level. */
function isAppendix(section: Section): boolean {
  return /^appendix\b/i.test(section.title.trim());
}

function buildOutline(entries: readonly TocEntry[]): OutlineNode[] {
  const roots: Array<{ title: string; anchor: string; children: OutlineNode[] }> = [];
  for (const entry of entries) {
    const node = { title: entry.title.replace(/\s{2,}/, ' '), anchor: entry.anchor, children: [] as OutlineNode[] };
    if (entry.level === 1 || roots.length === 0) roots.push(node);
    else roots[roots.length - 1].children.push(node);
  }
  return roots;
}

function text(ops: DrawOp[], metrics: Metrics, value: string, x: number, y: number, font: 'sans' | 'sans-bold' | 'serif' | 'serif-italic' | 'serif-bold', size: number, color: string, align: 'left' | 'center' | 'right' = 'left'): number {
  const width = metrics.width(value, font, size);
  const left = align === 'center' ? x - width / 2 : align === 'right' ? x - width : x;
  ops.push({ kind: 'text', x: left, y, text: value, font, size, color, width });
  return width;
}

/** Adds the running header (book title left, chapter right) and the page number in the footer. */
function decorate(setup: PageSetup, metrics: Metrics, ops: readonly DrawOp[], pageNumber: number, left: string | null, right: string | null): DrawOp[] {
  const out = [...ops];
  const fs = setup.fontSize;
  const y = setup.margins.top - fs * 1.9;
  const size = fs * 0.78;
  if (left || right) {
    const rightWidth = right ? metrics.width(right, 'sans', size) : 0;
    if (left) text(out, metrics, truncate(metrics, left, 'sans-bold', size, setup.contentWidth / 2 - fs), setup.margins.left, y, 'sans-bold', size, COLORS.muted);
    if (right) text(out, metrics, truncate(metrics, right, 'sans', size, setup.contentWidth / 2 - fs), setup.margins.left + setup.contentWidth, y, 'sans', size, COLORS.muted, rightWidth > setup.contentWidth / 2 - fs ? 'left' : 'right');
    out.push({ kind: 'line', x1: setup.margins.left, y1: y + fs * 0.55, x2: setup.margins.left + setup.contentWidth, y2: y + fs * 0.55, width: 0.5, color: COLORS.rule });
  }
  text(out, metrics, String(pageNumber), setup.width / 2, setup.height - setup.margins.bottom + fs * 2.4, 'sans', fs * 0.85, COLORS.muted, 'center');
  return out;
}

/** Shortens text with an ellipsis to fit `width`. */
export function truncate(metrics: Metrics, value: string, font: Parameters<Metrics['width']>[1], size: number, width: number): string {
  if (metrics.width(value, font, size) <= width) return value;
  // The longest slice that fits with its ellipsis: slices 1 to length are asked, none fitting leaves the bare ellipsis.
  const fitting = partitionPoint(value.length, (k) => metrics.width(`${value.slice(0, k + 1).trimEnd()}…`, font, size) <= width);
  return `${value.slice(0, fitting).trimEnd()}…`;
}

/**
 * Dot leaders from `from` to `to`, one text op. The dots stand on a grid of the page (multiples of one step), so they
 * line up from one line to the next and, for lines that share `to` and `size`, end at the same x.
 */
function leaders(ops: DrawOp[], metrics: Metrics, from: number, to: number, baseline: number, size: number): void {
  const step = size * 0.55;
  const start = Math.ceil((from + size * 0.4) / step) * step;
  const count = Math.floor((to - size * 0.4 - start) / step);
  if (count < 2) return;
  const dots = '.'.repeat(count);
  // The dots' own advance measured together: the face kerns one dot against the next.
  const advance = metrics.width(dots, 'serif', size) / count;
  ops.push({ kind: 'text', x: start, y: baseline, text: dots, font: 'serif', size, color: COLORS.rule, width: count * step, characterSpacing: step - advance });
}

/** One line of the contents: a chapter (or appendix, or the index) in bold sans, a section indented in serif. */
interface ContentsLine {
  readonly number: string;
  readonly title: string;
  readonly chapter: boolean;
  /** 1 for chapters, appendices and the index, 2 for sections (TocEntry's). */
  readonly level: number;
  readonly anchor: string;
  /** 0 while the body is not laid out yet. */
  readonly page: number;
}

function layoutToc(setup: PageSetup, metrics: Metrics, entries: readonly ContentsLine[], heading: string): DrawOp[][] {
  // The contents run down the whole page, whatever the body's columns.
  const pages = new Paginator({ ...setup, columns: 1 });
  const fs = setup.fontSize;
  const titleOps: DrawOp[] = [];
  text(titleOps, metrics, heading, setup.margins.left, fs * 2.6, 'sans-bold', fs * 2.3, COLORS.text);
  titleOps.push({ kind: 'line', x1: setup.margins.left, y1: fs * 3.6, x2: setup.margins.left + setup.contentWidth, y2: fs * 3.6, width: 1.2, color: COLORS.accent });
  pages.place([{ height: fs * 5.2, ops: titleOps, anchors: ['toc'] }]);
  const right = setup.margins.left + setup.contentWidth;
  // Page numbers are right-aligned in a column as wide as the widest a book prints; every line's leaders end at
  // its left edge, in one size for chapters and sections alike, so the dots end at one x down the page.
  const numberWidth = metrics.width('0000', 'sans-bold', fs * 1.05);
  const leaderEnd = right - numberWidth;
  const leaderSize = fs * 0.95;
  for (const entry of entries) {
    const chapter = entry.chapter;
    const indent = chapter ? 0 : fs * 1.6;
    const size = chapter ? fs * 1.05 : fs * 0.95;
    const style: TextStyle = { family: chapter ? 'sans' : 'serif', bold: chapter, size, color: COLORS.text };
    const x = setup.margins.left + indent;
    const numberFont = chapter ? 'sans-bold' : 'serif';
    const numberCol = entry.number ? Math.max(fs * 2.2, metrics.width(entry.number, numberFont, size) + fs * 0.8) : 0;
    const leading = size * 1.5;
    const lines = breakLines([{ text: entry.title }], leaderEnd - x - numberCol - fs * 1.5, style, metrics);
    const page = entry.page ? String(entry.page) : '';
    const baseline = leading / 2 + size * 0.33;
    const boxes: Box[] = lines.map((line, i) => {
      const ops: DrawOp[] = [];
      if (i === 0 && entry.number) ops.push({ kind: 'text', x, y: baseline, text: entry.number, font: numberFont, size, color: chapter ? COLORS.accent : COLORS.muted, width: metrics.width(entry.number, numberFont, size) });
      drawLine(line, x + numberCol, 0, leading, style, ops);
      if (i === lines.length - 1) {
        leaders(ops, metrics, x + numberCol + line.width, leaderEnd, baseline, leaderSize);
        if (page) text(ops, metrics, page, right, baseline, chapter ? 'sans-bold' : 'sans', size, COLORS.text, 'right');
      }
      ops.push({ kind: 'link', x: setup.margins.left, y: 0, w: setup.contentWidth, h: leading, target: entry.anchor });
      return { height: leading, ops };
    });
    pages.place(boxes, { spaceBefore: chapter ? fs * 0.7 : 0, keep: boxes.length });
  }
  return pages.pages.map((p) => p.ops);
}

/**
 * The index of skills in two columns, grouped by initial letter, each entry a link with its page. It flows through
 * the book's paginator (a letter kept with its first entry, the last page's columns balanced) on its own column grid.
 */
function layoutIndex(setup: PageSetup, metrics: Metrics, entries: readonly IndexEntry[], heading: string, collator: Intl.Collator): DrawOp[][] {
  const fs = setup.fontSize;
  const gutter = fs * 2;
  const columnWidth = (setup.contentWidth - gutter) / 2;
  const pages = new Paginator({ ...setup, columns: 2, columnGap: gutter, columnWidth });
  const x = setup.margins.left;
  const titleOps: DrawOp[] = [{ kind: 'anchor', name: 'index', y: 0 }];
  text(titleOps, metrics, heading, x, fs * 2.6, 'sans-bold', fs * 2.3, COLORS.text);
  titleOps.push({ kind: 'line', x1: x, y1: fs * 3.6, x2: x + setup.contentWidth, y2: fs * 3.6, width: 1.2, color: COLORS.accent });
  pages.placeAcross([{ height: fs * 5.2, ops: titleOps }]);
  const leading = fs * 1.4;
  const grouped = new Map<string, IndexEntry[]>();
  for (const entry of entries) {
    const list = grouped.get(entry.name.toLowerCase()) ?? [];
    list.push(entry);
    grouped.set(entry.name.toLowerCase(), list);
  }
  let letter = '';
  for (const group of grouped.values()) {
    const first = group[0];
    const written = first.name.charAt(0).toLocaleUpperCase();
    const unaccented = written.normalize('NFD').charAt(0);
    const initial = collator.compare(written, unaccented) === 0 ? unaccented : written;
    if (initial !== letter) {
      letter = initial;
      const ops: DrawOp[] = [];
      text(ops, metrics, initial, x, fs * 1.4, 'sans-bold', fs * 1.2, COLORS.accent);
      pages.hold([{ height: fs * 1.8, ops }]);
    }
    const ops: DrawOp[] = [];
    const pagesText = group.map((e) => String(e.page));
    const numbersWidth = metrics.width(pagesText.join(', '), 'sans', fs * 0.9);
    const name = truncate(metrics, first.name, 'serif', fs * 0.95, columnWidth - numbersWidth - fs * 1.5);
    const baseline = leading / 2 + fs * 0.33;
    const nameWidth = text(ops, metrics, name, x, baseline, 'serif', fs * 0.95, COLORS.text);
    ops.push({ kind: 'link', x, y: 0, w: nameWidth, h: leading, target: first.anchor });
    leaders(ops, metrics, x + nameWidth, x + columnWidth - numbersWidth, baseline, fs * 0.95);
    let nx = x + columnWidth - numbersWidth;
    group.forEach((entry, i) => {
      const label = i < group.length - 1 ? `${entry.page}, ` : String(entry.page);
      const w = text(ops, metrics, label, nx, baseline, 'sans', fs * 0.9, COLORS.link);
      ops.push({ kind: 'link', x: nx, y: 0, w: metrics.width(String(entry.page), 'sans', fs * 0.9), h: leading, target: entry.anchor });
      nx += w;
    });
    pages.place([{ height: leading, ops }]);
  }
  pages.finish();
  return pages.pages.map((p) => p.ops);
}
