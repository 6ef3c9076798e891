/** Sets the book's content blocks as boxes on pages: headings, numbered rules with hanging numbers, skill blocks, prose, tables. */
import type { ContentBlock, UnderRule } from './content.js';
import { costLabel, type Run } from './inline.js';
import { baselineIn, breakLines, codeLines, drawLine, type Metrics, type TextStyle } from './lines.js';
import { COLORS, type PageSetup } from './page-setup.js';
import type { Box, Paginator } from './paginate.js';
import type { ProseBlock, TableRow } from './prose-blocks.js';
import type { DrawOp, FontFace } from './types.js';
import { fitImage, type PlacedImage } from './images.js';
import type { BookVocabulary } from '../model/book-words.js';

const INDENT = 14;

/** The label a chapter gets in running headers and the TOC: "3 · Magic", or the title alone. */
export function chapterLabel(block: { section: { number: { key: string } | null; title: string } }): string {
  return block.section.number ? `${block.section.number.key} · ${block.section.title}` : block.section.title;
}

/**
 * A rule's number as printed: a local list's own "3." or "b.", a global rule's canonical key. Local keys
 * carry their list's scope id, which must never print nor size the number column.
 */
export function printedRuleNumber(rule: { scope: string; number: { key: string; text: string } }): string {
  return rule.scope === 'local' ? rule.number.text.replace(/\.?$/, '.') : rule.number.key;
}

/** A paragraph that introduces what follows: it ends with a colon, or is all bold (a heading written as emphasis). */
function leadsIn(runs: readonly Run[]): boolean {
  const printed = runs.filter((run) => run.text.trim() !== '');
  return /:\s*$/.test(runs.map((run) => run.text).join('')) || (printed.length > 0 && printed.every((run) => run.bold));
}

export class BodyTypesetter {
  private readonly body: TextStyle;
  private readonly left: number;
  private readonly width: number;
  /** Width of the hanging column for rule numbers: the widest number, so every rule's text starts at one x. */
  private readonly ruleHang: number;
  /** Whether the last block set was a paragraph of a quote. */
  private quoteOpen = false;
  /** Whether the last block set was a chapter's heading: its first paragraph may open with a drop cap. */
  private chapterOpen = false;
  /** A table waits for the next block: a note under it is placed with its last row. */
  private pendingTable: { header: Box; rows: Box[]; across: boolean; x: number; width: number } | null = null;

  constructor(
    private readonly setup: PageSetup,
    private readonly metrics: Metrics,
    private readonly pages: Paginator,
    blocks: readonly ContentBlock[],
    private readonly look: {
      /** The pictures the Node side read, by rulebook-relative path (ExportOptions.images); one not here is not printed. */
      readonly pictures?: ReadonlyMap<string, PlacedImage>;
      /** Whether a chapter's first paragraph opens with a drop cap (the theme's). */
      readonly dropCaps?: boolean;
      /** The words printed around the book's text ("Requires:", "CHAPTER"), in its language. */
      readonly words: BookVocabulary;
    },
  ) {
    this.body = { family: 'serif', size: setup.fontSize, color: COLORS.text, linkColor: COLORS.link, markColor: COLORS.unresolved };
    this.left = setup.margins.left;
    // In two columns everything but a table too wide for one is set in a column.
    this.width = setup.columnWidth;
    let widest = 0;
    for (const b of blocks) if (b.kind === 'rule' && b.indent === 0) widest = Math.max(widest, metrics.width(printedRuleNumber(b.rule), 'sans-bold', setup.fontSize * 0.92));
    this.ruleHang = Math.min(this.width * 0.3, Math.ceil(widest) + setup.fontSize * 0.9);
  }

