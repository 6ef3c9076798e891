/**
 * Draws planned pages with pdfkit as they come: text, lines, boxes, named destinations, link annotations, and at the
 * end the page order and the bookmarks. The bytes go out as pdfkit makes them (to a file, or collected by buildPdf).
 */
import PDFDocument from 'pdfkit';
import type { DrawOp, FontFace, MeasureText, OutlineNode, Plan, PlannedPage, PlanSummary, Progress } from '../../shared/publish/types.js';
import { FONT_FACES, fontPath } from './fonts.js';
import { equivalentsIn, type CharacterMap } from './glyph-equivalents.js';
import { harfbuzzShaper } from './harfbuzz.js';
import { FaceShaper, type FontkitFont, type Shape } from './shaper.js';

export interface RenderOptions {
  /** Stamped as the creation and modification date: a fixed date makes the output byte-for-byte reproducible. */
  readonly creationDate?: Date;
  /** Compress page streams (smaller files). Tests switch it off to read the streams. */
  readonly compress?: boolean;
  readonly progress?: Progress;
  /** The pictures the plan's image operations name, by rulebook-relative path (main/publish/print-images.ts reads them). */
  readonly images?: ReadonlyMap<string, Buffer>;
}

/** A fixed date for reproducible output when the caller gives none: the same rulebook gives the same PDF. */
export const DEFAULT_CREATION_DATE = new Date(Date.UTC(2025, 0, 1, 0, 0, 0));

type Doc = InstanceType<typeof PDFDocument>;
type TextOp = Extract<DrawOp, { kind: 'text' }>;

/** The parts of pdfkit's embedded font (EmbeddedFont) that drawing text touches. */
interface EmbeddedFont {
  readonly id: string;
  readonly font: FontkitFont & CharacterMap;
  readonly scale: number;
  readonly subset: { includeGlyph(id: number): number };
  readonly widths: number[];
  readonly unicode: Array<readonly number[]>;
  ref(): unknown;
}

/** What the writer reaches inside pdfkit: the document's current page, its page tree, and its output. */
interface DocInternals {
  _font: EmbeddedFont;
  page: { readonly height: number; readonly fonts: Record<string, unknown>; write(data: string): void };
  _root: { data: { Pages: { data: { Kids: unknown[] } } } };
  info: Record<string, unknown>;
  outline: { addItem(title: string, options?: object): unknown };
  addContent(data: string): Doc;
  push(chunk: Uint8Array | null): boolean;
}

interface Face {
  readonly embedded: EmbeddedFont;
  readonly shaper: FaceShaper;
  /** Each glyph's code in the subset, as 4 hex digits, by its id in the font. */
  readonly hex: string[];
}

/** pdfkit's number format in content streams (PDFObject.number): at most six decimals. */
function num(n: number): string {
  return `${Math.round(n * 1e6) / 1e6}`;
}

/**
 * One PDF document. Planning measures text with `measure` (the fonts this document embeds); each finished page is
 * drawn at once with `page` and forgotten, in any order (the book's contents come after its body); `finish` puts the
 * pages in order, adds the bookmarks and ends the document. Every byte goes to `out` as soon as pdfkit makes it.
 *
 * Text is not drawn through pdfkit's `text()`, which shapes each string again (to measure it twice and to encode
 * it) and writes every operator as its own small buffer. The writer shapes each piece of text once (FaceShaper),
 * keeps each glyph's code in the subset, and writes a page's operators as one string: the same operators, byte for byte, that
 * `text(…, { lineBreak: false, baseline: 'alphabetic', wordSpacing, characterSpacing })` writes. Rare text
 * (a line break inside it, a glyph moved off its place) is left to pdfkit itself.
 */
export class PdfWriter {
  private readonly doc: Doc;
  private readonly internals: DocInternals;
  private readonly faces = new Map<FontFace, Face>();
  /** Page numbers in the order the pages were drawn. */
  private readonly drawn: number[] = [];
  /** The current page's content operators, written to the page in one piece when it is done. */
  private content: string[] = [];
  private collecting = false;
  private ended = false;
  private color = '';

