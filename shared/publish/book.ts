/**
 * The book (and the chapter extract): title page, table of contents, body, index of skills. Two passes:
 * the body is laid out first, then the TOC (whose length does not depend on the numbers it prints),
 * then the numbers are filled in.
 */
import type { LinkedRulebook } from '../link/types.js';
import type { RulebookSource, Section } from '../model/types.js';
import { PlanAssembler } from './assemble.js';
import { buildContent, type ContentBlock } from './content.js';
import { breakLines, drawLine, type Metrics, type TextStyle } from './lines.js';
import { COLORS, pageSetup, type PageSetup } from './page-setup.js';
import { Paginator, type Box, type PageDraft } from './paginate.js';
import { BodyTypesetter, chapterLabel } from './typeset.js';
import type { DrawOp, ExportOptions, IndexEntry, OutlineNode, PageSink, PlanSummary, Progress, TocEntry } from './types.js';
import { bookTitle } from '../model/book-title.js';

type Heading = Extract<ContentBlock, { kind: 'heading' }>;

/**
 * Lays out the book and hands each page to `sink` as soon as it is done: the body's pages first, as they fill (the
 * contents' length does not depend on the page numbers it prints, so every body page knows its number before it
 * is laid out), then the title page and the contents, whose numbers the body decided, then the index.
 */