  set(block: ContentBlock): void {
    const table = this.pendingTable;
    if (table) {
      this.pendingTable = null;
      if (block.kind === 'prose' && isTableNote(block.block)) return this.placeTable(table, block.block);
      this.placeTable(table);
    }
    // Only a quote paragraph (or rule) right after another continues the quote's bar.
    if (block.kind !== 'prose' && block.kind !== 'rule') this.quoteOpen = false;
    const opening = this.chapterOpen;
    this.chapterOpen = block.kind === 'heading' && block.chapter;
    if (opening && this.look.dropCaps && block.kind === 'prose' && block.block.kind === 'paragraph') {
      const boxes = this.dropCapBoxes(block.block);
      if (boxes) return this.pages.place(boxes.boxes, { spaceBefore: this.setup.fontSize * 0.5, keep: boxes.keep });
    }
    switch (block.kind) {
      case 'heading':
        return this.heading(block);
      case 'rule':
        return this.rule(block);
      case 'skill':
        return this.skill(block);
      case 'prose':
        return this.prose(block.block, block.under ? this.ruleWordsAt(block.under) : 0, block.rowAnchors);
    }
  }

  /** Lines of text as boxes; the first carries the anchors, `decorate` adds per-line drawing (a skill's bar). */
  lines(runs: readonly Run[], style: TextStyle, x: number, width: number, leading: number, options: { justify?: boolean; anchors?: readonly string[]; decorate?: (ops: DrawOp[], height: number) => void } = {}): Box[] {
    const lines = breakLines(runs, width, style, this.metrics, { justify: options.justify });
    if (lines.length === 0 && options.anchors?.length) {
      // Anchors are never dropped: text that makes no line (an empty heading `## `, a skill read with an empty name
      // from `# 0a  (0 SP)`) still gets one line, empty, to hold them.
      const ops: DrawOp[] = [];
      options.decorate?.(ops, leading);
      return [{ height: leading, ops, anchors: options.anchors }];
    }
    return lines.map((line, i) => {
      const ops: DrawOp[] = [];
      options.decorate?.(ops, leading);
      drawLine(line, x, 0, leading, style, ops);
      return { height: leading, ops, anchors: i === 0 ? options.anchors : undefined };
    });
  }

  private heading(block: Extract<ContentBlock, { kind: 'heading' }>): void {
    const { section } = block;
    const fs = this.setup.fontSize;
    if (block.chapter) {
      this.pages.openChapter(chapterLabel(block));
      const ops: DrawOp[] = [];
      const label = section.number ? `${section.number.prefix ?? this.look.words.chapter} ${section.number.key}`.toUpperCase() : '';
      let y = fs * 2;
      if (label) {
        ops.push({ kind: 'text', x: this.left, y, text: label, font: 'sans-bold', size: fs * 0.95, color: COLORS.accent, width: this.metrics.width(label, 'sans-bold', fs * 0.95) });
        y += fs * 0.6;
      }
      const titleStyle: TextStyle = { family: 'sans', bold: true, size: fs * 2.3, color: COLORS.text };
      const titleLines = breakLines([{ text: section.title }], this.width, titleStyle, this.metrics);
      for (const line of titleLines) {
        drawLine(line, this.left, y, fs * 2.8, titleStyle, ops);
        y += fs * 2.8;
      }
      y += fs * 0.5;
      ops.push({ kind: 'line', x1: this.left, y1: y, x2: this.left + this.width, y2: y, width: 1.2, color: COLORS.accent });
      this.pages.hold([{ height: y + fs * 1.8, ops, anchors: [block.anchor, ...block.also] }], fs * 2.5);
      return;
    }
    const level = block.level;
    const size = level <= 2 ? fs * 1.4 : level === 3 ? fs * 1.15 : fs;
    const style: TextStyle = { family: 'sans', bold: true, size, color: level <= 2 ? COLORS.accent : COLORS.text };
    const runs: Run[] = section.number ? [{ text: `${section.number.key}\u2002` }, { text: section.title }] : [{ text: section.title }];
    const boxes = this.lines(runs, style, this.left, this.width, size * 1.3, { anchors: [block.anchor, ...block.also] });
    const after = level <= 2 ? fs * 0.5 : fs * 0.3;
    const last = boxes[boxes.length - 1];
    boxes[boxes.length - 1] = { ...last, height: last.height + after };
    this.pages.hold(boxes, level <= 2 ? fs * 1.6 : fs * 1.1);
  }

