/** Breaks styled runs into lines that fit a width, with the injected font metrics; justifies when asked. */
import { BoundedCache } from './bounded-cache.js';
import type { Run } from './inline.js';
import { ENGLISH_QUOTES, smartenRuns, type QuoteMarks } from './typography.js';
import type { Color, DrawOp, FontFace, Hyphenate, MeasureText } from './types.js';

export type Family = 'serif' | 'sans' | 'mono';

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
  readonly color?: Color;
  readonly wordSpacing?: number;
}

export interface TextLine {
  readonly fragments: readonly Fragment[];
  /** Natural width of the line's content. */
  readonly width: number;
}

export function fontOf(family: Family, bold: boolean, italic: boolean): FontFace {
  // Code is set in one face: neither bold nor italic changes its letters' width.
  if (family === 'mono') return 'mono';
  if (family === 'sans') return bold ? 'sans-bold' : italic ? 'sans-italic' : 'sans';
  return bold && italic ? 'serif-bold-italic' : bold ? 'serif-bold' : italic ? 'serif-italic' : 'serif';
}

/**
 * Remembers text widths at 1 pt: a rulebook's vocabulary is small, and shaping every word again would dominate a
 * several-hundred-page export. Widths scale linearly with size. The memory is bounded (BoundedCache): a book of
 * ever new words (numbers, codes) forgets the ones it has not met for a while.
 */
export class Metrics {
  /** Per face, keyed by the text itself: no key is built per lookup. */
  private readonly caches = new Map<FontFace, BoundedCache<number>>();
  /** Each word's syllables, by the word: a book breaks the same words again and again. */
  private readonly syllableCache = new BoundedCache<readonly string[]>(WIDTHS_PER_GENERATION);
  constructor(
    private readonly measure: MeasureText,
    private readonly hyphenator?: Hyphenate,
    /** The quotation marks of the book's language, which typed straight quotes print as. */
    readonly quotes: QuoteMarks = ENGLISH_QUOTES,
  ) {}

  /** Whether words may be hyphenated (the book's language has patterns). */
  get hyphenates(): boolean {
    return this.hyphenator !== undefined;
  }

  /** A word's syllables, or the word whole without hyphenation. */
  syllables(word: string): readonly string[] {
    if (!this.hyphenator) return [word];
    let parts = this.syllableCache.get(word);
    if (parts === undefined) this.syllableCache.set(word, (parts = this.hyphenator(word)));
    return parts;
  }

  width(text: string, font: FontFace, size: number): number {
    if (text.length > LONG_TEXT) return this.longWidth(text, font, Infinity) * size;
    let cache = this.caches.get(font);
    if (!cache) this.caches.set(font, (cache = new BoundedCache<number>(WIDTHS_PER_GENERATION)));
    let unit = cache.get(text);
    if (unit === undefined) {
      unit = this.measure(text, font, 1);
      cache.set(text, unit);
    }
    return unit * size;
  }

  /**
   * The width of `text`, or, once a long text is past `cap` points, some width beyond `cap`: enough to know it
   * does not fit a line, without shaping all of a "word" of megabytes.
   */
  widthUpTo(text: string, font: FontFace, size: number, cap: number): number {
    return text.length > LONG_TEXT ? this.longWidth(text, font, cap / size) * size : this.width(text, font, size);
  }

  /**
   * A long text measured in pieces of at most LONG_TEXT characters, cut after a space where there is one (text is
   * shaped word by word, so the sum is the same) and never kept: a paragraph, or a "word" of megabytes, must not
   * be shaped in one piece (a shaper keeps a few hundred bytes per glyph while it shapes). Stops past `stop` (1 pt units).
   */
  private longWidth(text: string, font: FontFace, stop: number): number {
    let width = 0;
    for (let start = 0; start < text.length && width <= stop; ) {
      let end = Math.min(text.length, start + LONG_TEXT);
      if (end < text.length) {
        let space = end - 1;
        while (space >= start && text[space] !== ' ' && text[space] !== '\t') space--;
        if (space >= start) end = space + 1;
        else if (isHighSurrogate(text.charCodeAt(end - 1))) end--;
      }
      width += this.measure(text.slice(start, end), font, 1);
      start = end;
    }
    return width;
  }
}

