/**
 * Text shaping for one PDF document: each string is shaped once per face (HarfBuzz: kerning and ligatures, the
 * glyphs pdfkit's own shaping gives), and that one result gives the planner its widths and the drawing its glyphs.
 *
 * pdfkit shapes text in pieces split after each space or tab ("the ", "rule ", "applies"), measures a string
 * again every time it draws it, and keeps every piece it ever shaped. Here a piece ending in a space is made
 * from the shaped word without it and the shaped space (the only difference is the word's last glyph kerning
 * against the space, learned once per character and face), and the shapes live in a bounded cache.
 */

import { BoundedCache } from '../../shared/publish/bounded-cache.js';
import { codePointsOf, type ShapeText } from './harfbuzz.js';

/** What fontkit gives for a glyph (it ships no types): pdfkit embeds the font through these objects. */
export interface FontkitGlyph {
  readonly id: number;
  readonly advanceWidth: number;
  readonly codePoints: readonly number[];
}

export interface FontkitFont {
  readonly unitsPerEm: number;
  /**
   * The glyph with this id: fontkit keeps one object per glyph, made the first time it is asked for, with the code
   * points it was first asked with (pdfkit's text layer for the glyph).
   */
  getGlyph(id: number, codePoints?: readonly number[]): FontkitGlyph;
}

/**
 * One shaped piece of text (no space or tab inside it; at most one at its end). Units: thousandths of an em, as
 * pdfkit scales them. Kept small, since a book keeps thousands: a glyph's own advance is read from the glyph.
 */
export interface Shape {
  /** The glyphs' ids in the font, one UTF-16 code unit each (glyph ids are 16-bit): compact, and read with getGlyph. */
  readonly ids: string;
  /** Each glyph's advance after kerning; null when every glyph advances by its own width (most words). */
  readonly kerned: readonly number[] | null;
  /** The piece's advance: the sum of the glyphs' advances, added up glyph by glyph as pdfkit does. */
  readonly width: number;
  /** Some glyph is moved off its place (a combining mark): drawn by pdfkit itself. */
  readonly offset: boolean;
}

/**
 * Called for each piece of a text: its shape and, for a word followed by a space, how the word's last glyph
 * kerns against the space (`spaceKern`; null: the shape is the whole piece). "word " is drawn as the word's
 * glyphs, the last one moved by spaceKern, then the space's glyph (FaceShaper.space).
 */
export type PieceVisitor = (shape: Shape, spaceKern: number | null) => void;

/** Shapes kept per face: a large book's whole vocabulary (the CR's is about 15,000 words over all faces). */
const SHAPES_PER_GENERATION = 24_000;

/** Longer pieces are shaped each time they are needed, never kept. */
const MAX_KEPT_LENGTH = 256;

const SPACE = 32;
const TAB = 9;

export class FaceShaper {
  private readonly shapes = new BoundedCache<Shape>(SHAPES_PER_GENERATION);
  /** Per last character: how its glyph kerns against a following space, or null when a space changes more than that. */
  private readonly spaceKern = new Map<number, { glyph: number; kern: number } | null>();
  /** pdfkit's scale from font units to thousandths of an em. */
  readonly scale: number;
  /** The shape of " ". */
  readonly space: Shape;
  /** fontkit's glyphs by id, each asked for the first time a shape met it, with the characters it stood for there. */
  private readonly glyphs: FontkitGlyph[] = [];

  /**
   * `font`: the font pdfkit embeds (its glyphs' widths and text); `shapeText`: HarfBuzz over the same font file;
   * `printed`: the text as the face prints it (glyph-equivalents.ts: punctuation it lacks, as the same mark it has),
   * applied before shaping so a piece is measured and drawn with the glyphs it prints with.
   */
  constructor(
    private readonly font: FontkitFont,
    private readonly shapeText: ShapeText,
    readonly printed: (text: string) => string = (text) => text,
  ) {
    this.scale = 1000 / font.unitsPerEm;
    this.space = this.layout(' ');
  }

  /** The shape's i-th glyph. */
  glyph(shape: Shape, i: number): FontkitGlyph {
    const id = shape.ids.charCodeAt(i);
    return this.glyphs[id] ?? this.font.getGlyph(id);
  }

  /** A glyph's own advance (pdfkit's `advanceWidth` of a position). */
  advance(shape: Shape, i: number): number {
    return this.glyph(shape, i).advanceWidth * this.scale;
  }

  /** A glyph's advance after kerning. */
  xAdvance(shape: Shape, i: number): number {
    return shape.kerned ? shape.kerned[i] : this.advance(shape, i);
  }