  /** How far right of the column's edge a rule's words start: its indent, then its number's hanging column. */
  private ruleWordsAt(rule: UnderRule): number {
    const fs = this.setup.fontSize;
    const hang = rule.indent === 0 ? this.ruleHang : Math.max(INDENT * 1.5, this.metrics.width(printedRuleNumber(rule.rule), 'sans-bold', fs * 0.92) + fs * 0.6);
    return rule.indent * INDENT + hang;
  }

  private rule(block: Extract<ContentBlock, { kind: 'rule' }>): void {
    const fs = this.setup.fontSize;
    // A rule in a block quote stands where the quote's words do, its bar beside it.
    const inset = block.quote ? INDENT : 0;
    const x = this.left + block.indent * INDENT + inset;
    const numberText = printedRuleNumber(block.rule);
    const wordsAt = this.ruleWordsAt(block) + inset;
    const style: TextStyle = block.quote ? { ...this.body, italic: true } : this.body;
    const boxes = this.lines(block.runs, style, this.left + wordsAt, this.width - wordsAt, this.setup.leading, { justify: true, anchors: [block.anchor] });
    if (!boxes.length) boxes.push({ height: this.setup.leading, ops: [], anchors: [block.anchor] });
    const numberOp: DrawOp = { kind: 'text', x, y: baselineIn(0, this.setup.leading, fs), text: numberText, font: 'sans-bold', size: fs * 0.92, color: COLORS.accent, width: this.metrics.width(numberText, 'sans-bold', fs * 0.92) };
    boxes[0] = { ...boxes[0], ops: [numberOp, ...boxes[0].ops] };
    const spaceBefore = fs * 0.35;
    if (block.quote) {
      const barX = this.left + block.indent * INDENT + 2;
      const bar = (height: number): DrawOp => ({ kind: 'rect', x: barX, y: 0, w: 1.5, h: height, fill: COLORS.rule });
      const barred = boxes.map((b) => ({ ...b, ops: [bar(b.height), ...b.ops] }));
      // After a paragraph or rule of the same quote, the space between carries the bar, as between its paragraphs.
      if (this.quoteOpen) this.pages.place([{ height: spaceBefore, ops: [bar(spaceBefore)] }, ...barred], { keep: 3 });
      else this.pages.place(barred, { spaceBefore, keep: 2 });
    } else this.pages.place(boxes, { spaceBefore, keep: 2 });
    this.quoteOpen = block.quote;
  }

  private skill(block: Extract<ContentBlock, { kind: 'skill' }>): void {
    const fs = this.setup.fontSize;
    const { skill } = block;
    const bar = (ops: DrawOp[], height: number) => ops.push({ kind: 'rect', x: this.left, y: 0, w: 2, h: height, fill: COLORS.rule });
    const x = this.left + 10;
    const width = this.width - 10;
    const nameStyle: TextStyle = { family: 'sans', bold: true, size: fs * 1.1, color: COLORS.text };
    const cost = costLabel(skill);
    const costWidth = this.metrics.width(cost, 'sans-bold', fs * 1.0);
    const head = this.lines([{ text: skill.name }], nameStyle, x, width - costWidth - fs, fs * 1.45, { anchors: [block.anchor, ...block.also], decorate: bar });
    head[0] = {
      ...head[0],
      ops: [...head[0].ops, { kind: 'text', x: x + width - costWidth, y: baselineIn(0, fs * 1.45, fs * 1.1), text: cost, font: 'sans-bold', size: fs, color: COLORS.accent, width: costWidth }],
    };
    const boxes: Box[] = [...head];
    if (block.prerequisites.length) {
      const style: TextStyle = { family: 'sans', size: fs * 0.9, color: COLORS.muted, linkColor: COLORS.link, markColor: COLORS.unresolved };
      boxes.push(...this.lines([{ text: `${this.look.words.requires}${this.look.words.colon} `, bold: true }, ...block.prerequisites], style, x, width, fs * 1.25, { decorate: bar }));
    }
    const keep = boxes.length + 2;
    for (const prose of block.body) boxes.push(...this.proseBoxes(prose, x, width, bar, boxes.length > head.length ? fs * 0.25 : fs * 0.15));
    this.pages.place(boxes, { spaceBefore: fs * 0.9, keep });
  }

