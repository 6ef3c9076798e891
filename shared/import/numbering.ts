/**
 * Numbering: rule numbers at the start of a line ("1.3.2", "100.1a", "100.1."), numbered titles
 * ("Chapter 4.", "100. General", "2.1 - Character Skills"), and the numbering conventions a text follows
 * (sub-rule letters it never uses, Comprehensive-Rules-style hundreds sections).
 */

export interface RuleLineMatch {
  /** As written, with a trailing dot when there is one: "100.1.", "1.3.2", "100.1a". */
  readonly number: string;
  readonly rest: string;
}

export interface TitleLineMatch {
  readonly prefix: string | null;
  readonly number: string;
  /** The separator as written after the number ("." , " -", ":"), '' when none. */
  readonly separator: string;
  /** The title after the number; '' for "Chapter 1." alone on its line. */
  readonly title: string;
}

const RULE_LINE = /^\s*(\d+(?:\.\d+)+[a-z]?|\d+[a-z])(\.?)(?:\s+|$)(.*)$/;
const TITLE_LINE = /^\s*(?:(Chapter|Section|Part|Appendix)\s+)?(\d+(?:\.\d+)*)(\s*[.:\-–—]+)?(?:\s+(.*))?$/i;

/** "100.1a A two-player game…" → { number: "100.1a", rest: "A two-player game…" }. */
export function matchRuleLine(text: string): RuleLineMatch | null {
  const m = RULE_LINE.exec(text);
  if (!m) return null;
  return { number: m[1] + m[2], rest: m[3].trim() };
}

/** "Chapter 4. Alchemy", "100. General", "2.1 - Character Skills", "Chapter 1." → its parts. */
export function matchTitleLine(text: string): TitleLineMatch | null {
  const m = TITLE_LINE.exec(text);
  if (!m) return null;
  const [, prefix, number, separator, title] = m;
  // "3 players may…" is a sentence; a bare integer needs a prefix word or a separator to be a title number.
  if (!prefix && !number.includes('.') && !separator) return null;
  return { prefix: prefix ?? null, number, separator: separator?.trim() ?? '', title: (title ?? '').trim() };
}

/** The segments of a number: "100.1a" → ["100", "1", "a"]. */
export function segmentsOf(number: string): string[] {
  const out: string[] = [];
  for (const part of number.replace(/\.+$/, '').split('.')) {
    const m = /^(\d+)([a-z])$/i.exec(part);
    if (m) out.push(m[1], m[2].toLowerCase());
    else if (part) out.push(part);
  }
  return out;
}

/**
 * Letters the text never uses as sub-rule letters although later letters are used under the same
 * parent ("l" and "o" in the Comprehensive Rules). Only letters skipped everywhere count, and only when
 * the numbering is long enough for that to be a convention rather than chance.
 */
export function detectSkipLetters(numbers: readonly string[]): string[] {
  const used = new Set<string>();
  const skippedUnder = new Map<string, number>();
  const byParent = new Map<string, Set<string>>();
  for (const number of numbers) {
    const segments = segmentsOf(number);
    const last = segments[segments.length - 1];
    if (!last || !/^[a-z]$/.test(last)) continue;
    used.add(last);
    const parent = segments.slice(0, -1).join('.');
    if (!byParent.has(parent)) byParent.set(parent, new Set());
    byParent.get(parent)!.add(last);
  }
  for (const letters of byParent.values()) {
    const max = [...letters].sort().pop()!;
    for (let c = 'a'.charCodeAt(0); c < max.charCodeAt(0); c++) {
      const letter = String.fromCharCode(c);
      if (!letters.has(letter)) skippedUnder.set(letter, (skippedUnder.get(letter) ?? 0) + 1);
    }
  }
  return [...skippedUnder.entries()]
    .filter(([letter, count]) => !used.has(letter) && count >= 3)
    .map(([letter]) => letter)
    .sort();
}

/** Whether chapters N hold sections N00–N99: most three-digit section numbers start with their chapter's digit. */
export function detectHundredsSections(headings: readonly { readonly number: string; readonly chapter: string | null }[]): boolean {
  const sections = headings.filter((h) => /^\d{3}$/.test(h.number) && h.chapter !== null);
  if (sections.length < 3) return false;
  const matching = sections.filter((h) => h.number.charAt(0) === h.chapter);
  return matching.length >= sections.length * 0.9;
}
