/** Paper sizes, margins and the type scale an export uses, derived from its options. */
import type { ExportOptions, Margins, Paper } from './types.js';

const MM = 72 / 25.4;

/** Paper sizes in points (width, height). Card is the poker-card size players know: 63 × 88 mm. */
export const PAPER_SIZES: Readonly<Record<Paper, readonly [number, number]>> = {
  a4: [595.28, 841.89],
  letter: [612, 792],
  a5: [419.53, 595.28],
  card: [63 * MM, 88 * MM],
};

export const CARD_WIDTH = 63 * MM;
export const CARD_HEIGHT = 88 * MM;

export interface PageSetup {
  readonly width: number;
  readonly height: number;
  readonly margins: Margins;
  /** Body text size and leading. */
  readonly fontSize: number;
  readonly leading: number;
  readonly contentWidth: number;
  readonly contentTop: number;
  readonly contentBottom: number;
  /** Columns of the body (1 or 2), the space between them, and the width of each. */
  readonly columns: number;
  readonly columnGap: number;
  readonly columnWidth: number;
}

/**
 * A line of 60–75 characters is what reads best (Bringhurst's 45–75, the middle of it): the book aims at 72 in one
 * column. Source Serif 4 sets 0.465 em a character on average over the samples' text (spaces included), which turns a
 * count of characters into points for a size.
 */
const MEASURE_CHARS = 72;
const AVERAGE_CHAR_EM = 0.465;

/** The body's columns when neither the options nor rulebook.yaml say: two on A4 and Letter, one on A5. */
export function defaultColumns(paper: Paper): 1 | 2 {
  return paper === 'a4' || paper === 'letter' ? 2 : 1;
}

function defaultMargins(paper: Paper): Margins {
  switch (paper) {
    case 'a5':
      return { top: 48, right: 40, bottom: 48, left: 44 };
    case 'card':
      return { top: 10, right: 10, bottom: 10, left: 10 };
    case 'a4':
    case 'letter':
      return { top: 62, right: 60, bottom: 62, left: 66 };
  }
}

/**
 * The book's page: two columns of 60 to 64 characters a full line (A4: 8.3 pt type in 247 pt columns, 17 pt apart;
 * Letter's columns are 8 pt wider), or one column whose side margins keep the line to MEASURE_CHARS (a full A4 line
 * of 10 pt type holds 100). Margins and a size the options give are kept as given.
 */
function bookDefaults(paper: Paper, columns: number, fontSize: number | undefined): { margins: Margins; fontSize: number } {
  if (columns === 2) return { margins: { top: 58, right: 42, bottom: 60, left: 42 }, fontSize: fontSize ?? 8.3 };
  const size = fontSize ?? (paper === 'a5' ? 9 : 11);
  const base = defaultMargins(paper);
  const side = Math.max(base.left, Math.round((PAPER_SIZES[paper][0] - MEASURE_CHARS * AVERAGE_CHAR_EM * size) / 2));
  return { margins: { ...base, left: side, right: side }, fontSize: size };
}

/** Checks option values (a programmer's or configuration error throws, naming the value) and fills defaults. */
export function pageSetup(options: ExportOptions): PageSetup {
  const size = PAPER_SIZES[options.paper];
  if (!size) throw new Error(`unknown paper \`${String(options.paper)}\` (a4, letter, a5 or card)`);
  const [width, height] = size;
  const book = options.kind === 'book' || options.kind === 'extract';
  // Handouts set their own grids and tables across the page: one column, their own sizes.
  const columns = book ? (options.columns ?? defaultColumns(options.paper)) : 1;
  if (columns !== 1 && columns !== 2) throw new Error(`columns must be 1 or 2, not ${String(columns)}`);
  const bookPage = book ? bookDefaults(options.paper, columns, options.fontSize) : null;
  const base = bookPage?.margins ?? defaultMargins(options.paper);
  const given = typeof options.margins === 'number' ? { top: options.margins, right: options.margins, bottom: options.margins, left: options.margins } : options.margins ?? {};
  const margins: Margins = { ...base, ...given };
  for (const [side, value] of Object.entries(margins)) {
    if (!Number.isFinite(value) || value < 0) throw new Error(`margin ${side} must be a number of points ≥ 0, not ${value}`);
  }
  if (margins.left + margins.right > width * 0.6 || margins.top + margins.bottom > height * 0.6) {
    throw new Error(`margins leave too little room on ${options.paper} paper`);
  }
  const fontSize = bookPage?.fontSize ?? options.fontSize ?? (options.paper === 'a5' ? 9 : options.paper === 'card' ? 7.5 : 10);
  if (!Number.isFinite(fontSize) || fontSize < 5 || fontSize > 24) throw new Error(`font size must be between 5 and 24 points, not ${fontSize}`);
  const contentWidth = width - margins.left - margins.right;
  const columnGap = columns === 2 ? Math.round(fontSize * 2.1) : 0;
  return {
    width,
    height,
    margins,
    fontSize,
    leading: Math.round(fontSize * 1.38 * 100) / 100,
    contentWidth,
    contentTop: margins.top,
    contentBottom: height - margins.bottom,
    columns,
    columnGap,
    columnWidth: (contentWidth - columnGap) / columns,
  };
}

/** Colours of the house style: near-black text, a restrained accent for headings and rules. */
export const COLORS = {
  text: '#1d1d1f',
  muted: '#5f6368',
  accent: '#7a2e1f',
  rule: '#b9b2a6',
  link: '#1f4e79',
  unresolved: '#b3261e',
  fill: '#f3efe7',
  cut: '#888888',
} as const;
