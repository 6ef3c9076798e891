/**
 * The handout "What changed in this edition" on pages: the blocks shared/diff/handout-plan.ts words, broken into
 * lines by lines.ts and flowed by paginate.ts as the other handouts are, so it has page numbers and a heading is
 * never left at the foot of a page without what it heads.
 */
import type { HandoutBlock, Span } from '../diff/handout-plan.js';
import { assemblePlan } from './assemble.js';
import { truncate } from './book.js';
import { footers } from './handouts.js';
import type { Run } from './inline.js';
import { baselineIn, breakLines, drawLine, type Metrics, type TextStyle } from './lines.js';
import { COLORS, pageSetup, type PageSetup } from './page-setup.js';
import { Paginator, type Box, type PageDraft } from './paginate.js';
import type { DrawOp, Margins, Paper, Plan } from './types.js';

/** Inks of added and removed words: green and red that stay dark enough to read in black-and-white print. */
export const CHANGE_COLORS = { added: '#0b5d1e', removed: '#9b1c1c' } as const;

export interface ChangesOptions {
  readonly paper: Paper;
  readonly fontSize?: number;
  readonly margins?: Partial<Margins> | number;
}

/** A span's look on paper: added words bold in green, removed ones struck through in red. */
function toRun(span: Span): Run {
  switch (span.style) {
    case 'normal':
      return { text: span.text };
    case 'bold':
      return { text: span.text, bold: true };
    case 'added':
      return { text: span.text, bold: true, color: CHANGE_COLORS.added };
    case 'removed':
      return { text: span.text, strike: true, color: CHANGE_COLORS.removed };
    case 'muted':
      return { text: span.text, color: COLORS.muted };
  }
}

/** How each kind of block is set: its style, its line height, its indent and the space above it. */
function looks(fs: number): Readonly<Record<HandoutBlock['kind'], { style: TextStyle; leading: number; indent: number; before: number }>> {
  return {
    title: { style: { family: 'sans', bold: true, size: fs * 2, color: COLORS.text }, leading: fs * 2.4, indent: 0, before: 0 },
    subtitle: { style: { family: 'sans', size: fs * 1.1, color: COLORS.accent }, leading: fs * 1.5, indent: 0, before: 0 },
    note: { style: { family: 'serif', italic: true, size: fs * 0.95, color: COLORS.text }, leading: fs * 1.3, indent: 0, before: fs * 0.5 },
    chapter: { style: { family: 'sans', bold: true, size: fs * 1.5, color: COLORS.accent }, leading: fs * 2, indent: 0, before: fs * 1.4 },
    heading: { style: { family: 'sans', bold: true, size: fs * 1.1, color: COLORS.text }, leading: fs * 1.6, indent: 0, before: fs * 0.7 },
    item: { style: { family: 'serif', size: fs, color: COLORS.text }, leading: fs * 1.35, indent: fs * 1.2, before: fs * 0.35 },
  };
}

/** The plain text of a block (the document's title is its title block's). */
function textOf(block: HandoutBlock): string {
  return block.spans.map((s) => s.text).join('');
}

/** The handout's pages: the title at the top of the first, then each block in turn; pages numbered "n / N" at the foot. */
export function planChanges(blocks: readonly HandoutBlock[], options: ChangesOptions, metrics: Metrics): Plan {
  const setup = pageSetup({ kind: 'changes', paper: options.paper, fontSize: options.fontSize ?? (options.paper === 'a5' ? 9 : 10), margins: options.margins });
  const title = textOf(blocks.find((b) => b.kind === 'title') ?? { kind: 'title', spans: [{ text: 'What changed', style: 'normal' }] });
  const look = looks(setup.fontSize);
  const pages = new Paginator(setup);
  const linesOf = (block: HandoutBlock): Box[] => {
    const { style, leading, indent } = look[block.kind];
    const x = setup.margins.left + indent;
    return breakLines(block.spans.map(toRun), setup.contentWidth - indent, style, metrics).map((line, i) => {
      const ops: DrawOp[] = [];
      drawLine(line, x, 0, leading, style, ops);
      if (block.kind === 'item' && i === 0) ops.push({ kind: 'text', x: setup.margins.left + 2, y: baselineIn(0, leading, style.size), text: '•', font: 'serif', size: style.size, color: COLORS.text, width: metrics.width('•', 'serif', style.size) });
      return { height: leading, ops };
    });
  };
  let k = 0;
  // The title, its subtitle and notes open the first page together, under an accent rule.
  const head: Box[] = [];
  for (; k < blocks.length && (blocks[k].kind === 'title' || blocks[k].kind === 'subtitle'); k++) head.push(...linesOf(blocks[k]));
  if (head.length) {
    const y = setup.fontSize * 0.5;
    head.push({ height: setup.fontSize * 0.8, ops: [{ kind: 'line', x1: setup.margins.left, y1: y, x2: setup.margins.left + setup.contentWidth, y2: y, width: 1.2, color: COLORS.accent }] });
    pages.place(head, { keep: head.length });
  }
  for (; k < blocks.length; k++) {
    const block = blocks[k];
    const lines = linesOf(block);
    const before = look[block.kind].before;
    // A chapter or a heading waits for the first lines of what it heads: they go to a page together.
    if (block.kind === 'chapter' || block.kind === 'heading') {
      if (block.kind === 'chapter') pages.chapter = textOf(block);
      pages.hold(lines, before);
    } else pages.place(lines, { spaceBefore: before, keep: 2 });
  }
  pages.place([]);
  return assemblePlan({ kind: 'changes', title, width: setup.width, height: setup.height, pages: footers(setup, metrics, pages.pages.map((page, i) => ({ ops: withHeader(setup, metrics, page, i) })), title) });
}

/** From the second page on, the chapter the page continues, at the top right over a rule, as the book's pages have. */
function withHeader(setup: PageSetup, metrics: Metrics, page: PageDraft, index: number): DrawOp[] {
  if (index === 0 || !page.chapter) return page.ops;
  const fs = setup.fontSize;
  const y = setup.margins.top - fs * 1.9;
  const size = fs * 0.78;
  const label = truncate(metrics, page.chapter, 'sans', size, setup.contentWidth);
  const width = metrics.width(label, 'sans', size);
  return [
    ...page.ops,
    { kind: 'text', x: setup.margins.left + setup.contentWidth - width, y, text: label, font: 'sans', size, color: COLORS.muted, width },
    { kind: 'line', x1: setup.margins.left, y1: y + fs * 0.55, x2: setup.margins.left + setup.contentWidth, y2: y + fs * 0.55, width: 0.5, color: COLORS.rule },
  ];
}
