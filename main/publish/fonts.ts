/** The embedded fonts: complete TTFs of Source Serif 4 (text), Source Sans 3 (headings) and Source Code Pro (code) from node_modules, and their metrics. */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as fontkit from 'fontkit';
import type { FontFace, MeasureText } from '../../shared/publish/types.js';
import { equivalentsIn, type CharacterMap } from './glyph-equivalents.js';
import { harfbuzzShaper } from './harfbuzz.js';
import { FaceShaper, type FontkitFont } from './shaper.js';

// Not named `require`: electron-vite adds its own `require` to the main bundle, and Rolldown keeps both names.
const packages = createRequire(import.meta.url);

/**
 * Complete TTF files, never the per-script WOFF subsets (they drop glyphs silently) nor WOFF2 (pdfkit's
 * font engine cannot read it).
 */
const FILES: Readonly<Record<FontFace, readonly [string, string]>> = {
  serif: ['@expo-google-fonts/source-serif-4', '400Regular/SourceSerif4_400Regular.ttf'],
  'serif-bold': ['@expo-google-fonts/source-serif-4', '700Bold/SourceSerif4_700Bold.ttf'],
  'serif-italic': ['@expo-google-fonts/source-serif-4', '400Regular_Italic/SourceSerif4_400Regular_Italic.ttf'],
  'serif-bold-italic': ['@expo-google-fonts/source-serif-4', '700Bold_Italic/SourceSerif4_700Bold_Italic.ttf'],
  sans: ['@expo-google-fonts/source-sans-3', '400Regular/SourceSans3_400Regular.ttf'],
  'sans-bold': ['@expo-google-fonts/source-sans-3', '700Bold/SourceSans3_700Bold.ttf'],
  'sans-italic': ['@expo-google-fonts/source-sans-3', '400Regular_Italic/SourceSans3_400Regular_Italic.ttf'],
  // Only the modern theme draws it (its body text in sans, bold italic included).
  'sans-bold-italic': ['@expo-google-fonts/source-sans-3', '700Bold_Italic/SourceSans3_700Bold_Italic.ttf'],
  // Code as written: a stat block's or an ASCII table's columns line up only in letters of one width.
  mono: ['@expo-google-fonts/source-code-pro', '400Regular/SourceCodePro_400Regular.ttf'],
};

export const FONT_FACES = Object.keys(FILES) as FontFace[];

/** Absolute path of a face's TTF file. */
export function fontPath(face: FontFace): string {
  const [pkg, file] = FILES[face];
  return path.join(path.dirname(packages.resolve(`${pkg}/package.json`)), file);
}

type LoadedFont = FontkitFont & CharacterMap;

let loaded: Map<FontFace, LoadedFont> | null = null;

/** Opens every face once per process: the files are read-only package data. */
export function fonts(): ReadonlyMap<FontFace, LoadedFont> {
  if (!loaded) {
    loaded = new Map();
    for (const face of FONT_FACES) loaded.set(face, fontkit.openSync(fontPath(face)) as unknown as LoadedFont);
  }
  return loaded;
}

const shapers = new Map<FontFace, FaceShaper>();

/** A face's shaper outside a PDF document, made once per process: the same shapes the PDF writer makes (PdfWriter). */
export function faceShaper(face: FontFace): FaceShaper {
  let shaper = shapers.get(face);
  if (!shaper) {
    const font = fonts().get(face)!;
    shapers.set(face, (shaper = new FaceShaper(font, harfbuzzShaper(fontPath(face)), equivalentsIn(font))));
  }
  return shaper;
}

/**
 * Text width outside a PDF document (tests, and planning without writing), shaped and added up exactly as the PDF
 * writer measures it (PdfWriter.measure), so planned lines fit when drawn.
 */
export const measureText: MeasureText = (text, face, size) => faceShaper(face).width(text) * (size / 1000);
