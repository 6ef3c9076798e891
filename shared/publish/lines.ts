/** Breaks styled runs into lines that fit a width, with the injected font metrics; justifies when asked. */
import type { Run } from './inline.js';
import type { Color, DrawOp, FontFace, MeasureText } from './types.js';

export type Family = 'serif' | 'sans';

export interface TextStyle {
  readonly family: Family;
  readonly size: number;
  readonly color: Color;
  readonly bold?: boolean;
  readonly italic?: boolean;
  readonly linkColor?: Color;
  readonly markColor?: Color;
}

export interface Fragment {
  readonly x: number;
  readonly text: string;
  readonly font: FontFace;
  readonly width: number;
  readonly link?: string;
  readonly unresolved?: boolean;
  readonly strike?: boolean;
  readonly wordSpacing?: number;
}

export interface TextLine {
  readonly fragments: readonly Fragment[];
  /** Natural width of the line's content. */
  readonly width: number;
}

export function fontOf(family: Family, bold: boolean, italic: boolean): FontFace {
  if (family === 'sans') return bold ? 'sans-bold' : italic ? 'sans-italic' : 'sans';
  return bold && italic ? 'serif-bold-italic' : bold ? 'serif-bold' : italic ? 'serif-italic' : 'serif';
}

/**
 * Remembers word widths at 1 pt: a rulebook's vocabulary is small, and shaping every word again would
 * dominate a several-hundred-page export. Widths scale linearly with size.
 */
export class Metrics {
  private readonly cache = new Map<string, number>();
  constructor(private readonly measure: MeasureText) {}

  width(text: string, font: FontFace, size: number): number {
    const key = `${font}\u0001${text}`;
    let unit = this.cache.get(key);
    if (unit === undefined) {
      unit = this.measure(text, font, 1);
      this.cache.set(key, unit);
    }
    return unit * size;
  }
}

interface Piece {
  readonly text: string;
  readonly font: FontFace;
  readonly link?: string;
  readonly unresolved?: boolean;
  readonly strike?: boolean;
  readonly width: number;
}

/** A word: pieces glued without space (e.g. "**Fireball**," is two pieces). */
interface Word {
  readonly pieces: Piece[];
  width: number;
  /** Width of the space before it (in the font of the space), 0 for the first word. */
  spaceBefore: number;
}

function toWords(runs: readonly Run[], style: TextStyle, metrics: Metrics): Word[] {
  const words: Word[] = [];
  let current: Word | null = null;
  let pendingSpace = 0;
  for (const run of runs) {
    const font = fontOf(style.family, (style.bold || run.bold) ?? false, (style.italic || run.italic) ?? false);
    const parts = run.text.split(/(\s+)/);
    for (const part of parts) {
      if (part === '') continue;
      if (/^\s+$/.test(part)) {
        current = null;
        pendingSpace = metrics.width(' ', font, style.size);
        continue;
      }
      const piece: Piece = { text: part, font, link: run.link, unresolved: run.unresolved, strike: run.strike, width: metrics.width(part, font, style.size) };
      if (current) {
        current.pieces.push(piece);
        current.width += piece.width;
      } else {
        current = { pieces: [piece], width: piece.width, spaceBefore: words.length ? pendingSpace : 0 };
        words.push(current);
      }
      pendingSpace = 0;
    }
  }
  return words;
}

/**
 * Widths are sums of floating-point measurements: a word measured to exactly fill a column (a table column
 * sized to its widest word) can come out a hair wider when added up again, and must still fit.
 */
const FIT_TOLERANCE = 0.01;

/** Splits a word wider than the line into pieces that fit, character by character (long URLs, codes). */
function splitLongWord(word: Word, width: number, style: TextStyle, metrics: Metrics): Word[] {
  const out: Word[] = [];
  let pieces: Piece[] = [];
  let used = 0;
  for (const piece of word.pieces) {
    let chunk = '';
    for (const ch of piece.text) {
      const w = metrics.width(chunk + ch, piece.font, style.size);
      if (used + w > width + FIT_TOLERANCE && (chunk || pieces.length)) {
        if (chunk) pieces.push({ ...piece, text: chunk, width: metrics.width(chunk, piece.font, style.size) });
        out.push({ pieces, width: pieces.reduce((s, p) => s + p.width, 0), spaceBefore: 0 });
        pieces = [];
        used = 0;
        chunk = ch;
      } else chunk += ch;
    }
    if (chunk) {
      const w = metrics.width(chunk, piece.font, style.size);
      pieces.push({ ...piece, text: chunk, width: w });
      used += w;
    }
  }
  if (pieces.length) out.push({ pieces, width: pieces.reduce((s, p) => s + p.width, 0), spaceBefore: 0 });
  if (out.length) out[0].spaceBefore = word.spaceBefore;
  return out;
}