  /** Prose blocks inside a skill: no page logic of their own, they flow with the skill's bar beside them. */
  private proseBoxes(block: ProseBlock, x: number, width: number, decorate: (ops: DrawOp[], h: number) => void, gap: number): Box[] {
    if (block.kind !== 'paragraph') return this.standaloneBoxes(block, x, width);
    const boxes = this.paragraphBoxes(block, x, width, decorate);
    if (boxes.length) {
      const spacer: Box = { height: gap, ops: [{ kind: 'rect', x: this.left, y: 0, w: 2, h: gap, fill: COLORS.rule }] };
      return [spacer, ...boxes];
    }
    return boxes;
  }

  private paragraphBoxes(block: Extract<ProseBlock, { kind: 'paragraph' }>, x: number, width: number, decorate?: (ops: DrawOp[], h: number) => void): Box[] {
    if (block.picture !== undefined) return this.pictureBoxes(block, x, width, decorate);
    const fs = this.setup.fontSize;
    const indent = block.depth * INDENT + (block.bullet ? INDENT : 0) + (block.quote ? INDENT : 0);
    const style: TextStyle = block.quote ? { ...this.body, italic: true } : this.body;
    const boxes = this.lines(block.runs, style, x + indent, width - indent, this.setup.leading, { justify: true, decorate });
    if (block.bullet && boxes.length) {
      const marker = block.bullet;
      const size = marker === '•' ? fs * 0.9 : fs * 0.92;
      const font = marker === '•' ? 'serif' : 'sans-bold';
      const w = this.metrics.width(marker, font, size);
      const bx = x + indent - INDENT + (marker === '•' ? 2 : 0);
      boxes[0] = { ...boxes[0], ops: [{ kind: 'text', x: bx, y: baselineIn(0, this.setup.leading, fs), text: marker, font, size, color: marker === '•' ? COLORS.accent : COLORS.text, width: w }, ...boxes[0].ops] };
    }
    if (block.quote) {
      return boxes.map((b) => ({ ...b, ops: [{ kind: 'rect', x: x + block.depth * INDENT + 2, y: 0, w: 1.5, h: b.height, fill: COLORS.rule }, ...b.ops] }));
    }
    return boxes;
  }

  /**
   * A chapter's first paragraph with its first letter as a drop cap: as high as the paragraph's first three lines (two
   * when it has only two), in the accent colour, those lines set beside it. Null for a paragraph that does not open
   * with a letter, is a list item, a quote or a picture, or is a single line (a drop cap taller than its text).
   */
  private dropCapBoxes(block: Extract<ProseBlock, { kind: 'paragraph' }>): { boxes: Box[]; keep: number } | null {
    if (block.bullet || block.quote || block.picture !== undefined || block.depth > 0) return null;
    const first = block.runs[0];
    const letter = first && !first.code ? /^\p{Lu}|^\p{Ll}/u.exec(first.text)?.[0] : undefined;
    if (!letter) return null;
    const fs = this.setup.fontSize;
    const leading = this.setup.leading;
    const rest = [{ ...first, text: first.text.slice(letter.length), start: first.start === undefined ? undefined : first.start + letter.length }, ...block.runs.slice(1)];
    for (const span of [3, 2]) {
      // The cap's capitals run from the first line's cap height down to the last line's baseline (Source Serif's
      // capitals are 0.67 em high).
      const capHeight = (span - 1) * leading + fs * 0.67;
      const size = capHeight / 0.67;
      const capWidth = this.metrics.width(letter.toUpperCase(), 'serif', size);
      const indent = capWidth + fs * 0.35;
      const lines = breakLines(rest, this.width, this.body, this.metrics, { justify: true, lineWidths: Array(span).fill(this.width - indent) });
      if (lines.length < span) continue;
      // The cap and the lines beside it are one box: no column break, nor the last page's balancing, parts them.
      const head: DrawOp[] = [{ kind: 'text', x: this.left, y: baselineIn((span - 1) * leading, leading, fs), text: letter.toUpperCase(), font: 'serif', size, color: COLORS.accent, width: capWidth }];
      lines.slice(0, span).forEach((line, i) => drawLine(line, this.left + indent, i * leading, leading, this.body, head));
      const boxes: Box[] = [{ height: span * leading, ops: head }];
      for (const line of lines.slice(span)) {
        const ops: DrawOp[] = [];
        drawLine(line, this.left, 0, leading, this.body, ops);
        boxes.push({ height: leading, ops });
      }
      return { boxes, keep: 2 };
    }
    return null;
  }

