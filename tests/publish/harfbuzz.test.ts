/**
 * The PDF shapes text with HarfBuzz (main/publish/harfbuzz.ts) and embeds the font through pdfkit, which shapes
 * with fontkit where it draws text itself. The two must agree, glyph for glyph: these tests shape the words of
 * real rulebooks (the samples and the books from the wild, as the planner sees them: typographic quotes and dashes
 * included, and as each face prints them) in every face, with both.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { FONT_FACES, fontPath } from '../../main/publish/fonts.js';
import { equivalentsIn, type CharacterMap } from '../../main/publish/glyph-equivalents.js';
import { codePointsOf, harfbuzzShaper } from '../../main/publish/harfbuzz.js';
import { smarten } from '../../shared/publish/typography.js';

const FIXTURES = path.join(import.meta.dirname, '../fixtures');

interface FontkitRun {
  readonly glyphs: ReadonlyArray<{ readonly id: number; readonly codePoints: readonly number[] }>;
  readonly positions: ReadonlyArray<{ readonly xAdvance: number; readonly xOffset: number; readonly yOffset: number }>;
}

/** Every distinct word (and its smartened form) of the Markdown files under tests/fixtures/samples and wild. */
function rulebookWords(): string[] {
  const words = new Set<string>();
  for (const folder of ['samples', 'wild']) {
    for (const entry of readdirSync(path.join(FIXTURES, folder), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
      const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      for (const line of text.split('\n')) {
        for (const word of smarten(line).split(/\s+/)) if (word) words.add(word);
        for (const word of line.split(/\s+/)) if (word) words.add(word);
      }
    }
  }
  return [...words];
}

describe('HarfBuzz shaping', () => {
  const words = rulebookWords();

  it('reads enough real words to mean something', () => {
    expect(words.length).toBeGreaterThan(10_000);
    expect(words.some((w) => /[“”‘’–—]/.test(w))).toBe(true);
  });

  // fontkit takes about 0.1 ms a word: every face gets a sample of the words (all of them for the body face).
  it.each(FONT_FACES.map((face) => [face]))('gives the glyphs and advances fontkit gives, in %s', (face) => {
    const font = fontkit.openSync(fontPath(face)) as CharacterMap & { layout(text: string): FontkitRun };
    const shape = harfbuzzShaper(fontPath(face));
    // Words as the face prints them: punctuation it lacks as the mark it has (Razorweave's U+2011 in "Might‑leaning").
    const printed = equivalentsIn(font);
    // Only words the face has every glyph of: a script it lacks (Mythras's Arabic and Japanese) prints as boxes either
    // way, which main/publish/glyph-coverage.ts warns of, and the two order boxes in a right-to-left run differently.
    const covered = (word: string) => [...word].every((c) => font.hasGlyphForCodePoint(c.codePointAt(0)!));
    const sample = (face === 'serif' ? words : words.filter((_, i) => i % 4 === 0)).map(printed).filter(covered);
    const differing: string[] = [];
    for (const word of sample) {
      const expected = font.layout(word);
      const run = shape(word);
      const same =
        run.ids.length === expected.glyphs.length &&
        run.ids.every((id, i) => id === expected.glyphs[i].id && run.xAdvances[i] === expected.positions[i].xAdvance) &&
        run.moved === expected.positions.some((p) => p.xOffset !== 0 || p.yOffset !== 0);
      if (!same) differing.push(word);
    }
    expect(differing).toEqual([]);
  });

  it('gives a ligature all the characters it stands for, for copying and searching the PDF', () => {
    const text = 'first office';
    const run = harfbuzzShaper(fontPath('serif'))(text);
    const chars = run.ids.map((_, i) => String.fromCodePoint(...codePointsOf(text, run, i)));
    // The glyphs' characters, in order, are the text again, whatever ligatures the font made.
    expect(chars.join('')).toBe(text);
    // Source Serif 4 has an fi ligature: "fi" is one glyph standing for two characters.
    expect(chars).toContain('fi');
    expect(run.ids.length).toBeLessThan(text.length);
  });
});