  /** Width of `text` in thousandths of an em, exactly as pdfkit's `widthOfString` adds it up. */
  width(text: string): number {
    let width = 0;
    this.pieces(text, (shape, spaceKern) => {
      if (spaceKern === null) width += shape.width;
      else {
        // As pdfkit adds up the shaped "word ": glyph by glyph, the last one kerned against the space.
        let piece = 0;
        const last = shape.ids.length - 1;
        for (let i = 0; i < last; i++) piece += this.xAdvance(shape, i);
        piece += this.xAdvance(shape, last) + spaceKern;
        piece += this.xAdvance(this.space, 0);
        width += piece;
      }
    });
    return width;
  }

  /** The pieces of `text` as pdfkit splits it to draw without word spacing: after each space or tab. */
  pieces(text: string, each: PieceVisitor): void {
    let last = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === SPACE || code === TAB) {
        this.piece(text, last, i + 1, each);
        last = i + 1;
      }
    }
    if (last < text.length) this.piece(text, last, text.length, each);
  }

  private piece(text: string, from: number, to: number, each: PieceVisitor): void {
    if (to - from > 1 && text.charCodeAt(to - 1) === SPACE) {
      const word = this.shape(text.slice(from, to - 1));
      const kern = this.kernAgainstSpace(word, text, from, to - 1);
      if (kern !== null) return each(word, kern);
    }
    each(this.shape(from === 0 && to === text.length ? text : text.slice(from, to)), null);
  }

  /** The shape of one piece (no space or tab inside it), shaped whole. */
  shape(piece: string): Shape {
    let shape = this.shapes.get(piece);
    if (shape === undefined) {
      shape = this.layout(piece);
      // A word is short; a long run of letters without a space (a line's worth of a URL) is seldom seen twice.
      if (piece.length <= MAX_KEPT_LENGTH) this.shapes.set(piece, shape);
    }
    return shape;
  }

  /** Whether the face prints `char` with glyphs of its own, not the empty box (.notdef, glyph 0). */
  prints(char: string): boolean {
    return !this.layout(char).ids.includes('\u0000');
  }

  private layout(typed: string): Shape {
    // The text layer says what was printed: "Might-leaning" for a typed U+2011 printed as the face's hyphen.
    const text = this.printed(typed);
    const run = this.shapeText(text);
    const n = run.ids.length;
    let kerned: number[] | null = null;
    let width = 0;
    for (let i = 0; i < n; i++) {
      const id = run.ids[i];
      const glyph = (this.glyphs[id] ??= this.font.getGlyph(id, codePointsOf(text, run, i)));
      // pdfkit scales every field of a position by 1000 / unitsPerEm, and takes advanceWidth from the glyph.
      const x = run.xAdvances[i] * this.scale;
      if (kerned) kerned.push(x);
      else if (x !== glyph.advanceWidth * this.scale) {
        kerned = [];
        for (let k = 0; k < i; k++) kerned.push(this.glyphs[run.ids[k]].advanceWidth * this.scale);
        kerned.push(x);
      }
      width += x;
    }
    // One flat string (a character at a time would make a rope of n nodes, kept as long as the shape).
    return { ids: String.fromCharCode(...run.ids), kerned, width, offset: run.moved };
  }

  /**
   * How the word text[from, at) kerns its last glyph against the space after it (text[at]), when that is all a
   * space changes: the same glyphs, the space's own. Null otherwise (a ligature at the end, a mark, a space that
   * changes shape): "word " is then shaped whole.
   */
  private kernAgainstSpace(word: Shape, text: string, from: number, at: number): number | null {
    const n = word.ids.length;
    if (word.offset || n === 0) return null;
    const pair = at - 2 >= from && isHighSurrogate(text.charCodeAt(at - 2)) && isLowSurrogate(text.charCodeAt(at - 1));
    const lastCode = text.codePointAt(at - (pair ? 2 : 1))!;
    const rule = this.kernBeforeSpace(lastCode);
    return rule && word.ids.charCodeAt(n - 1) === rule.glyph ? rule.kern : null;
  }

  private kernBeforeSpace(code: number): { glyph: number; kern: number } | null {
    let rule = this.spaceKern.get(code);
    if (rule !== undefined) return rule;
    const char = String.fromCodePoint(code);
    const alone = this.layout(char);
    const spaced = this.layout(`${char} `);
    const space = this.space;
    rule =
      alone.ids.length === 1 &&
      !alone.offset &&
      space.ids.length === 1 &&
      spaced.ids.length === 2 &&
      !spaced.offset &&
      spaced.ids[0] === alone.ids[0] &&
      spaced.ids[1] === space.ids[0] &&
      this.xAdvance(spaced, 1) === this.xAdvance(space, 0)
        ? { glyph: alone.ids.charCodeAt(0), kern: this.xAdvance(spaced, 0) - this.xAdvance(alone, 0) }
        : null;
    this.spaceKern.set(code, rule);
    return rule;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
