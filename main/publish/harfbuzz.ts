/**
 * Text shaping with HarfBuzz (harfbuzzjs, its WebAssembly build): kerning, ligatures and marks, the same glyphs and
 * advances fontkit's layout gives for our fonts (tests/publish/harfbuzz.test.ts holds them equal over real rulebook
 * words), at about a seventh of fontkit's cost per word. A book's export shapes each distinct word once per face,
 * some 14,000 for the Comprehensive Rules, and with fontkit that was a third of the export's time.
 */
import { readFileSync } from 'node:fs';
import * as hb from 'harfbuzzjs';

/** One shaped text, in the font's units, its glyphs in visual order (our texts run left to right). */
export interface ShapedRun {
  /** Each glyph's id in the font. */
  readonly ids: readonly number[];
  /** Each glyph's cluster: the UTF-16 index in the text of the first character it stands for. */
  readonly clusters: readonly number[];
  /** Each glyph's advance after kerning. */
  readonly xAdvances: readonly number[];
  /** Some glyph is moved off its place (a combining mark, say). */
  readonly moved: boolean;
}

export type ShapeText = (text: string) => ShapedRun;

/** Shapers by font file: a face is read and prepared once per process (the files are read-only package data). */
const shapers = new Map<string, ShapeText>();

/** Shapes text with the TrueType font in `fontFile`. */
export function harfbuzzShaper(fontFile: string): ShapeText {
  let shape = shapers.get(fontFile);
  if (shape) return shape;
  const data = readFileSync(fontFile);
  const font = new hb.Font(new hb.Face(new hb.Blob(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))));
  // One buffer, emptied before each text: shaping is synchronous, so no two texts share it at once.
  const buffer = new hb.Buffer();
  shape = (text) => {
    buffer.clearContents();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    const infos = buffer.getGlyphInfos();
    const positions = buffer.getGlyphPositions();
    const n = infos.length;
    const ids = new Array<number>(n);
    const clusters = new Array<number>(n);
    const xAdvances = new Array<number>(n);
    let moved = false;
    for (let i = 0; i < n; i++) {
      ids[i] = infos[i].codepoint; // after shaping, harfbuzz's `codepoint` holds the glyph id
      clusters[i] = infos[i].cluster;
      xAdvances[i] = positions[i].xAdvance;
      if (positions[i].xOffset !== 0 || positions[i].yOffset !== 0) moved = true;
    }
    return { ids, clusters, xAdvances, moved };
  };
  shapers.set(fontFile, shape);
  return shape;
}

/**
 * The code points glyph i of a run stands for, as a PDF's text layer needs them for copying and searching: all of
 * its cluster's characters for the cluster's first glyph ("fi" for the fi ligature), none for the glyphs after it.
 */
export function codePointsOf(text: string, run: ShapedRun, i: number): number[] {
  const start = run.clusters[i];
  if (i > 0 && run.clusters[i - 1] === start) return [];
  let end = text.length;
  for (let j = i + 1; j < run.clusters.length; j++) {
    if (run.clusters[j] !== start) {
      end = run.clusters[j];
      break;
    }
  }
  const codePoints: number[] = [];
  for (const char of text.slice(start, end)) codePoints.push(char.codePointAt(0)!);
  return codePoints;
}
