/** Finds characters the embedded fonts cannot print, and names the first place each is written. */
import type { RulebookSource } from '../../shared/model/types.js';
import { thousands } from '../../shared/model/plural.js';
import { faceShaper } from './fonts.js';

/** Characters that never print (controls, joiners) or that the layout replaces: not worth a warning. */
const IGNORED = /[\u0000-\u001f\u007f\u200b-\u200f\u2028\u2029\ufeff\ufe0e\ufe0f]/u;

/**
 * One warning per character the text face or the heading face prints as an empty box, naming where it first
 * occurs ("funjerai.md:12:5"), e.g. `funjerai.md:12:5: the fonts have no glyph for “ᚠ” (U+16A0, 3 times); it prints as an empty box`.
 * Many characters of one script (a book in Chinese) are said in one line for the script.
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
  // A script the fonts lack altogether (a book in Chinese) would warn once per character, a thousand lines: one line
  // says it of the whole script, where it is first written.
  const byScript = new Map<string, number[]>();
  for (const code of missing.keys()) {
    const script = SCRIPTS.find(([, pattern]) => pattern.test(String.fromCodePoint(code)))?.[0];
    if (!script) continue;
    const codes = byScript.get(script);
    if (codes) codes.push(code);
    else byScript.set(script, [code]);
  }
  const grouped = new Set<number>();
  const lines: string[] = [];
  for (const [script, codes] of byScript) {
    if (codes.length <= SCRIPT_AT) continue;
    for (const code of codes) grouped.add(code);
    const at = missing.get(codes[0])!;
    const uses = codes.reduce((n, code) => n + missing.get(code)!.count, 0);
    lines.push(`${at.file}:${at.line}:${at.column}: the fonts have no glyphs for the ${script} script (${thousands(codes.length)} characters, written ${thousands(uses)} times); its text prints as empty boxes`);
  }
  for (const [code, at] of missing) {
    if (grouped.has(code)) continue;
    const hex = code.toString(16).toUpperCase().padStart(4, '0');
    const times = at.count > 1 ? `, ${at.count} times` : '';
    lines.push(`${at.file}:${at.line}:${at.column}: the fonts have no glyph for “${String.fromCodePoint(code)}” (U+${hex}${times}); it prints as an empty box`);
  }
  return lines;
}

/** More missing characters of one script than this are said in one line for the script. */
const SCRIPT_AT = 5;
/** Scripts a book may be written in whose characters the embedded fonts have none of, by their Unicode names. */
const SCRIPTS: readonly (readonly [string, RegExp])[] = [
  ['Han', /\p{Script_Extensions=Han}/u],
  ['Hiragana', /\p{Script_Extensions=Hiragana}/u],
  ['Katakana', /\p{Script_Extensions=Katakana}/u],
  ['Hangul', /\p{Script_Extensions=Hangul}/u],
  ['Arabic', /\p{Script_Extensions=Arabic}/u],
  ['Hebrew', /\p{Script_Extensions=Hebrew}/u],
  ['Devanagari', /\p{Script_Extensions=Devanagari}/u],
  ['Thai', /\p{Script_Extensions=Thai}/u],
  ['Bengali', /\p{Script_Extensions=Bengali}/u],
  ['Tamil', /\p{Script_Extensions=Tamil}/u],
];