  /**
   * A picture on lines of its own, as wide as the measure allows (never past 150 dpi: images.ts) and centred, its
   * alt text as a caption under it: one box, so picture and caption share a column. A picture the Node side could
   * not read (missing, outside the folder: it warned) prints nothing.
   */
  private pictureBoxes(block: Extract<ProseBlock, { kind: 'paragraph' }>, x: number, width: number, decorate?: (ops: DrawOp[], h: number) => void): Box[] {
    const image = this.look.pictures?.get(block.picture ?? '');
    if (!image) return [];
    const fs = this.setup.fontSize;
    const indent = block.depth * INDENT + (block.quote ? INDENT : 0);
    const captionStyle: TextStyle = { family: 'serif', italic: true, size: fs * 0.85, color: COLORS.muted };
    const caption = breakLines(block.runs, width - indent, captionStyle, this.metrics);
    const captionLeading = captionStyle.size * 1.35;
    const captionHeight = caption.length ? fs * 0.3 + caption.length * captionLeading : 0;
    const room = (this.setup.contentBottom - this.setup.contentTop) * 0.85 - captionHeight;
    const size = fitImage(image, width - indent, room);
    const height = size.height + captionHeight + fs * 0.3;
    const ops: DrawOp[] = [];
    decorate?.(ops, height);
    const left = x + indent;
    ops.push({ kind: 'image', x: left + (width - indent - size.width) / 2, y: 0, w: size.width, h: size.height, src: image.path });
    caption.forEach((line, i) => drawLine(line, left + (width - indent - line.width) / 2, size.height + fs * 0.3 + i * captionLeading, captionLeading, captionStyle, ops));
    return [{ height, ops }];
  }

  private standaloneBoxes(block: ProseBlock, x: number, width: number, rowAnchors?: ReadonlyMap<number, string>): Box[] {
    const fs = this.setup.fontSize;
    switch (block.kind) {
      case 'paragraph':
        return this.paragraphBoxes(block, x, width);
      case 'heading': {
        const style: TextStyle = { family: 'sans', bold: true, size: fs * 1.05, color: COLORS.text };
        return this.lines(block.runs, style, x, width, fs * 1.4);
      }
      case 'code': {
        const style: TextStyle = { family: 'mono', size: fs * 0.8, color: COLORS.text };
        return block.lines.flatMap((line) =>
          codeLines(line, width - 8, style, this.metrics).map(({ line: laid, indent }) => {
            const ops: DrawOp[] = [{ kind: 'rect', x, y: 0, w: width, h: fs * 1.25, fill: COLORS.fill }];
            drawLine(laid, x + 4 + indent, 0, fs * 1.25, style, ops);
            return { height: fs * 1.25, ops };
          }),
        );
      }
      case 'table':
        return this.tableBoxes(block, x, width, rowAnchors).rows;
    }
  }