export function planBook(linked: LinkedRulebook, source: RulebookSource, options: ExportOptions, metrics: Metrics, sink: PageSink, progress?: Progress): PlanSummary {
  const setup = pageSetup(options);
  const extract = options.kind === 'extract';
  const content = buildContent(linked, source, options.chapters);
  const config = linked.model.config;
  const title = bookTitle(linked.model);
  const assembler = new PlanAssembler(sink, setup.width, setup.height);

  // The TOC: chapters and their direct sections.
  const chapterDepth = content.chapters[0]?.depth ?? 1;
  const tocHeadings = content.blocks.filter((b): b is Heading => b.kind === 'heading' && b.level <= chapterDepth + 1);
  const front = 1 + layoutToc(setup, metrics, tocHeadings, () => 0).length;

  // The body, each page drawn as soon as the next one begins.
  // A chapter named like the book (Amtgard's one chapter "Amtgard Magic 7.5") is not repeated beside it.
  const chapterHeader = (page: PageDraft) => (page.opensChapter || page.chapter === title ? null : page.chapter);
  const body = new Paginator(setup, (page, i) => {
    const number = front + i + 1;
    assembler.add(number, decorate(setup, metrics, page.ops, number, page.opensChapter ? null : title, chapterHeader(page)));
  });
  const typesetter = new BodyTypesetter(setup, metrics, body, content.blocks);
  content.blocks.forEach((block, i) => {
    typesetter.set(block);
    if (i % 500 === 0) progress?.(i, content.blocks.length, 'laying out pages');
  });
  body.place([]);
  body.finish();
  progress?.(content.blocks.length, content.blocks.length, 'laying out pages');
  // Where the body put an anchor (the front pages, added after, hold none the contents or the index print).
  const pageOf = (anchor: string) => assembler.pageOf(anchor) ?? front;

  const subtitle = extract ? content.chapters.map((c) => chapterLabel({ section: c })).join(', ') : null;
  assembler.add(1, titlePage(setup, metrics, title, config.edition, config.date ?? options.date ?? null, subtitle));
  const toc = layoutToc(setup, metrics, tocHeadings, pageOf);
  if (toc.length !== front - 1) throw new Error(`the contents took ${toc.length} pages with page numbers and ${front - 1} without`);
  toc.forEach((ops, i) => assembler.add(i + 2, decorate(setup, metrics, ops, i + 2, null, null)));

  // The index of skills, after the body.
  const indexEntries: IndexEntry[] = linked.model.skills
    .filter((s) => content.anchors.has(`skill:${s.id}`))
    .map((s) => ({ name: s.name, anchor: `skill:${s.id}`, page: pageOf(`skill:${s.id}`) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.page - b.page);
  const index = indexEntries.length ? layoutIndex(setup, metrics, indexEntries) : [];
  const afterBody = front + body.pageCount;
  index.forEach((ops, i) => assembler.add(afterBody + i + 1, decorate(setup, metrics, ops, afterBody + i + 1, title, 'Index of skills')));

  const tocEntries: TocEntry[] = tocHeadings.map((h) => ({ title: headingText(h.section), level: h.level - chapterDepth + 1, anchor: h.anchor, page: pageOf(h.anchor) }));
  const outline = buildOutline(tocEntries);
  if (index.length) outline.push({ title: 'Index of skills', anchor: 'index', children: [] });
  return assembler.finish({ kind: options.kind, title, outline, toc: tocEntries, index: indexEntries, warnings: content.warnings });
}

function headingText(section: Section): string {
  return section.number ? `${section.number.key}  ${section.title}` : section.title;
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

function titlePage(setup: PageSetup, metrics: Metrics, title: string, edition: string | null, date: string | null, subtitle: string | null): DrawOp[] {
  const ops: DrawOp[] = [];
  const cx = setup.width / 2;
  const fs = setup.fontSize;
  const top = setup.height * 0.3;
  const rule = (y: number) => ops.push({ kind: 'line', x1: cx - setup.contentWidth * 0.3, y1: y, x2: cx + setup.contentWidth * 0.3, y2: y, width: 1.2, color: COLORS.accent });
  rule(top);
  const style: TextStyle = { family: 'sans', bold: true, size: fs * 3.6, color: COLORS.text };
  const lines = breakLines([{ text: title }], setup.contentWidth, style, metrics);
  let y = top + fs * 2;
  for (const line of lines) {
    drawLine(line, cx - line.width / 2, y, fs * 4.2, style, ops);
    y += fs * 4.2;
  }
  y += fs * 0.8;
  text(ops, metrics, 'Rulebook', cx, y + fs, 'serif-italic', fs * 1.6, COLORS.muted, 'center');
  y += fs * 2.4;
  rule(y);
  y += fs * 3.2;
  if (subtitle) {
    const sub: TextStyle = { family: 'sans', size: fs * 1.3, color: COLORS.accent };
    for (const line of breakLines([{ text: `Extract: ${subtitle}` }], setup.contentWidth * 0.8, sub, metrics)) {
      drawLine(line, cx - line.width / 2, y, fs * 1.8, sub, ops);
      y += fs * 1.8;
    }
    y += fs;
  }
  if (edition) {
    text(ops, metrics, /^edition|edition$/i.test(edition) ? edition : `Edition ${edition}`, cx, y, 'sans-bold', fs * 1.2, COLORS.text, 'center');
    y += fs * 1.8;
  }
  if (date) text(ops, metrics, date, cx, y, 'sans', fs * 1.1, COLORS.muted, 'center');
  ops.push({ kind: 'anchor', name: 'title', y: 0 });
  return ops;
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
  let lo = 0;
  let hi = value.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (metrics.width(`${value.slice(0, mid).trimEnd()}…`, font, size) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${value.slice(0, lo).trimEnd()}…`;
}

/** Dot leaders from `from` to `to`, on a grid so dots line up from one line to the next: one text op. */
function leaders(ops: DrawOp[], metrics: Metrics, from: number, to: number, baseline: number, size: number): void {
  const step = size * 0.55;
  const start = Math.ceil((from + size * 0.4) / step) * step;
  const count = Math.floor((to - size * 0.4 - start) / step);
  if (count < 2) return;
  const dot = metrics.width('.', 'serif', size);
  ops.push({ kind: 'text', x: start, y: baseline, text: '.'.repeat(count), font: 'serif', size, color: COLORS.rule, width: count * step, characterSpacing: step - dot });
}

function layoutToc(setup: PageSetup, metrics: Metrics, headings: readonly Heading[], pageOf: (anchor: string) => number): DrawOp[][] {
  const pages = new Paginator(setup);
  const fs = setup.fontSize;
  const titleOps: DrawOp[] = [];
  text(titleOps, metrics, 'Contents', setup.margins.left, fs * 2.6, 'sans-bold', fs * 2.3, COLORS.text);
  titleOps.push({ kind: 'line', x1: setup.margins.left, y1: fs * 3.6, x2: setup.margins.left + setup.contentWidth, y2: fs * 3.6, width: 1.2, color: COLORS.accent });
  pages.place([{ height: fs * 5.2, ops: titleOps, anchors: ['toc'] }]);
  const numberWidth = metrics.width('0000', 'sans', fs);
  for (const block of headings) {
    const chapter = block.chapter;
    const indent = chapter ? 0 : fs * 1.6;
    const size = chapter ? fs * 1.05 : fs * 0.95;
    const style: TextStyle = { family: chapter ? 'sans' : 'serif', bold: chapter, size, color: COLORS.text };
    const x = setup.margins.left + indent;
    const right = setup.margins.left + setup.contentWidth;
    const numberText = block.section.number ? block.section.number.key : '';
    const numberCol = numberText ? Math.max(fs * 2.2, metrics.width(numberText, chapter ? 'sans-bold' : 'serif', size) + fs * 0.8) : 0;
    const leading = size * 1.5;
    const lines = breakLines([{ text: block.section.title }], right - x - numberCol - numberWidth - fs * 1.5, style, metrics);
    const page = String(pageOf(block.anchor) || '');
    const boxes: Box[] = lines.map((line, i) => {
      const ops: DrawOp[] = [];
      if (i === 0 && numberText) ops.push({ kind: 'text', x, y: leading / 2 + size * 0.33, text: numberText, font: chapter ? 'sans-bold' : 'serif', size, color: chapter ? COLORS.accent : COLORS.muted, width: metrics.width(numberText, 'sans', size) });
      drawLine(line, x + numberCol, 0, leading, style, ops);
      if (i === lines.length - 1) {
        const baseline = leading / 2 + size * 0.33;
        leaders(ops, metrics, x + numberCol + line.width, right - numberWidth, baseline, size);
        if (page) text(ops, metrics, page, right, baseline, chapter ? 'sans-bold' : 'sans', size, COLORS.text, 'right');
      }
      ops.push({ kind: 'link', x: setup.margins.left, y: 0, w: setup.contentWidth, h: leading, target: block.anchor });
      return { height: leading, ops };
    });
    pages.place(boxes, { spaceBefore: chapter ? fs * 0.7 : 0, keep: boxes.length });
  }
  return pages.pages.map((p) => p.ops);
}

/** The index of skills in two columns, grouped by initial letter, each entry a link with its page. */
function layoutIndex(setup: PageSetup, metrics: Metrics, entries: readonly IndexEntry[]): DrawOp[][] {
  const fs = setup.fontSize;
  const gutter = fs * 2;
  const columnWidth = (setup.contentWidth - gutter) / 2;
  const pages: DrawOp[][] = [];
  const titleHeight = fs * 5.2;
  let ops: DrawOp[] = [];
  let column = 0;
  let y = 0;
  const startPage = () => {
    ops = [];
    pages.push(ops);
    column = 0;
    y = setup.contentTop;
    if (pages.length === 1) {
      text(ops, metrics, 'Index of skills', setup.margins.left, y + fs * 2.6, 'sans-bold', fs * 2.3, COLORS.text);
      ops.push({ kind: 'line', x1: setup.margins.left, y1: y + fs * 3.6, x2: setup.margins.left + setup.contentWidth, y2: y + fs * 3.6, width: 1.2, color: COLORS.accent });
      ops.push({ kind: 'anchor', name: 'index', y });
      y += titleHeight;
    }
  };
  const top = () => (pages.length === 1 ? setup.contentTop + titleHeight : setup.contentTop);
  const room = (height: number) => {
    if (y + height <= setup.contentBottom) return;
    if (column === 0) {
      column = 1;
      y = top();
    } else startPage();
  };
  startPage();
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
    const initial = first.name.charAt(0).toLocaleUpperCase();
    if (initial !== letter) {
      room(fs * 1.8 + leading);
      letter = initial;
      const lx = setup.margins.left + column * (columnWidth + gutter);
      text(ops, metrics, initial, lx, y + fs * 1.4, 'sans-bold', fs * 1.2, COLORS.accent);
      y += fs * 1.8;
    }
    room(leading);
    const cx = setup.margins.left + column * (columnWidth + gutter);
    const pagesText = group.map((e) => String(e.page));
    const numbersWidth = metrics.width(pagesText.join(', '), 'sans', fs * 0.9);
    const name = truncate(metrics, first.name, 'serif', fs * 0.95, columnWidth - numbersWidth - fs * 1.5);
    const baseline = y + leading / 2 + fs * 0.33;
    const nameWidth = text(ops, metrics, name, cx, baseline, 'serif', fs * 0.95, COLORS.text);
    ops.push({ kind: 'link', x: cx, y, w: nameWidth, h: leading, target: first.anchor });
    leaders(ops, metrics, cx + nameWidth, cx + columnWidth - numbersWidth, baseline, fs * 0.95);
    let nx = cx + columnWidth - numbersWidth;
    group.forEach((entry, i) => {
      const label = i < group.length - 1 ? `${entry.page}, ` : String(entry.page);
      const w = text(ops, metrics, label, nx, baseline, 'sans', fs * 0.9, COLORS.link);
      ops.push({ kind: 'link', x: nx, y, w: metrics.width(String(entry.page), 'sans', fs * 0.9), h: leading, target: entry.anchor });
      nx += w;
    });
    y += leading;
  }
  return pages;
}
