/** Flows boxes of drawing operations down pages: keeps headings with what follows, leaves no last line alone, repeats table headers, records anchors. */
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
  /** Boxes drawn again at the top of each continuation page (a table's header row). */
  readonly repeat?: readonly Box[];
}

export function translate(op: DrawOp, dx: number, dy: number): DrawOp {
  switch (op.kind) {
    case 'text':
    case 'rect':
    case 'link':
      return { ...op, x: op.x + dx, y: op.y + dy };
    case 'line':
      return { ...op, x1: op.x1 + dx, x2: op.x2 + dx, y1: op.y1 + dy, y2: op.y2 + dy };
    case 'anchor':
      return { ...op, y: op.y + dy };
  }
}

export class Paginator {
  /** Every page, the last one still open; empty when the pages go to `onPage` as they are done. */
  readonly pages: PageDraft[] = [];
  private current: PageDraft | null = null;
  private count = 0;
  private y = 0;
  private atTop = true;
  private held: Array<{ box: Box; space: number }> = [];
  chapter: string | null = null;

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

  newPage(): void {
    this.handOn();
    this.current = { ops: [], chapter: this.chapter, opensChapter: false };
    this.count++;
    if (!this.onPage) this.pages.push(this.current);
    this.y = this.setup.contentTop;
    this.atTop = true;
  }

  /** Hands the last page on (with `onPage`). Boxes still held are dropped: place them first. */
  finish(): void {
    this.handOn();
    this.current = null;
  }

  private handOn(): void {
    if (this.current && this.onPage) this.onPage(this.current, this.count - 1);
  }

  /** Starts a new page unless the current one is still empty. */
  breakPage(): void {
    if (!this.current || !this.atTop) this.newPage();
  }

  /**
   * A chapter opens here: it continues the page it falls on (a new page wastes the rest of this one, and a page of a
   * few lines reads as a mistake), unless less than a third of the page is left, then it takes a new page. A page a
   * chapter opens at the top of carries no running header; the header names the chapter from the next page on.
   */
  openChapter(label: string): void {
    if (!this.atTop && this.remaining() < (this.setup.contentBottom - this.setup.contentTop) / 3) this.newPage();
    if (this.atTop) this.page.opensChapter = true;
    this.chapter = label;
  }

  /** Holds boxes (a heading) until the next group, so they land on the same page as its first lines. */
  hold(boxes: readonly Box[], spaceBefore = 0): void {
    boxes.forEach((box, i) => this.held.push({ box, space: i === 0 ? spaceBefore : 0 }));
  }

  place(boxes: readonly Box[], options: PlaceOptions = {}): void {
    const items = [...this.held, ...boxes.map((box, i) => ({ box, space: i === 0 ? options.spaceBefore ?? 0 : 0 }))];
    const heldCount = this.held.length;
    this.held = [];
    if (!items.length) return;
    const keepCount = Math.min(items.length, heldCount + Math.max(1, options.keep ?? 1));
    let needed = 0;
    for (let i = 0; i < keepCount; i++) needed += items[i].box.height + (i === 0 && this.atTop ? 0 : items[i].space);
    // A group shorter than the page but not the room left goes to the next page whole.
    if (!this.atTop && this.y + needed > this.setup.contentBottom) this.newPage();
    void this.page;
    // Widow control: when the group's first page break would leave its last line alone at the top of the
    // next page, break one line earlier (unless that would split the lines kept together).
    let early = -1;
    let y = this.y;
    for (let i = 0, top = this.atTop; i < items.length; i++) {
      const space = top ? 0 : items[i].space;
      if (!top && y + space + items[i].box.height > this.setup.contentBottom + 0.01) {
        if (i === items.length - 1 && i - 1 >= keepCount) early = i - 1;
        break;
      }
      y += space + items[i].box.height;
      top = false;
    }
    items.forEach((item, i) => {
      const space = this.atTop ? 0 : item.space;
      if (!this.atTop && (i === early || this.y + space + item.box.height > this.setup.contentBottom + 0.01)) {
        this.newPage();
        if (options.repeat && i > heldCount) for (const header of options.repeat) this.put(header, 0);
        this.put(item.box, 0);
      } else this.put(item.box, space);
    });
  }

  /** Space left on the current page. */
  remaining(): number {
    return this.setup.contentBottom - this.y;
  }

  private put(box: Box, space: number): void {
    const page = this.page;
    const top = this.y + space;
    for (const name of box.anchors ?? []) page.ops.push({ kind: 'anchor', name, y: top });
    for (const op of box.ops) page.ops.push(translate(op, 0, top));
    this.y = top + box.height;
    this.atTop = false;
  }
}