/**
 * Greedy line breaking. `firstWidth` lets the first line be narrower or wider (a hanging number beside it).
 * With `justify`, every line but the last stretches its spaces to the full width.
 */
export function breakLines(runs: readonly Run[], width: number, style: TextStyle, metrics: Metrics, options: { justify?: boolean; firstWidth?: number } = {}): TextLine[] {
  const lines: Word[][] = [];
  let line: Word[] = [];
  let used = 0;
  const limit = () => (lines.length === 0 && options.firstWidth !== undefined ? options.firstWidth : width);
  const queue = toWords(runs, style, metrics);
  for (let i = 0; i < queue.length; i++) {
    const word = queue[i];
    const space = line.length ? word.spaceBefore : 0;
    if (line.length && used + space + word.width > limit() + FIT_TOLERANCE) {
      lines.push(line);
      line = [];
      used = 0;
    }
    if (!line.length && word.width > limit() + FIT_TOLERANCE) {
      const parts = splitLongWord(word, limit(), style, metrics);
      queue.splice(i, 1, ...parts);
      if (parts.length > 1) {
        i--;
        continue;
      }
    }
    used += (line.length ? word.spaceBefore : 0) + word.width;
    line.push(word);
  }
  if (line.length) lines.push(line);
  return lines.map((words, index) => {
    const natural = words.reduce((s, w, i) => s + w.width + (i ? w.spaceBefore : 0), 0);
    const lineWidth = index === 0 && options.firstWidth !== undefined ? options.firstWidth : width;
    const gaps = words.length - 1;
    const last = index === lines.length - 1;
    // Stretch only when the result still looks like text: a line of two long words stays ragged.
    const extra = options.justify && !last && gaps > 0 ? (lineWidth - natural) / gaps : 0;
    const stretch = extra > 0 && extra < style.size * 0.9 ? extra : 0;
    return { fragments: toFragments(words, stretch), width: natural + stretch * gaps };
  });
}

function toFragments(words: readonly Word[], stretch: number): Fragment[] {
  const fragments: Fragment[] = [];
  let x = 0;
  let open: { x: number; text: string; font: FontFace; width: number; link?: string; unresolved?: boolean; strike?: boolean } | null = null;
  const close = () => {
    if (open) fragments.push(stretch && open.text.includes(' ') ? { ...open, wordSpacing: stretch } : open);
    open = null;
  };
  words.forEach((word, wi) => {
    const gap = wi ? word.spaceBefore + stretch : 0;
    word.pieces.forEach((piece, pi) => {
      const spaced = pi === 0 && wi > 0;
      if (open && open.font === piece.font && open.link === piece.link && open.unresolved === piece.unresolved && open.strike === piece.strike) {
        if (spaced) {
          open.text += ' ';
          open.width += gap;
        }
        open.text += piece.text;
        open.width += piece.width;
      } else {
        close();
        open = { x: x + (spaced ? gap : 0), text: piece.text, font: piece.font, width: piece.width, link: piece.link, unresolved: piece.unresolved, strike: piece.strike };
      }
      x += (spaced ? gap : 0) + piece.width;
    });
  });
  close();
  return fragments;
}

/** Drawing operations for one line at (x, y) (y is the top of the line box of height `lineHeight`). */
export function drawLine(line: TextLine, x: number, y: number, lineHeight: number, style: TextStyle, ops: DrawOp[]): void {
  // Centre the capitals in the line box: the baseline sits a third of an em below the middle.
  const baseline = baselineIn(y, lineHeight, style.size);
  for (const f of line.fragments) {
    const color = f.unresolved ? style.markColor ?? style.color : f.link ? style.linkColor ?? style.color : style.color;
    ops.push({ kind: 'text', x: x + f.x, y: baseline, text: f.text, font: f.font, size: style.size, color, width: f.width, wordSpacing: f.wordSpacing, underline: f.unresolved || undefined });
    if (f.link) ops.push({ kind: 'link', x: x + f.x, y, w: f.width, h: lineHeight, target: f.link });
    // Through the middle of the lower-case letters, in the text's colour.
    if (f.strike) ops.push({ kind: 'line', x1: x + f.x, y1: baseline - style.size * 0.27, x2: x + f.x + f.width, y2: baseline - style.size * 0.27, width: Math.max(0.5, style.size * 0.06), color });
  }
}

/** The baseline of text of `size` centred in a line box starting at `top`. */
export function baselineIn(top: number, lineHeight: number, size: number): number {
  return top + lineHeight / 2 + size * 0.33;
}
