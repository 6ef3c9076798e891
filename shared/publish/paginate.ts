/**
 * Flows boxes of drawing operations down the columns of pages: keeps headings with what follows, leaves no last line
 * alone, repeats table headers, sets a group across both columns when asked (a wide table), records anchors.
 */
import type { PageSetup } from './page-setup.js';
import type { DrawOp } from './types.js';

/** A piece of a page that never splits: a line of text, a table row. Ops are relative to its top-left y = 0. */
export interface Box {
  readonly height: number;
  readonly ops: readonly DrawOp[];
  readonly anchors?: readonly string[];
}

export interface PageDraft {
  readonly ops: DrawOp[];
  /** The running-header label in effect when the page began. */
  readonly chapter: string | null;
  /** Whether a chapter opens on this page (no running header there). */
  opensChapter: boolean;
}

export interface PlaceOptions {
  /** Space above the group, dropped at the top of a page. */
  readonly spaceBefore?: number;
  /** How many leading boxes must share a page (orphan control). */
  readonly keep?: number;
  /** Boxes drawn again at the top of each continuation column (a table's header row). */
  readonly repeat?: readonly Box[];
  /** How many trailing boxes must share a column (widow control; a table's last row with the note under it): 2 by default. */
  readonly keepEnd?: number;
}

export function translate(op: DrawOp, dx: number, dy: number): DrawOp {
  switch (op.kind) {
    case 'text':
    case 'rect':
    case 'link':
    case 'image':
      return { ...op, x: op.x + dx, y: op.y + dy };
    case 'line':
      return { ...op, x1: op.x1 + dx, x2: op.x2 + dx, y1: op.y1 + dy, y2: op.y2 + dy };
    case 'anchor':
      return { ...op, y: op.y + dy };
  }
}

/** Thrown by `newPage` while a held chapter is tried in place: it does not fit what is left of the page. */
const NO_ROOM = Symbol('no room left on the page');

const heightOf = (boxes: readonly Box[]) => boxes.reduce((sum, box) => sum + box.height, 0);

/** Whether a box is a line and not the gap between two paragraphs (nothing in it, or the bar beside it at most). */
const inked = (box: Box) => box.ops.some((op) => op.kind !== 'rect');

/**
 * How many boxes, from `from` going `step` (1 or -1), it takes to hold `lines` boxes that print something: a gap
 * between paragraphs does not count towards the lines kept together, or a last line would be left with only a gap.
 */
function span(items: ReadonlyArray<{ box: Box }>, from: number, step: 1 | -1, lines: number): number {
  let count = 0;
  for (let i = from; i >= 0 && i < items.length && lines > 0; i += step, count++) if (inked(items[i].box)) lines--;
  return count;
}

/** A box placed in the current region, as balancing sees it. */
interface RegionItem {
  readonly from: number;
  readonly to: number;
  readonly height: number;
  readonly space: number;
  column: number;
  top: number;
  /** Balancing never breaks the columns right after this box. */
  readonly glued: boolean;
  /** A table's row: a column that begins with it begins with these first (the table's header). */
  readonly header?: readonly Box[];
  /** A table's header drawn again at the top of a column by the flow. */
  readonly repeated?: boolean;
}

export class Paginator {
  /** Every page, the last one still open; empty when the pages go to `onPage` as they are done. */
  readonly pages: PageDraft[] = [];
  private current: PageDraft | null = null;
  private count = 0;
  private y = 0;
  /** At the top of a column: space before a group is dropped there. */
  private atTop = true;
  private held: Array<{ box: Box; space: number }> = [];
  /** The column being filled (0-based), and where this page's columns begin (below a group set across them). */
  private column = 0;
  private regionTop = 0;
  /** Whether the group being placed runs across all columns. */
  private spanning = false;
  /** What the columns of the current region hold, so they can be balanced before a group set across them. */
  private region: RegionItem[] = [];
  chapter: string | null = null;
  /**
   * A chapter opened where less than a third of the column is left, held back while it might still fit in what is
   * left of the page: its calls, and the height they ask for. Bounded by a page's worth, then it takes the next
   * column or page.
   */
  private pending: { label: string; calls: Array<() => void>; height: number } | null = null;
  /** Set while a held chapter is tried in place: a new page means it does not fit (see `settle`). */
  private trying = false;