  constructor(
    private readonly out: (chunk: Uint8Array) => void,
    private readonly options: RenderOptions = {},
  ) {
    const date = options.creationDate ?? DEFAULT_CREATION_DATE;
    this.doc = new PDFDocument({
      autoFirstPage: false,
      compress: options.compress ?? true,
      margin: 0,
      info: { Creator: 'Rulebook Studio', Producer: 'Rulebook Studio (pdfkit)', CreationDate: date, ModDate: date },
      displayTitle: true,
      lang: 'en',
      // The writer shapes and keeps text itself (FaceShaper, bounded); pdfkit's own cache would keep every string.
      fontLayoutCache: false,
    } as ConstructorParameters<typeof PDFDocument>[0]);
    this.internals = this.doc as unknown as DocInternals;
    for (const face of FONT_FACES) this.doc.registerFont(face, fontPath(face));
    // pdfkit is a Readable stream, whose data waits in memory until the event loop turns, and planning and drawing
    // never let it: its output is taken where it is pushed instead (the header it wrote while constructed, first).
    for (let chunk = this.doc.read() as Uint8Array | null; chunk !== null; chunk = this.doc.read() as Uint8Array | null) this.out(chunk);
    this.internals.push = (chunk) => {
      if (chunk === null) this.ended = true;
      else this.out(chunk);
      return true;
    };
    const page = () => this.internals.page;
    this.internals.addContent = (data: string) => {
      if (this.collecting) this.content.push(data);
      else page().write(data);
      return this.doc;
    };
  }

  private face(name: FontFace): Face {
    let face = this.faces.get(name);
    if (!face) {
      this.doc.font(name);
      const embedded = this.internals._font;
      face = { embedded, shaper: new FaceShaper(embedded.font, harfbuzzShaper(fontPath(name)), equivalentsIn(embedded.font)), hex: [] };
      this.faces.set(name, face);
    }
    return face;
  }

  /** Text width in points, exactly as pdfkit measures it (kerning and ligatures), so planned lines fit when drawn. */
  readonly measure: MeasureText = (text, face, size) => this.face(face).shaper.width(text) * (size / 1000);

  /** Draws one page now. Pages may come in any order: `page.number` puts each in its place when the document ends. */
  readonly page = (page: PlannedPage, width: number, height: number): void => {
    const doc = this.doc;
    doc.addPage({ size: [width, height], margin: 0 });
    this.drawn.push(page.number);
    this.collecting = true;
    this.color = '';
    try {
      for (const op of page.ops) this.draw(op);
    } finally {
      this.collecting = false;
      if (this.content.length) this.internals.page.write(this.content.join('\n'));
      this.content = [];
    }
  };

  /** Puts the pages in order, adds the title and the bookmarks, and ends the document: its last bytes go out. */
  finish(plan: PlanSummary): void {
    const kids = this.internals._root.data.Pages.data.Kids;
    const order = this.drawn.map((number, index) => ({ number, index }));
    order.sort((a, b) => a.number - b.number);
    if (order.some((o, i) => o.number !== i + 1) || order.length !== plan.pageCount) throw new Error(`pages drawn (${order.length}) are not the plan's 1 to ${plan.pageCount}`);
    const byIndex = kids.slice();
    for (let i = 0; i < order.length; i++) kids[i] = byIndex[order[i].index];
    this.internals.info.Title = plan.title;
    addOutline(this.internals, plan);
    // The pages were drawn as they were laid out (that progress is the planner's); what is left is the end.
    this.options.progress?.(plan.pageCount, plan.pageCount, 'drawing pages');
    this.doc.end();
    if (!this.ended) throw new Error('the PDF did not end');
  }

