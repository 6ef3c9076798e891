/** The PDF plan as data: pages of positioned drawing operations, anchors, links, outline, TOC and index. */
import type { CardOptions } from './print-settings.js';
import type { PlacedImage } from './images.js';

/** `changes`: the handout "What changed in this edition", planned from a comparison of two versions (streamChanges), not from one book. */
export type ExportKind = 'book' | 'cards' | 'reference' | 'sheet' | 'extract' | 'changes';
export type Paper = 'a4' | 'letter' | 'a5' | 'card';

export interface Margins {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export interface ExportOptions {
  readonly kind: ExportKind;
  readonly paper: Paper;
  /** In points (1/72 inch); each side defaults by paper size. A single number sets all four. */
  readonly margins?: Partial<Margins> | number;
  /** Body text size in points (default 10 on A4/Letter, 9 on A5). */
  readonly fontSize?: number;
  /** Chapters to include, by number ("3") or title ("Magic"); all when absent. Book and extract. */
  readonly chapters?: readonly string[];
  /** Skill categories to include, by name (case-insensitive); all when absent. Cards, reference, sheet. */
  readonly categories?: readonly string[];
  /** Printed on the title page when the rulebook has no date; fixed for reproducible output. */
  readonly date?: string;
  /** Card size, bleed, backs and one category, over rulebook.yaml's `print.cards` (shared/publish/cards.ts). */
  readonly cards?: CardOptions;
  /** The look (shared/publish/themes.ts): classic, modern or parchment, over rulebook.yaml's `print.theme`. */
  readonly theme?: string;
  /** The cover image's bytes and size, read on the Node side from rulebook.yaml's `print.cover` (shared/publish/cover.ts). */
  readonly coverImage?: PlacedImage;
  /** The Markdown images the book shows, read on the Node side, by rulebook-relative path (shared/publish/images.ts). */
  readonly images?: ReadonlyMap<string, PlacedImage>;
  /**
   * Columns of the book's body (book and extract; handouts are always one): 2 by default on A4 and Letter, 1 on A5.
   * Over rulebook.yaml's `print.columns`.
   */
  readonly columns?: 1 | 2;
  /** The syllables of a word in the book's language, for hyphenation (the Node side loads the patterns); none: no hyphenation. */
  readonly hyphenate?: Hyphenate;
}

/** A word's syllables ("hyphenation" → ["hy", "phen", "ation"]); a word that may not break is one part. */
export type Hyphenate = (word: string) => readonly string[];

/** The typefaces a plan may use: a serif for text, a sans for headings and labels. */
export type FontFace = 'serif' | 'serif-bold' | 'serif-italic' | 'serif-bold-italic' | 'sans' | 'sans-bold' | 'sans-italic' | 'sans-bold-italic' | 'mono';

/** Text width in points for `text` set in `font` at `size`: injected, because font files live on the Node side. */
export type MeasureText = (text: string, font: FontFace, size: number) => number;

/** A colour as a CSS hex string ("#333333"). */
export type Color = string;

/** One thing to draw. Coordinates in points from the page's top-left corner, y downwards (as pdfkit). */
export type DrawOp =
  | {
      readonly kind: 'text';
      readonly x: number;
      /** The baseline. */
      readonly y: number;
      readonly text: string;
      readonly font: FontFace;
      readonly size: number;
      readonly color: Color;
      /** Measured width, used for link areas and underlines. */
      readonly width: number;
      /** Extra space added to each space character (justified lines). */
      readonly wordSpacing?: number;
      /** Extra space after each character (dot leaders). */
      readonly characterSpacing?: number;
      readonly underline?: boolean;
    }
  | { readonly kind: 'line'; readonly x1: number; readonly y1: number; readonly x2: number; readonly y2: number; readonly width: number; readonly color: Color; readonly dash?: number }
  | { readonly kind: 'rect'; readonly x: number; readonly y: number; readonly w: number; readonly h: number; readonly stroke?: Color; readonly fill?: Color; readonly lineWidth?: number; readonly radius?: number }
  /** A clickable area jumping to a named anchor. */
  | { readonly kind: 'link'; readonly x: number; readonly y: number; readonly w: number; readonly h: number; readonly target: string }
  /** A named destination: links and the outline jump here. */
  | { readonly kind: 'anchor'; readonly name: string; readonly y: number }
  /** A picture (PNG or JPEG) the Node side read, by its rulebook-relative path, drawn into the box. */
  | { readonly kind: 'image'; readonly x: number; readonly y: number; readonly w: number; readonly h: number; readonly src: string };

export interface PlannedPage {
  /** 1-based physical page number, as printed in the footer and the TOC. */
  readonly number: number;
  readonly ops: readonly DrawOp[];
}

export interface OutlineNode {
  readonly title: string;
  readonly anchor: string;
  readonly children: readonly OutlineNode[];
}

export interface TocEntry {
  readonly title: string;
  /** 1 for chapters, 2 for sections. */
  readonly level: number;
  readonly anchor: string;
  readonly page: number;
}

export interface IndexEntry {
  readonly name: string;
  readonly anchor: string;
  readonly page: number;
}

export interface AnchorPlace {
  readonly page: number;
  readonly y: number;
}

export interface PlannedLink {
  readonly page: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly target: string;
}

export interface Plan {
  readonly kind: ExportKind;
  readonly title: string;
  readonly width: number;
  readonly height: number;
  readonly pages: readonly PlannedPage[];
  /** Every named destination and where it lands. */
  readonly anchors: ReadonlyMap<string, AnchorPlace>;
  /** Every link area, by page. */
  readonly links: readonly PlannedLink[];
  readonly outline: readonly OutlineNode[];
  readonly toc: readonly TocEntry[];
  readonly index: readonly IndexEntry[];
  /** Problems worth telling the user: unresolved references printed as written, text shrunk or continued. */
  readonly warnings: readonly string[];
}

/**
 * A plan whose pages went, one by one as they were laid out, to a PageSink: everything but the pages' drawing
 * operations, so a large book's pages are never all held at once.
 */
export interface PlanSummary extends Omit<Plan, 'pages'> {
  readonly pageCount: number;
}

/**
 * Takes each page as soon as it is laid out (a renderer draws it at once and forgets it). Pages may come out of
 * order (the book's title page and contents come after its body, whose page numbers they print): `page.number`
 * is its place. Every page of a plan has the one size given.
 */
export type PageSink = (page: PlannedPage, width: number, height: number) => void;

/** Called now and then during a long plan: work done out of total (same units). */
export type Progress = (done: number, total: number, stage: string) => void;