  /**
   * With `onPage`, each page is handed on (with its 0-based index) as soon as the next one begins, and the last one
   * by `finish`, and none is kept: a long book's pages are drawn and forgotten as they are laid out.
   */
  constructor(
    private readonly setup: PageSetup,
    private readonly onPage?: (page: PageDraft, index: number) => void,
  ) {}

  get pageCount(): number {
    return this.count;
  }

  private get page(): PageDraft {
    if (!this.current) this.newPage();
    return this.current!;
  }

  private get columns(): number {
    return this.spanning ? 1 : Math.max(1, this.setup.columns ?? 1);
  }

  newPage(): void {
    if (this.trying) throw NO_ROOM;
    this.settle();
    this.handOn();
    this.current = { ops: [], chapter: this.chapter, opensChapter: false };
    this.count++;
    if (!this.onPage) this.pages.push(this.current);
    this.y = this.regionTop = this.setup.contentTop;
    this.column = 0;
    this.region = [];
    this.atTop = true;
  }

  /**
   * The next column, or the next page after the last one. A column below a group set across the page starts under
   * it, unless too little is left there to be worth filling.
   */
  private nextColumn(): void {
    const room = this.setup.contentBottom - this.regionTop;
    if (this.column + 1 >= this.columns || room < (this.setup.contentBottom - this.setup.contentTop) / 5) return this.newPage();
    this.column++;
    this.y = this.regionTop;
    this.atTop = true;
  }

  /** Hands the last page on (with `onPage`), its columns balanced. Boxes still held are dropped: place them first. */
  finish(): void {
    this.settle();
    this.balance();
    this.handOn();
    this.current = null;
  }

  private handOn(): void {
    if (this.current && this.onPage) this.onPage(this.current, this.count - 1);
  }

  /** Starts a new page unless the current one is still empty. */
  breakPage(): void {
    this.settle();
    if (!this.current || !this.atTop || this.column > 0 || this.regionTop > this.setup.contentTop) this.newPage();
  }

  /**
   * A chapter opens here: it continues the column it falls in (a new page wastes the rest of this one, and a page of
   * a few lines reads as a mistake), unless less than a third of the column is left and the chapter does not fit
   * whole in what is left of the page, then it takes the next column. Whether it fits is known only once it is
   * laid out, so such a chapter is held (`pending`) until it ends or outgrows the page, then tried in place. A
   * page a chapter opens at the top of carries no running header; the header names the chapter from the next page on.
   */
  openChapter(label: string): void {
    void this.page; // the book's first chapter opens the first page, which does not exist yet
    this.settle();
    if (!this.atTop && this.remaining() < (this.setup.contentBottom - this.regionTop) / 3) {
      this.pending = { label, calls: [], height: 0 };
      return;
    }
    this.beginChapter(label);
  }

  private beginChapter(label: string): void {
    if (this.atTop && this.column === 0 && this.regionTop === this.setup.contentTop) this.page.opensChapter = true;
    this.chapter = label;
  }

  /** The chapter takes the next column, or the next page with this one's columns balanced. */
  private breakForChapter(label: string): void {
    // Leaving the page: its columns end level, so the break reads as the chapter's end and not as a gap.
    if (this.column + 1 >= this.columns) {
      this.balance();
      this.newPage();
    } else this.nextColumn();
    this.beginChapter(label);
  }

  /**
   * Holds a call of a chapter being held; once it asks for more than the page has left (this column and the ones
   * after it), it cannot fit and takes the next column or page at once. Returns whether the call was held.
   */
  private defer(height: number, call: () => void): boolean {
    const pending = this.pending;
    if (!pending) return false;
    pending.calls.push(call);
    pending.height += height;
    const left = this.remaining() + (this.columns - this.column - 1) * (this.setup.contentBottom - this.regionTop);
    if (pending.height > left) {
      this.pending = null;
      this.breakForChapter(pending.label);
      for (const held of pending.calls) held();
    }
    return true;
  }