  private draw(op: DrawOp): void {
    const doc = this.doc;
    switch (op.kind) {
      case 'text': {
        if (op.color !== this.color) doc.fillColor((this.color = op.color));
        this.text(op);
        if (op.underline) {
          // Unresolved references: a dotted underline in the text's colour, so print shows the mark too.
          doc.save().moveTo(op.x, op.y + op.size * 0.18).lineTo(op.x + op.width, op.y + op.size * 0.18).lineWidth(0.6).dash(1, { space: 1.2 }).strokeColor(op.color).stroke().undash().restore();
        }
        break;
      }
      case 'line':
        doc.save().moveTo(op.x1, op.y1).lineTo(op.x2, op.y2).lineWidth(op.width).strokeColor(op.color);
        if (op.dash) doc.dash(op.dash, { space: op.dash });
        doc.stroke().restore();
        break;
      case 'rect': {
        doc.save();
        if (op.radius) doc.roundedRect(op.x, op.y, op.w, op.h, op.radius);
        else doc.rect(op.x, op.y, op.w, op.h);
        if (op.lineWidth) doc.lineWidth(op.lineWidth);
        if (op.fill && op.stroke) doc.fillAndStroke(op.fill, op.stroke);
        else if (op.fill) doc.fill(op.fill);
        else doc.stroke(op.stroke ?? '#000000');
        doc.restore();
        break;
      }
      case 'link':
        doc.goTo(op.x, op.y, op.w, op.h, op.target, {});
        break;
      case 'anchor':
        doc.addNamedDestination(op.name, 'XYZ', 0, op.y, null);
        break;
      case 'image': {
        const data = this.options.images?.get(op.src);
        // The planner only places pictures the Node side read; one missing here was already warned about.
        if (data) doc.image(data, op.x, op.y, { width: op.w, height: op.h });
        break;
      }
    }
  }

  /** `doc.text(op.text, op.x, op.y, { lineBreak: false, baseline: 'alphabetic', wordSpacing, characterSpacing })`, its operators written directly. */
  private text(op: TextOp): void {
    const wordSpacing = op.wordSpacing || 0;
    const characterSpacing = op.characterSpacing || 0;
    let text = op.text;
    // The stretch goes to the word gaps, which the planner writes as " ": not to a no-break space ("10 ft"), which
    // is part of its word and keeps its width (pdfkit would stretch every \s).
    if (wordSpacing) text = text.replace(/ {2,}/g, ' ');
    if (text.length === 0) return;
    if (text.includes('\n') || (wordSpacing && trimGaps(text) === '')) return this.textByPdfkit(op);
    const face = this.face(op.font);
    const shaper = face.shaper;
    // Each piece: a shape, and for "word " the word's last glyph kerned against the space that follows it.
    const shapes: Shape[] = [];
    const spaceKerns: Array<number | null> = [];
    if (wordSpacing) {
      for (const word of trimGaps(text).split(/ +/)) {
        shapes.push(shaper.shape(word));
        spaceKerns.push(null);
      }
    } else {
      shaper.pieces(text, (shape, spaceKern) => {
        shapes.push(shape);
        spaceKerns.push(spaceKern);
      });
    }
    for (const shape of shapes) if (shape.offset) return this.textByPdfkit(op);

    const font = face.embedded;
    const page = this.internals.page;
    if (page.fonts[font.id] == null) page.fonts[font.id] = font.ref();
    // The operators pdfkit writes for it, one per line: q, the flip to PDF's upward y, BT, Tm, Tf, [Tc,] TJ, ET, Q.
    let ops = `q\n1 0 0 -1 0 ${num(page.height)} cm\nBT\n1 0 0 1 ${num(op.x)} ${num(page.height - op.y - 0)} Tm\n/${font.id} ${num(op.size)} Tf`;
    if (characterSpacing) ops += `\n${num(characterSpacing)} Tc`;
    // Justified text: each word set apart by the space's width plus the stretch, added to its last glyph.
    let extra = 0;
    if (wordSpacing) {
      extra = wordSpacing;
      extra += ((shaper.width(' ') * (op.size / 1000) + 0) * 100) / 100 + characterSpacing;
      extra *= 1000 / op.size;
    }
    // TJ: runs of glyph codes, each closed after a glyph whose advance differs from its own width (kerning,
    // spacing) with that difference, exactly as pdfkit's text() makes them.
    let commands = '';
    let pending = '';
    const close = (adjust: number) => {
      commands += `${commands ? ' ' : ''}<${pending}> ${num(-adjust)}`;
      pending = '';
    };
    for (let k = 0; k < shapes.length; k++) {
      const shape = shapes[k];
      const spaceKern = spaceKerns[k];
      const last = shape.ids.length - 1;
      if (last < 0) continue;
      for (let i = 0; i < last; i++) {
        pending += this.code(face, shape, i);
        if (shape.kerned) {
          const adjust = shape.kerned[i] - shaper.advance(shape, i);
          if (adjust !== 0) close(adjust);
        }
      }
      pending += this.code(face, shape, last);
      let x = shaper.xAdvance(shape, last);
      if (spaceKern !== null) x += spaceKern;
      if (wordSpacing) x += extra;
      const adjust = x - shaper.advance(shape, last);
      if (adjust !== 0) close(adjust);
      if (spaceKern !== null) {
        const space = shaper.space;
        pending += this.code(face, space, 0);
        const spaceAdjust = shaper.xAdvance(space, 0) - shaper.advance(space, 0);
        if (spaceAdjust !== 0) close(spaceAdjust);
      }
    }
    if (pending) commands += `${commands ? ' ' : ''}<${pending}> 0`;
    if (commands) ops += `\n[${commands}] TJ`;
    this.content.push(`${ops}\nET\nQ`);
  }