  /** A prose block `inset` points in from the column's edge (under a rule's words: see ContentBlock's `under`). */
  private prose(block: ProseBlock, inset: number, rowAnchors: ReadonlyMap<number, string>): void {
    const fs = this.setup.fontSize;
    const x = this.left + inset;
    const width = this.width - inset;
    if (block.kind === 'table') {
      this.quoteOpen = false;
      const inColumn = this.tableBoxes(block, x, width, rowAnchors);
      // A table that would shrink below 80 % of its size in a column is set across the page.
      if (this.setup.columns > 1 && inColumn.size < fs * 0.88 * 0.8) {
        const acrossX = this.setup.margins.left + inset;
        const acrossWidth = this.setup.contentWidth - inset;
        this.pendingTable = { ...this.tableBoxes(block, acrossX, acrossWidth, rowAnchors), across: true, x: acrossX, width: acrossWidth };
      } else this.pendingTable = { ...inColumn, across: false, x, width };
      return;
    }
    const boxes = this.standaloneBoxes(block, x, width, rowAnchors);
    const spaceBefore = block.kind === 'paragraph' ? (block.bullet ? fs * 0.2 : fs * 0.5) : block.kind === 'heading' ? fs : fs * 0.5;
    const inQuote = block.kind === 'paragraph' && block.quote;
    // A short line that leads into what follows ("The table below lists…:", "Weaponsmithing Craft Point Table:"), or
    // stands as a heading in bold ("**Aegis Magic**" over its table), waits for it as a heading does, so it never
    // ends a column with its table or list at the next one's top.
    const leadIn = block.kind === 'paragraph' && !block.bullet && !inQuote && boxes.length <= 3 && leadsIn(block.runs);
    if (block.kind === 'heading' || leadIn) this.pages.hold(boxes, spaceBefore);
    else if (inQuote && this.quoteOpen && boxes.length) {
      // The space between two paragraphs of one quote carries its bar, so a sidebar reads as one piece.
      const bar: Box = { height: spaceBefore, ops: [{ kind: 'rect', x: x + block.depth * INDENT + 2, y: 0, w: 1.5, h: spaceBefore, fill: COLORS.rule }] };
      this.pages.place([bar, ...boxes], { keep: 3 });
    } else this.pages.place(boxes, { spaceBefore, keep: 2 });
    this.quoteOpen = inQuote;
  }

  /** Places a table that is still waiting (the end of the body). */
  finish(): void {
    const table = this.pendingTable;
    this.pendingTable = null;
    if (table) this.placeTable(table);
  }

  /**
   * A table, its header row repeated in each column it reaches, and the note under it if there is one: the note's
   * lines and the table's last row share a column, so a footnote is never cut from its table.
   */
  private placeTable(table: NonNullable<BodyTypesetter['pendingTable']>, note?: ProseBlock): void {
    const fs = this.setup.fontSize;
    const noteBoxes = note ? this.standaloneBoxes(note, table.x, table.width) : [];
    const boxes = [table.header, ...table.rows, ...(noteBoxes.length ? [{ height: fs * 0.35, ops: [] }, ...noteBoxes] : [])];
    const options = { spaceBefore: fs * 0.7, keep: 3, repeat: [table.header], keepEnd: noteBoxes.length ? noteBoxes.length + 2 : 2 };
    if (table.across) this.pages.placeAcross(boxes, options);
    else this.pages.place(boxes, options);
    this.pages.place([{ height: fs * 0.5, ops: [] }]);
  }

  /**
   * A cell's text width on one line and its widest word, each run in its face: the cell's, or code's own (a `d20` in
   * code is wider than in the cell's face, and a column measured in that face cut it in two).
   */
  private cellWidths(cell: readonly Run[], face: FontFace, size: number): { natural: number; widestWord: number } {
    let natural = 0;
    let word = 0;
    let widestWord = 0;
    for (const run of cell) {
      const font = run.code ? 'mono' : face;
      for (const part of run.text.split(/(\s+)/)) {
        if (!part) continue;
        const w = this.metrics.width(part, font, size);
        natural += w;
        if (/^\s/.test(part)) {
          widestWord = Math.max(widestWord, word);
          word = 0;
        } else word += w;
      }
    }
    return { natural, widestWord: Math.max(widestWord, word) };
  }