  /**
   * Lays out the held chapter: in place if all of it fits in what is left of the page (it is tried, and a new page
   * during the try undoes it), else from the next column or page.
   */
  private settle(): void {
    const pending = this.pending;
    if (!pending || this.trying) return;
    this.pending = null;
    const page = this.page;
    const saved = {
      ops: [...page.ops],
      opensChapter: page.opensChapter,
      y: this.y,
      atTop: this.atTop,
      held: [...this.held],
      column: this.column,
      regionTop: this.regionTop,
      region: this.region.map((item) => ({ ...item })),
      chapter: this.chapter,
    };
    this.trying = true;
    try {
      this.beginChapter(pending.label);
      for (const call of pending.calls) call();
      return;
    } catch (error) {
      if (error !== NO_ROOM) throw error;
    } finally {
      this.trying = false;
    }
    page.ops.splice(0, page.ops.length, ...saved.ops);
    page.opensChapter = saved.opensChapter;
    this.y = saved.y;
    this.atTop = saved.atTop;
    this.held = saved.held;
    this.column = saved.column;
    this.regionTop = saved.regionTop;
    this.region = saved.region;
    this.chapter = saved.chapter;
    this.spanning = false;
    this.breakForChapter(pending.label);
    for (const call of pending.calls) call();
  }

  /** Holds boxes (a heading) until the next group, so they land on the same page as its first lines. */
  hold(boxes: readonly Box[], spaceBefore = 0): void {
    if (this.defer(spaceBefore + heightOf(boxes), () => this.hold(boxes, spaceBefore))) return;
    boxes.forEach((box, i) => this.held.push({ box, space: i === 0 ? spaceBefore : 0 }));
  }

  /**
   * A group set across all the columns (a table too wide for one): the columns above it are balanced first, so it
   * sits under the taller of them, and the columns begin again below it.
   */
  placeAcross(boxes: readonly Box[], options: PlaceOptions = {}): void {
    if (this.defer((options.spaceBefore ?? 0) + heightOf(boxes), () => this.placeAcross(boxes, options))) return;
    if (this.columns === 1) return this.place(boxes, options);
    if (this.column > 0 || !this.atTop) this.balance();
    this.spanning = true;
    try {
      this.place(boxes, options);
    } finally {
      this.spanning = false;
    }
    this.regionTop = this.y;
    this.region = [];
    this.column = 0;
  }

  place(boxes: readonly Box[], options: PlaceOptions = {}): void {
    if (this.defer((options.spaceBefore ?? 0) + heightOf(boxes), () => this.place(boxes, options))) return;
    const items = [...this.held, ...boxes.map((box, i) => ({ box, space: i === 0 ? options.spaceBefore ?? 0 : 0 }))];
    const heldCount = this.held.length;
    this.held = [];
    if (!items.length) return;
    const keepEnd = span(items, items.length - 1, -1, Math.max(2, options.keepEnd ?? 2));
    let keepCount = Math.min(items.length, heldCount + span(items, heldCount, 1, Math.max(1, options.keep ?? 1)));
    // A group too short to part with both its first and its last lines kept (a paragraph of three lines, a table of
    // three rows) moves whole, when a column holds it: a split would strand a line or a row.
    const total = items.reduce((sum, item, i) => sum + item.box.height + (i ? item.space : 0), 0);
    if (items.length - keepCount < keepEnd && total <= this.setup.contentBottom - this.setup.contentTop) keepCount = items.length;
    let needed = 0;
    for (let i = 0; i < keepCount; i++) needed += items[i].box.height + (i === 0 && this.atTop ? 0 : items[i].space);
    // A group shorter than the column but not the room left goes to the next column whole.
    if (!this.atTop && this.y + needed > this.setup.contentBottom) this.nextColumn();
    void this.page;
    const early = this.widowBreak(items, keepCount, heldCount, keepEnd, options.repeat);
    items.forEach((item, i) => {
      const space = this.atTop ? 0 : item.space;
      // Balancing the columns later must not part what is kept together here: a heading and its first lines, a
      // group's first and last lines.
      const glued = i < keepCount - 1 || (i >= items.length - keepEnd && i < items.length - 1);
      const header = options.repeat && i > heldCount ? options.repeat : undefined;
      if (!this.atTop && (i === early || this.y + space + item.box.height > this.setup.contentBottom + 0.01)) {
        this.nextColumn();
        if (header) for (const box of header) this.put(box, 0, 0, false, { repeated: true });
        this.put(item.box, 0, item.space, glued, { header });
      } else this.put(item.box, space, item.space, glued, { header });
    });
  }

