/** Finds characters the embedded fonts cannot print, and names the first place each is written. */
import type { RulebookSource } from '../../shared/model/types.js';
import { faceShaper } from './fonts.js';

/** Characters that never print (controls, joiners) or that the layout replaces: not worth a warning. */
const IGNORED = /[\u0000-\u001f\u007f\u200b-\u200f\u2028\u2029\ufeff\ufe0e\ufe0f]/u;

/**
 * One warning per character the text face or the heading face prints as an empty box, naming where it first
 * occurs ("funjerai.md:12:5"), e.g. `funjerai.md:12:5: the fonts have no glyph for “ᚠ” (U+16A0, 3 times); it prints as an empty box`.
 * Asked of the shaper that prints the book, not of the fonts' character maps: a face prints some characters it has
 * no glyph for, as punctuation it has (U+2011 as its hyphen, glyph-equivalents.ts) or as a space of the right width
 * (HarfBuzz's fallback for U+2008 PUNCTUATION SPACE).
 */
export function glyphWarnings(source: RulebookSource): string[] {
  const serif = faceShaper('serif');
  const sans = faceShaper('sans');
  const known = new Map<number, boolean>();
  const missing = new Map<number, { file: string; line: number; column: number; count: number }>();
  for (const file of source.files) {
    let line = 1;
    let column = 1;
    for (const ch of file.text) {
      const code = ch.codePointAt(0)!;
      if (code === 10) {
        line++;
        column = 1;
        continue;
      }
      if (code >= 0x20 && code < 0x7f) {
        column++;
        continue;
      }
      let ok = known.get(code);
      if (ok === undefined) {
        ok = IGNORED.test(ch) || (serif.prints(ch) && sans.prints(ch));
        known.set(code, ok);
      }
      if (!ok) {
        const seen = missing.get(code);
        if (seen) seen.count++;
        else missing.set(code, { file: file.path, line, column, count: 1 });
      }
      column += ch.length;
    }
  }
  return [...missing].map(([code, at]) => {
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    const times = at.count > 1 ? `, ${at.count} times` : '';
    return `${at.file}:${at.line}:${at.column}: the fonts have no glyph for “${String.fromCodePoint(code)}” (U+${hex}${times}); it prints as an empty box`;
  });
}
