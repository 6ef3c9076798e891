/**
 * Punctuation a face has no glyph for, printed as the same mark under another code point. Text pasted from word
 * processors and web pages carries U+2011 NON-BREAKING HYPHEN ("Might‑leaning"), which Source Serif 4 lacks: it
 * prints as the face's hyphen. The equivalents are Unicode's compatibility mappings (NFKC), as maintained in the
 * runtime's ICU data, kept to one punctuation mark for one: U+2011 → U+2010, U+2024 ONE DOT LEADER → ".", the small,
 * vertical and fullwidth forms (U+FE63 → "-", U+FF0C → ","). Letters, digits, symbols and box drawing never change.
 */

/** What the substitution reads of a font (fontkit's font objects have both). */
export interface CharacterMap {
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): { readonly id: number };
}

const PUNCTUATION = /^\p{P}$/u;
const HYPHEN = 0x2010;
const HYPHEN_MINUS = 0x2d;
/** Plain ASCII, tab and newline: every face has it, nothing to look up. */
const ASCII_ONLY = /^[\t\n\x20-\x7e]*$/;

/**
 * The character a face without a glyph for `code` prints in its place, or null: none, or it has the glyph itself.
 * U+2010 HYPHEN is written as "-" when the face draws both with one glyph (ours do): a glyph has one text for copying
 * and searching, and "-" is the hyphen readers search with.
 */
export function equivalentIn(font: CharacterMap, code: number): number | null {
  if (font.hasGlyphForCodePoint(code)) return null;
  const char = String.fromCodePoint(code);
  // Raised and lowered brackets (⁽ ₎) map to plain ones, but a superscript is not the same mark.
  if (!PUNCTUATION.test(char) || (code >= 0x2070 && code <= 0x209f)) return null;
  const plain = char.normalize('NFKC');
  if (plain === char || !PUNCTUATION.test(plain)) return null;
  const other = plain.codePointAt(0)!;
  if (!font.hasGlyphForCodePoint(other)) return null;
  if (other === HYPHEN && font.hasGlyphForCodePoint(HYPHEN_MINUS) && font.glyphForCodePoint(HYPHEN_MINUS).id === font.glyphForCodePoint(HYPHEN).id) return HYPHEN_MINUS;
  return other;
}

/**
 * `text` as one face prints it: each character it has no glyph for but an equivalent of, replaced (one UTF-16 unit
 * for one, so positions in the text still hold). Remembers each character's answer; the text itself when nothing changes.
 */
export function equivalentsIn(font: CharacterMap): (text: string) => string {
  const known = new Map<number, number | null>();
  return (text) => {
    if (ASCII_ONLY.test(text)) return text;
    let out = '';
    let changed = false;
    for (const char of text) {
      const code = char.codePointAt(0)!;
      if (code < 0x7f) {
        out += char;
        continue;
      }
      let other = known.get(code);
      if (other === undefined) known.set(code, (other = equivalentIn(font, code)));
      if (other !== null && String.fromCodePoint(other).length === char.length) {
        out += String.fromCodePoint(other);
        changed = true;
      } else out += char;
    }
    return changed ? out : text;
  };
}
