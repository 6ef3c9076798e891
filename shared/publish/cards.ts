/**
 * Card geometry: the sizes players know, the bleed around each card, how many fit on a sheet with crop marks a
 * home printer can print, and where a card's back goes on the back of the sheet for duplex printing.
 */
import type { DrawOp } from './types.js';

export const MM = 72 / 25.4;

/** Card sizes in millimetres (width × height), as card printers sell them. */
export const CARD_SIZES: Readonly<Record<string, readonly [number, number]>> = {
  poker: [63, 88],
  bridge: [57, 89],
  tarot: [70, 120],
  mini: [44, 63],
};

export { CARD_BACKS, type CardBacks, type CardOptions } from './print-settings.js';
import type { CardBacks } from './print-settings.js';

export const DEFAULT_BLEED_MM = 3;

/** A card's cut size in points. Throws, naming the value, for a size that is neither a name nor `WxH` mm. */
export function cardSize(spec: string | undefined): { readonly width: number; readonly height: number; readonly name: string } {
  const value = (spec ?? 'poker').trim().toLowerCase();
  const named = CARD_SIZES[value];
  const custom = /^(\d+(?:\.\d+)?)\s*[x×]\s*(\d+(?:\.\d+)?)(?:\s*mm)?$/.exec(value);
  const mm = named ?? (custom ? [Number(custom[1]), Number(custom[2])] : null);
  if (!mm) throw new Error(`card size must be ${Object.keys(CARD_SIZES).join(', ')} or width×height in mm (60x90), not \`${spec}\``);
  const [w, h] = mm;
  if (w < 25 || h < 25 || w > 200 || h > 280) throw new Error(`card size ${w}×${h} mm is outside 25–200 × 25–280 mm`);
  return { width: w * MM, height: h * MM, name: named ? value : `${w}×${h} mm` };
}

/** The bleed in points; throws for a value that is not 0 to 10 mm. */
export function bleedOf(mm: number | undefined): number {
  const value = mm ?? DEFAULT_BLEED_MM;
  if (!Number.isFinite(value) || value < 0 || value > 10) throw new Error(`card bleed must be 0 to 10 mm, not ${mm}`);
  return value * MM;
}

/** Nearest a crop mark comes to the paper's edge: home printers do not print the outer 4 mm or so. */
export const MARK_INSET = 5 * MM;
/** Between a crop mark and the picture (the bleed), so a mark never runs into a card. */
const MARK_GAP = 1 * MM;
const MARK_LENGTH = 3 * MM;
const MARK_MAX_LENGTH = 6 * MM;

export interface Slot {
  /** The cut (trim) box's top-left corner on the sheet, in points. */
  readonly x: number;
  readonly y: number;
}

export interface Imposition {
  readonly cols: number;
  readonly rows: number;
  /** Row by row, left to right. */
  readonly slots: readonly Slot[];
  readonly marks: readonly DrawOp[];
}

/**
 * Cards on a sheet: each card with its bleed all round, so neighbours are 2 × bleed apart (a card's colour never
 * reaches its neighbour; with no bleed they touch and one cut separates two). The grid is centred, so a card and
 * its back meet through the paper whichever edge the printer flips on; crop marks stand outside the grid, on
 * every cut line, no nearer the paper's edge than MARK_INSET.
 */
export function impose(pageWidth: number, pageHeight: number, cardWidth: number, cardHeight: number, bleed: number): Imposition {
  const outer = MARK_INSET + MARK_LENGTH + MARK_GAP;
  const cellW = cardWidth + 2 * bleed;
  const cellH = cardHeight + 2 * bleed;
  const cols = Math.floor((pageWidth - 2 * outer + 0.01) / cellW);
  const rows = Math.floor((pageHeight - 2 * outer + 0.01) / cellH);
  if (cols < 1 || rows < 1) throw new Error('does not fit');
  const gridLeft = (pageWidth - cols * cellW) / 2;
  const gridTop = (pageHeight - rows * cellH) / 2;
  const slots: Slot[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) slots.push({ x: gridLeft + c * cellW + bleed, y: gridTop + r * cellH + bleed });
  const marks: DrawOp[] = [];
  const mark = (x1: number, y1: number, x2: number, y2: number) => marks.push({ kind: 'line', x1, y1, x2, y2, width: 0.5, color: '#444444' });
  const gridRight = gridLeft + cols * cellW;
  const gridBottom = gridTop + rows * cellH;
  const lengthX = Math.min(MARK_MAX_LENGTH, gridTop - MARK_GAP - MARK_INSET);
  const lengthY = Math.min(MARK_MAX_LENGTH, gridLeft - MARK_GAP - MARK_INSET);
  // Every cut line once: with no bleed, the right edge of one card is the left edge of the next.
  const xs = unique(Array.from({ length: cols }, (_, c) => [gridLeft + c * cellW + bleed, gridLeft + c * cellW + bleed + cardWidth]).flat());
  const ys = unique(Array.from({ length: rows }, (_, r) => [gridTop + r * cellH + bleed, gridTop + r * cellH + bleed + cardHeight]).flat());
  for (const x of xs) {
    mark(x, gridTop - MARK_GAP - lengthX, x, gridTop - MARK_GAP);
    mark(x, gridBottom + MARK_GAP, x, gridBottom + MARK_GAP + lengthX);
  }
  for (const y of ys) {
    mark(gridLeft - MARK_GAP - lengthY, y, gridLeft - MARK_GAP, y);
    mark(gridRight + MARK_GAP, y, gridRight + MARK_GAP + lengthY, y);
  }
  return { cols, rows, slots, marks };
}

function unique(values: readonly number[]): number[] {
  const out: number[] = [];
  for (const v of values) if (!out.some((o) => Math.abs(o - v) < 0.01)) out.push(v);
  return out;
}

/**
 * Where the back of the card in slot `index` goes on the back of the sheet. Flipped on the long edge of a portrait
 * sheet, the paper turns left to right: a card's column mirrors. Flipped on the short edge, it turns top to
 * bottom: its row mirrors.
 */
export function backSlot(imposition: Imposition, index: number, backs: Exclude<CardBacks, 'none'>): number {
  const { cols, rows } = imposition;
  const row = Math.floor(index / cols);
  const col = index % cols;
  return backs === 'long' ? row * cols + (cols - 1 - col) : (rows - 1 - row) * cols + col;
}

/** A pale tint and a dark ink per category, light enough to print on any printer; by the category's place in the book. */
const CATEGORY_COLORS: readonly (readonly [string, string])[] = [
  ['#f4e6dc', '#7a2e1f'],
  ['#e3ecf5', '#1f4e79'],
  ['#e5f0e1', '#2f5d2a'],
  ['#efe6f3', '#5b2d6e'],
  ['#f6efd6', '#6b5312'],
  ['#dff0ee', '#1d5c57'],
  ['#f5e1e6', '#7d2340'],
  ['#e9e9e9', '#3c3c3c'],
];

export function categoryColors(index: number): { readonly tint: string; readonly ink: string } {
  const [tint, ink] = CATEGORY_COLORS[((index % CATEGORY_COLORS.length) + CATEGORY_COLORS.length) % CATEGORY_COLORS.length];
  return { tint, ink };
}