  /**
   * The code of a shape's i-th glyph in the font's subset, as 4 hex digits: the glyph joins the subset the first
   * time it is drawn (in drawing order, as pdfkit adds them), with its width and its text for copy and search.
   */
  private code(face: Face, shape: Shape, i: number): string {
    const id = shape.ids.charCodeAt(i);
    let code = face.hex[id];
    if (code === undefined) {
      const font = face.embedded;
      const glyph = face.shaper.glyph(shape, i);
      const gid = font.subset.includeGlyph(id);
      code = `0000${gid.toString(16)}`.slice(-4);
      face.hex[id] = code;
      if (font.widths[gid] == null) font.widths[gid] = glyph.advanceWidth * font.scale;
      if (font.unicode[gid] == null) font.unicode[gid] = glyph.codePoints;
    }
    return code;
  }

  private textByPdfkit(op: TextOp): void {
    // With the glyphs it was measured with: fontkit, which pdfkit shapes with, prints missing punctuation as a box.
    const text = this.face(op.font).shaper.printed(op.text);
    this.doc.font(op.font).fontSize(op.size);
    const characterSpacing = op.characterSpacing ?? 0;
    if (op.wordSpacing && NO_BREAK_SPACE.test(text)) return this.wordsByPdfkit(text, op);
    this.doc.text(text, op.x, op.y, { lineBreak: false, baseline: 'alphabetic', wordSpacing: op.wordSpacing ?? 0, characterSpacing });
  }

  /**
   * Justified text with a no-break space, drawn word by word: pdfkit stretches every \s, the no-break space too.
   * Each word is placed as pdfkit places it, after the one before, its gap the space's width plus the stretch.
   */
  private wordsByPdfkit(text: string, op: TextOp): void {
    const characterSpacing = op.characterSpacing ?? 0;
    const gap = this.doc.widthOfString(' ') + characterSpacing + (op.wordSpacing ?? 0);
    let x = op.x;
    for (const word of trimGaps(text).split(/ +/)) {
      this.doc.text(word, x, op.y, { lineBreak: false, baseline: 'alphabetic', characterSpacing });
      x += this.doc.widthOfString(word, { characterSpacing }) + characterSpacing + gap;
    }
  }
}

/** The no-break spaces (shared/publish/lines.ts): part of a word, never a word gap. */
const NO_BREAK_SPACE = /[\u00a0\u2007\u202f]/;

/** `text` without the word gaps (" ") at either end; a no-break space there is part of a word. */
function trimGaps(text: string): string {
  let from = 0;
  let to = text.length;
  while (from < to && text.charCodeAt(from) === 32) from++;
  while (to > from && text.charCodeAt(to - 1) === 32) to--;
  return text.slice(from, to);
}

/** Draws a whole plan into a PDF in memory. */
export function renderPlan(plan: Plan, options: RenderOptions = {}): Buffer {
  const chunks: Uint8Array[] = [];
  const writer = new PdfWriter((chunk) => chunks.push(chunk), options);
  for (const page of plan.pages) writer.page(page, plan.width, plan.height);
  writer.finish({ ...plan, pageCount: plan.pages.length });
  return Buffer.concat(chunks);
}

function addOutline(doc: DocInternals, plan: PlanSummary): void {
  const add = (parent: { addItem(title: string, options?: object): unknown }, node: OutlineNode) => {
    const place = plan.anchors.get(node.anchor);
    if (!place) return;
    const item = parent.addItem(node.title, { pageNumber: place.page - 1, top: Math.max(0, place.y - 6), left: plan.width, expanded: false }) as { addItem(title: string, options?: object): unknown };
    for (const child of node.children) add(item, child);
  };
  for (const node of plan.outline) add(doc.outline, node);
}