  /** A table: columns sized to their content, cells wrapped, a shaded header row (repeated on each page); `size` is its type size. */
  tableBoxes(block: Extract<ProseBlock, { kind: 'table' }>, x: number, width: number, rowAnchors?: ReadonlyMap<number, string>): { header: Box; rows: Box[]; size: number } {
    const fs = this.setup.fontSize;
    const pad = 4;
    const columns = Math.max(block.header.length, ...block.rows.slice(0, 200).map((r) => r.cells.length));
    // Text widths at the base size, without padding: the widest cell and the widest word of each column.
    const base = fs * 0.88;
    const textNatural = new Array<number>(columns).fill(0);
    const textMinimum = new Array<number>(columns).fill(0);
    const sample: Array<{ cells: readonly (readonly Run[])[]; bold: boolean }> = [{ cells: block.header, bold: true }, ...block.rows.slice(0, 200).map((r) => ({ cells: r.cells, bold: false }))];
    for (const row of sample) {
      row.cells.forEach((cell, c) => {
        const { natural, widestWord } = this.cellWidths(cell, row.bold ? 'sans-bold' : 'sans', base);
        textNatural[c] = Math.max(textNatural[c], natural);
        // One very long word (a URL) may not claim more than a third of the table.
        textMinimum[c] = Math.max(textMinimum[c], Math.min(width / 3, widestWord));
      });
    }
    // A wide table (Ars Magica's fourteen-column weapon list) sets smaller rather than cut words in two.
    const floorAtBase = textMinimum.reduce((a, b) => a + b, 0) + columns * pad * 2;
    const size = floorAtBase > width ? Math.max(fs * 0.6, (base * (width - columns * pad * 2)) / (floorAtBase - columns * pad * 2)) : base;
    const scale = size / base;
    const natural = textNatural.map((w) => w * scale + pad * 2);
    const minimum = textMinimum.map((w) => w * scale + pad * 2);
    const style: TextStyle = { family: 'sans', size, color: COLORS.text, linkColor: COLORS.link, markColor: COLORS.unresolved };
    const headStyle: TextStyle = { ...style, bold: true };
    const widths = distribute(natural, minimum, width);
    const rowBox = (cells: readonly (readonly Run[])[], cellStyle: TextStyle, fill: string | null, anchors?: readonly string[]): Box => {
      const laid = widths.map((w, c) => breakLines(cells[c] ?? [], w - pad * 2, cellStyle, this.metrics));
      const leading = cellStyle.size * 1.3;
      const height = Math.max(1, ...laid.map((l) => l.length)) * leading + pad * 1.5;
      const ops: DrawOp[] = [];
      if (fill) ops.push({ kind: 'rect', x, y: 0, w: width, h: height, fill });
      let cx = x;
      laid.forEach((lines, c) => {
        lines.forEach((line, i) => drawLine(line, cx + pad, pad * 0.75 + i * leading, leading, cellStyle, ops));
        cx += widths[c];
      });
      ops.push({ kind: 'line', x1: x, y1: height, x2: x + width, y2: height, width: fill ? 0.8 : 0.4, color: COLORS.rule });
      return { height, ops, anchors };
    };
    const header = rowBox(block.header, headStyle, COLORS.fill);
    const rows = block.rows.map((row: TableRow) => {
      const anchor = rowAnchors?.get(row.start);
      return rowBox(row.cells, style, null, anchor ? [anchor] : undefined);
    });
    return { header, rows, size };
  }
}

/**
 * A paragraph right under a table that reads as its note: a footnote mark or "Note:"/"Source:" first, or a line or
 * so of text (a caption).
 */
function isTableNote(block: ProseBlock): boolean {
  if (block.kind !== 'paragraph' || block.bullet || block.quote) return false;
  const text = block.runs.map((run) => run.text).join('').trim();
  if (/^(\*|†|‡|§|¹|²|³|\(\d+\)|\[\d+\]|(notes?|source|key)\b)/i.test(text)) return true;
  // A short line under a table is its note, unless it introduces what comes next ("**Aegis Magic**" over the next table).
  return text.length <= 120 && !leadsIn(block.runs);
}

/** Column widths: natural widths when they fit, else minimums plus a share of the rest by how much each wants. */
export function distribute(natural: readonly number[], minimum: readonly number[], width: number): number[] {
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= width) return natural.map((n) => n + (width - total) * (n / total));
  const floor = minimum.reduce((a, b) => a + b, 0);
  if (floor >= width) return minimum.map((m) => (m * width) / floor);
  const want = natural.map((n, i) => n - minimum[i]);
  const wantTotal = want.reduce((a, b) => a + b, 0) || 1;
  return minimum.map((m, i) => m + ((width - floor) * want[i]) / wantTotal);
}