/** Texts longer than this are measured in pieces (Metrics.longWidth). */
const LONG_TEXT = 512;
/** Widths kept per face and generation (BoundedCache): a large book's vocabulary in one face. */
const WIDTHS_PER_GENERATION = 24_000;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * The white space between words: what `\s` matches in a JavaScript regular expression, less the no-break spaces
 * (isNoBreakSpace). A no-break space is part of its word ("10 ft", "Chapter 3"): never a place to break, and kept
 * at its natural width when a justified line stretches its word gaps.
 */
function isWhiteSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0 || isNoBreakSpace(code)) return false;
  return code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/** U+00A0 NO-BREAK SPACE, U+2007 FIGURE SPACE and U+202F NARROW NO-BREAK SPACE: spaces that glue two words into one. */
function isNoBreakSpace(code: number): boolean {
  return code === 0xa0 || code === 0x2007 || code === 0x202f;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The largest end in [floor, length] whose stretch `fits` (fits(floor) holds, and a longer stretch is never
 * narrower), searched from the estimate `start`: galloping away from it, then halving. Ends never split a
 * surrogate pair. A good estimate costs two or three measurements; a bad one, a few more (logarithmic).
 */
function longestFitting(floor: number, start: number, length: number, fits: (end: number) => boolean, splitsPair: (at: number) => boolean): number {
  const up = (at: number) => (splitsPair(at) ? at + 1 : at);
  const down = (at: number) => (splitsPair(at) ? at - 1 : at);
  let lo: number;
  let hi: number;
  if (fits(start)) {
    lo = start;
    hi = length + 1;
    for (let step = 1; lo < length; step *= 2) {
      const probe = up(Math.min(length, lo + step));
      if (!fits(probe)) {
        hi = probe;
        break;
      }
      lo = probe;
    }
    if (hi > length) return lo;
  } else {
    hi = start;
    lo = floor;
    for (let step = 1; ; step *= 2) {
      const probe = down(Math.max(floor, hi - step));
      if (fits(probe)) {
        lo = probe;
        break;
      }
      hi = probe;
    }
  }
  // fits(lo), not fits(hi): halve until they are neighbours.
  for (;;) {
    const mid = down(Math.floor((lo + hi) / 2));
    if (mid <= lo) {
      const above = up(lo + 1);
      if (above >= hi) return lo;
      if (fits(above)) lo = above;
      else return lo;
      continue;
    }
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
}

interface Piece {
  readonly text: string;
  readonly font: FontFace;
  readonly link?: string;
  readonly unresolved?: boolean;
  readonly strike?: boolean;
  readonly color?: Color;
  readonly width: number;
}

/** A word: pieces glued without space (e.g. "**Fireball**," is two pieces). */
interface Word {
  readonly pieces: Piece[];
  width: number;
  /** Width of the space before it (in the font of the space), 0 for the first word. */
  spaceBefore: number;
}

/** `cap`: no line is wider; a word past it is split whatever its exact width (Metrics.widthUpTo). */
function toWords(runs: readonly Run[], style: TextStyle, metrics: Metrics, cap: number): Word[] {
  const words: Word[] = [];
  let current: Word | null = null;
  let pendingSpace = 0;
  for (const run of runs) {
    const font = run.code ? 'mono' : fontOf(style.family, (style.bold || run.bold) ?? false, (style.italic || run.italic) ?? false);
    // Words and the white space between them (JavaScript's \s), read in place: no array of parts per run.
    const text = run.text;
    for (let at = 0, end = 0; at < text.length; at = end) {
      const space = isWhiteSpace(text.charCodeAt(at));
      end = at + 1;
      while (end < text.length && isWhiteSpace(text.charCodeAt(end)) === space) end++;
      if (space) {
        current = null;
        pendingSpace = metrics.width(' ', font, style.size);
        continue;
      }
      const part = at === 0 && end === text.length ? text : text.slice(at, end);
      const piece: Piece = { text: part, font, link: run.link, unresolved: run.unresolved, strike: run.strike, color: run.color, width: metrics.widthUpTo(part, font, style.size, cap) };
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

/**
 * Splits a word wider than the line into pieces that fit, character by character (long URLs, codes): each line
 * takes the most characters whose measured width fits beside what it already holds (the first character of an
 * empty line always goes). The count is estimated from the characters' own widths and then settled by measuring
 * the stretch itself, a few measurements a line: a word of megabytes splits in time linear in its length.
 */
function splitLongWord(word: Word, width: number, style: TextStyle, metrics: Metrics): Word[] {
  const out: Word[] = [];
  let pieces: Piece[] = [];
  let used = 0;
  const endLine = () => {
    out.push({ pieces, width: pieces.reduce((s, p) => s + p.width, 0), spaceBefore: 0 });
    pieces = [];
    used = 0;
  };
  for (const piece of word.pieces) {
    const text = piece.text;
    // Positions between characters: never between the two halves of a surrogate pair.
    const splitsPair = (at: number) => at > 0 && at < text.length && isHighSurrogate(text.charCodeAt(at - 1)) && isLowSurrogate(text.charCodeAt(at));
    const next = (at: number) => (splitsPair(at + 1) ? at + 2 : at + 1);
    let from = 0;
    while (from < text.length) {
      // The first character of an empty line goes whatever its width.
      const least = pieces.length ? from : next(from);
      const fits = (to: number) => to <= least || used + metrics.width(text.slice(from, to), piece.font, style.size) <= width + FIT_TOLERANCE;
      let estimate = from;
      for (let sum = used; estimate < text.length; ) {
        const after = next(estimate);
        sum += metrics.width(text.slice(estimate, after), piece.font, style.size);
        if (sum > width + FIT_TOLERANCE) break;
        estimate = after;
      }
      const to = longestFitting(least, Math.max(least, estimate), text.length, fits, splitsPair);
      if (to === from) {
        // Nothing more fits beside the pieces already on this line.
        endLine();
        continue;
      }
      const chunk = text.slice(from, to);
      const w = metrics.width(chunk, piece.font, style.size);
      pieces.push({ ...piece, text: chunk, width: w });
      used += w;
      from = to;
      if (from < text.length) endLine();
    }
  }
  if (pieces.length) out.push({ pieces, width: pieces.reduce((s, p) => s + p.width, 0), spaceBefore: 0 });
  if (out.length) out[0].spaceBefore = word.spaceBefore;
  return out;
}

/** U+00AD SOFT HYPHEN: where the writer allows a word to break, printed as a hyphen only when it does. */
const SOFT_HYPHEN = '\u00ad';
/** A word's letters between any punctuation before and after it ("(crossbows," → "(", "crossbows", ","); soft hyphens among them. */
const HYPHENABLE = /^([^\p{L}]*)(\p{L}[\p{L}\p{M}'’\u00ad]*(?:-\p{L}[\p{L}\p{M}'’\u00ad]*)*)([^\p{L}]*)$/u;
/** TeX's least letters before and after a break (lefthyphenmin, righthyphenmin). */
const LEFT_MIN = 2;
const RIGHT_MIN = 3;
/** More hyphenated lines in a row than this make a ladder down the margin. */
const MAX_HYPHENS_IN_A_ROW = 2;

/**
 * The longest head of `word` that fits `room` when broken at a syllable (with a hyphen) or after a hyphen it has
 * (without another), and the rest; null when no break fits. Words of one piece only: a word in two styles
 * ("**Fire**ball") is left whole. `automatic`: syllables and hyphens may break (a justified line in a language with
 * patterns); a word's soft hyphens always may. As in TeX, a word with soft hyphens breaks only there (and at its
 * hyphens): the writer has said where. The soft hyphen at the break is printed as "-" and measured so; the others
 * print as nothing (HarfBuzz draws U+00AD as nothing) and stay in the text.
 */
function hyphenate(word: Word, room: number, style: TextStyle, metrics: Metrics, automatic: boolean): { head: Word; tail: Word } | null {
  if (word.pieces.length !== 1 || room <= 0) return null;
  const piece = word.pieces[0];
  const soft = piece.text.includes(SOFT_HYPHEN);
  if (!automatic && !soft) return null;
  const match = HYPHENABLE.exec(piece.text);
  if (!match) return null;
  const [, lead, core, trail] = match;
  // Break positions in `core`, each with whether it needs a hyphen added and whether a soft hyphen there gives way to it.
  const breaks: Array<{ at: number; hyphen: boolean; soft?: boolean }> = [];
  let offset = 0;
  core.split('-').forEach((segment, i, segments) => {
    if (soft) {
      for (let at = segment.indexOf(SOFT_HYPHEN); at >= 0; at = segment.indexOf(SOFT_HYPHEN, at + 1)) breaks.push({ at: offset + at, hyphen: true, soft: true });
    } else {
      let at = offset;
      const parts = metrics.syllables(segment);
      for (let k = 0; k < parts.length - 1; k++) {
        at += parts[k].length;
        breaks.push({ at, hyphen: true });
      }
    }
    offset += segment.length + 1;
    if (automatic && i < segments.length - 1) breaks.push({ at: offset, hyphen: false });
  });
  for (let i = breaks.length - 1; i >= 0; i--) {
    const { at, hyphen, soft: atSoft } = breaks[i];
    const restAt = atSoft ? at + 1 : at;
    // The writer's soft hyphens need only a letter on either side; TeX's least letters apply to the rest.
    if (atSoft ? at < 1 || restAt >= core.length : at < LEFT_MIN || core.length - at < RIGHT_MIN) continue;
    const text = `${lead}${core.slice(0, at)}${hyphen ? '-' : ''}`;
    const width = metrics.width(text, piece.font, style.size);
    if (width > room + FIT_TOLERANCE) continue;
    const rest = `${core.slice(restAt)}${trail}`;
    return {
      head: { pieces: [{ ...piece, text, width }], width, spaceBefore: word.spaceBefore },
      tail: { pieces: [{ ...piece, text: rest, width: metrics.width(rest, piece.font, style.size) }], width: metrics.width(rest, piece.font, style.size), spaceBefore: 0 },
    };
  }
  return null;
}

/**
 * Greedy line breaking. `lineWidths` gives the first lines widths of their own (the lines beside a drop cap); the
 * others are `width` wide.
 * With `justify`, every line but the last stretches its spaces to the full width, and a word that does not fit
 * is hyphenated when the book's language has patterns (Metrics.syllables), so lines are full and spaces even.
 * A word with soft hyphens may break at one in any paragraph, justified or not.
 */
export function breakLines(runs: readonly Run[], width: number, style: TextStyle, metrics: Metrics, options: { justify?: boolean; lineWidths?: readonly number[] } = {}): TextLine[] {
  const lines: Word[][] = [];
  let line: Word[] = [];
  let used = 0;
  let hyphensInARow = 0;
  const widthOf = (index: number) => options.lineWidths?.[index] ?? width;
  const limit = () => widthOf(lines.length);
  const automatic = (options.justify ?? false) && metrics.hyphenates;
  const place = (word: Word): void => {
    const space = line.length ? word.spaceBefore : 0;
    if (line.length && used + space + word.width > limit() + FIT_TOLERANCE) {
      const split = hyphensInARow < MAX_HYPHENS_IN_A_ROW ? hyphenate(word, limit() - used - space, style, metrics, automatic) : null;
      if (split) line.push(split.head);
      hyphensInARow = split ? hyphensInARow + 1 : 0;
      lines.push(line);
      line = [];
      used = 0;
      if (split) return place(split.tail);
    }
    if (!line.length && word.width > limit() + FIT_TOLERANCE) {
      // Each part fits a line (or is one character wider than any): placed in turn, none splits again.
      const parts = splitLongWord(word, limit(), style, metrics);
      if (parts.length > 1) {
        for (const part of parts) place(part);
        return;
      }
    }
    used += (line.length ? word.spaceBefore : 0) + word.width;
    line.push(word);
  };
  for (const word of toWords(smartenRuns(runs, metrics.quotes), style, metrics, Math.max(width, ...(options.lineWidths ?? [])) + 1)) place(word);
  if (line.length) lines.push(line);
  return lines.map((words, index) => {
    const natural = words.reduce((s, w, i) => s + w.width + (i ? w.spaceBefore : 0), 0);
    const lineWidth = widthOf(index);
    const gaps = words.length - 1;
    const last = index === lines.length - 1;
    // Stretch only when the result still looks like text: a line of two long words stays ragged.
    const extra = options.justify && !last && gaps > 0 ? (lineWidth - natural) / gaps : 0;
    const stretch = extra > 0 && extra < style.size * 0.9 ? extra : 0;
    return { fragments: toFragments(words, stretch), width: natural + stretch * gaps };
  });
}

/** A line of a code block, laid out: where it starts, past the indentation it is written with. */
export interface CodeLine {
  readonly line: TextLine;
  readonly indent: number;
}

/**
 * A line of a code block as written: its quotes straight, its indentation and runs of spaces kept (they show a stat
 * block's or a table's structure). A line wider than `width` wraps at a space, or anywhere in a word longer than the
 * line, and goes on a little further in than it started: never cut off.
 */
export function codeLines(text: string, width: number, style: TextStyle, metrics: Metrics): CodeLine[] {
  const written = text.replace(/\t/g, '    ');
  const body = written.trimStart();
  const space = metrics.width(' ', fontOf(style.family, false, false), style.size);
  const indent = Math.min((written.length - body.length) * space, width / 2);
  const hang = space * 2;
  // A run of spaces keeps its width: all but its last space do not break (one word's no-break spaces).
  const runs: Run[] = [{ text: body.replace(/ {2,}/g, (spaces) => `${'\u00a0'.repeat(spaces.length - 1)} `) || ' ', code: true }];
  const laid = breakLines(runs, width - indent - hang, style, metrics, { lineWidths: [width - indent] });
  return laid.map((line, index) => ({ line, indent: index === 0 ? indent : indent + hang }));
}

function toFragments(words: readonly Word[], stretch: number): Fragment[] {
  const fragments: Fragment[] = [];
  let x = 0;
  let open: { x: number; text: string; font: FontFace; width: number; link?: string; unresolved?: boolean; strike?: boolean; color?: Color } | null = null;
  const close = () => {
    if (open) fragments.push(stretch && open.text.includes(' ') ? { ...open, wordSpacing: stretch } : open);
    open = null;
  };
  words.forEach((word, wi) => {
    const gap = wi ? word.spaceBefore + stretch : 0;
    word.pieces.forEach((piece, pi) => {
      const spaced = pi === 0 && wi > 0;
      if (open && open.font === piece.font && open.link === piece.link && open.unresolved === piece.unresolved && open.strike === piece.strike && open.color === piece.color) {
        if (spaced) {
          open.text += ' ';
          open.width += gap;
        }
        open.text += piece.text;
        open.width += piece.width;
      } else {
        close();
        open = { x: x + (spaced ? gap : 0), text: piece.text, font: piece.font, width: piece.width, link: piece.link, unresolved: piece.unresolved, strike: piece.strike, color: piece.color };
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
    const color = f.color ?? (f.unresolved ? style.markColor ?? style.color : f.link ? style.linkColor ?? style.color : style.color);
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