  /**
   * Widow control: when the group's last column break would leave fewer than `keepEnd` boxes at the top of the next
   * column (its last line alone, a table's note without its table), the break comes earlier, unless that would
   * split the lines kept together at its start. Returns the index to break before, or -1. The flow is simulated as
   * `place` goes: column by column, with repeated headers.
   */
  private widowBreak(items: ReadonlyArray<{ box: Box; space: number }>, keepCount: number, heldCount: number, keepEnd: number, repeat?: readonly Box[]): number {
    const repeatHeight = repeat?.reduce((sum, box) => sum + box.height, 0) ?? 0;
    const bottom = this.setup.contentBottom + 0.01;
    let y = this.y;
    let top = this.atTop;
    let column = this.column;
    let regionTop = this.regionTop;
    let lastBreak = -1;
    let previousBreak = -1;
    for (let i = 0; i < items.length; i++) {
      const space = top ? 0 : items[i].space;
      if (!top && y + space + items[i].box.height > bottom) {
        previousBreak = lastBreak;
        lastBreak = i;
        // As nextColumn goes: the next column of this region, or the first of a new page.
        if (column + 1 < this.columns && this.setup.contentBottom - regionTop >= (this.setup.contentBottom - this.setup.contentTop) / 5) column++;
        else {
          column = 0;
          regionTop = this.setup.contentTop;
        }
        y = regionTop + (repeat && i > heldCount ? repeatHeight : 0) + items[i].box.height;
        top = false;
        continue;
      }
      y += space + items[i].box.height;
      top = false;
    }
    const early = items.length - keepEnd;
    if (lastBreak > early && early >= keepCount && early > previousBreak + 1) return early;
    return -1;
  }

  /**
   * Evens out the columns of the current region (the last page's, or those above a group set across the page):
   * the split that makes the taller column shortest, between boxes, dropping the space before a column's first box.
   */
  private balance(): void {
    const items = this.region;
    if (this.columns < 2 || items.length < 2 || !this.current) return;
    // A table the flow already carried into the next column has its header drawn there again: that layout stays.
    if (items.some((item) => item.repeated)) return;
    const heights = items.map((item) => item.height + item.space);
    const total = heights.reduce((a, b) => a + b, 0);
    const headerHeight = (item: RegionItem) => item.header?.reduce((sum, box) => sum + box.height, 0) ?? 0;
    let best = -1;
    let bestHeight = Infinity;
    for (let k = 1, before = 0; k < items.length; k++) {
      before += heights[k - 1];
      if (items[k - 1].glued) continue;
      const first = before - items[0].space;
      // A split inside a table draws its header again above the second column.
      const second = total - before - items[k].space + headerHeight(items[k]);
      const tallest = Math.max(first, second);
      if (tallest < bestHeight - 0.01) {
        bestHeight = tallest;
        best = k;
      }
    }
    const current = Math.max(...[0, 1].map((c) => items.filter((item) => item.column === c).reduce((h, item) => Math.max(h, item.top + item.height - this.regionTop), 0)));
    if (best < 0 || bestHeight >= current - 0.01) return;
    const shift = this.setup.columnWidth + this.setup.columnGap;
    let y = this.regionTop;
    items.forEach((item, i) => {
      const column = i < best ? 0 : 1;
      if (i === 0) y = this.regionTop;
      else if (i === best) {
        y = this.regionTop;
        for (const box of item.header ?? []) {
          for (const op of box.ops) this.current!.ops.push(translate(op, shift, y));
          y += box.height;
        }
      } else y += item.space;
      const dx = (column - item.column) * shift;
      const dy = y - item.top;
      if (dx || dy) for (let k = item.from; k < item.to; k++) this.current!.ops[k] = translate(this.current!.ops[k], dx, dy);
      item.column = column;
      item.top = y;
      y += item.height;
    });
    this.y = this.regionTop + bestHeight;
    this.column = 0;
    this.atTop = false;
  }

  /** Space left in the current column. */
  remaining(): number {
    return this.setup.contentBottom - this.y;
  }

  /**
   * `natural`: the space the box asks for, kept for when balancing moves it off a column's top; `glued`: balancing
   * never breaks the columns right after this box.
   */
  private put(box: Box, space: number, natural = space, glued = false, table: Pick<RegionItem, 'header' | 'repeated'> = {}): void {
    const page = this.page;
    const top = this.y + space;
    const dx = this.spanning ? 0 : this.column * (this.setup.columnWidth + this.setup.columnGap);
    const from = page.ops.length;
    for (const name of box.anchors ?? []) page.ops.push({ kind: 'anchor', name, y: top });
    for (const op of box.ops) page.ops.push(translate(op, dx, top));
    if (!this.spanning && this.columns > 1) this.region.push({ from, to: page.ops.length, height: box.height, space: natural, column: this.column, top, glued, ...table });
    this.y = top + box.height;
    this.atTop = false;
  }
}
