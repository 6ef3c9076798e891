/** Rule and section numbers: where they are written and what they mean. */

/** A number found at the start of some text, with offsets relative to that text. */
export interface NumberMatch {
  /** Canonical key: "100.1a", "2.1", "4". */
  readonly key: string;
  readonly segments: readonly string[];
  readonly prefix: string | null;
  /** As written, from the prefix word to the trailing separator: "Chapter 4.", "100.1.", "2.1 -". */
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /** Where the rest of the text (the title or the rule's text) begins. */
  readonly restStart: number;
}

/**
 * "1.B.2", "14.A.5.b", "B1.A.1": an outline's numbers, whose parts after a dot may be one capital letter (USA
 * Ultimate's rules); a part in lower case only after a capital one, so "1.a" and "U.S." stay text. The first part
 * may carry an appendix's letter. Each letter part is one letter: "3.Then" is no number. Case-sensitive: used with
 * the `i` flag, check the match with isOutlineNumber.
 */
export const OUTLINE_NUMBER = String.raw`[A-Z]?\d+(?:\.\d+)*\.[A-Z](?:\.(?:\d+|[A-Za-z]))*(?![A-Za-z])`;
const OUTLINE_EXACT = new RegExp(`^${OUTLINE_NUMBER}$`);
/** Whether written number text is an outline's number ("1.B.2", "B1.A.1"), case as written. */
export function isOutlineNumber(text: string): boolean {
  return OUTLINE_EXACT.test(text);
}
/** "0001-0002.10": a first segment that joins two number spaces (rules for two modules together), before a dot. */
const FIRST = String.raw`\d+(?:-\d+(?=\.\d))?`;
const HEADING_NUMBER = new RegExp(
  String.raw`^(\s*)(?:(Chapter|Section|Part|Appendix|Article)\s+)?(${FIRST}(?:\.\d+)*[a-z]?)(\s*[.:\-–—]+(?=\s|$)|\.(?=\S)|(?=\s|$))\s*`,
  'i',
);
/** "## 9.B Restarting Play": an outline's number on a heading; its letters' case is checked apart (isOutlineNumber). */
const OUTLINE_HEADING_NUMBER = new RegExp(
  String.raw`^(\s*)(?:(Chapter|Section|Part|Appendix|Article)\s+)?(${OUTLINE_NUMBER})(\s*[.:\-–—]+(?=\s|$)|(?=\s|$))\s*`,
  'i',
);
/** "Article A: Officials": a lone capital letter is a number only after a word that says so. */
const LETTER_HEADING_NUMBER = /^(\s*)(Chapter|Section|Part|Appendix|Article)\s+([A-Z])(\s*[.:\-–—]+(?=\s|$)|(?=\s|$))\s*/i;
const RULE_NUMBER = new RegExp(String.raw`^(\s*)(${FIRST}(?:\.\d+)+[a-z]?|\d+[a-z]|${OUTLINE_NUMBER})(\.?)(?=\s|$)\s*`);
/** The same inside markup: "**0000.1.5**", "<mark>4.1.13". */
const RULE_NUMBER_IN_MARKUP = new RegExp(String.raw`^(\s*)(${FIRST}(?:\.\d+)+[a-z]?|\d+[a-z]|${OUTLINE_NUMBER})(\.?)(?=\s|$|\*|_|<\/)\s*`);
/** "1a)", "1e2)", "A1a4)": letters and digits taking turns, closed by a parenthesis (a nomic's or a league's rules). */
const ALTERNATING_NUMBER = /^(\s*)([A-Z]?\d{1,4}(?:[a-z]{1,2}\d{1,4})*[a-z]{0,2})(\))(?=\s|$)\s*/;
/** What may stand before a number and is not text: inline HTML tags ("<mark>", "<a name='x'/>") and bold or italic markers. */
const LEADING_MARKUP = /^(?:[ \t]*(?:<[A-Za-z][^<>\n]{0,200}>|\*\*|__|\*|_(?=\d)))+/;
/** What may close a bold or tagged number before its text: "**0000.1.5**", "4.1.13 -". */
const NUMBER_TAIL = /^(?:\*\*|__|\*|_|<\/[A-Za-z]+>)*[ \t]*(?:[-–—:][ \t]+)?/;

/** Splits "100.1a" into ["100", "1", "a"], "1.3.20" into ["1", "3", "20"], "a1e2" into ["a", "1", "e", "2"]. */
export function numberSegments(key: string): string[] {
  const segments: string[] = [];
  for (const part of key.split('.')) {
    if (part.includes('-') && /^\d+-\d+$/.test(part)) {
      segments.push(part);
      continue;
    }
    // Runs of digits and runs of letters take turns inside a part.
    for (const run of part.match(/\d+|[a-z]+/gi) ?? []) segments.push(run);
  }
  return segments;
}

/** Canonical key from written number text: strips a trailing dot, lowers a sub-rule letter. */
export function numberKey(text: string): string {
  return text.replace(/\.+$/, '').toLowerCase();
}

/**
 * A number as the book writes it, for people to read: "A4b" for `A4b)`, "1.B.2" for `1.B.2.`, "4" for `Chapter 4.`,
 * while its key is lower case ("a4b", "1.b.2"). The key when the text says something else (a local number, whose key
 * carries its list's scope; a number taken from the contents).
 */
export function writtenNumber(number: { readonly key: string; readonly text: string; readonly prefix: string | null }): string {
  const body = number.prefix ? number.text.replace(/^\s*\S+\s+/, '') : number.text;
  const written = body.replace(/[\s.:\-–—)]+$/, '');
  return written.toLowerCase() === number.key ? written : number.key;
}

/** How much inline markup (tags, emphasis markers) stands before a number: skipped when matching it. */
function markupBefore(text: string): number {
  return LEADING_MARKUP.exec(text)?.[0].length ?? 0;
}

/** The number a heading's text starts with ("Chapter 4. Alchemy", "2.1 - Character Skills", "Article A: Officials"), if any. */
export function matchHeadingNumber(text: string): NumberMatch | null {
  const skip = markupBefore(text);
  const found = skip > 0 ? matchHeadingNumberAt(text.slice(skip)) : matchHeadingNumberAt(text);
  return found && skip > 0 ? shift(found, skip) : found;
}

function shift(match: NumberMatch, by: number): NumberMatch {
  return { ...match, start: match.start + by, end: match.end + by, restStart: match.restStart + by };
}

function matchHeadingNumberAt(text: string): NumberMatch | null {
  const outline = OUTLINE_HEADING_NUMBER.exec(text);
  const m = (outline && isOutlineNumber(outline[3]) ? outline : null) ?? HEADING_NUMBER.exec(text) ?? LETTER_HEADING_NUMBER.exec(text);
  if (!m) return null;
  const [whole, lead, prefix, number] = m;
  const key = numberKey(number);
  const start = lead.length;
  const end = start + whole.slice(lead.length).trimEnd().length;
  // "Chapter 4" alone is a number with no title; a heading made only of a number ("2025") is still numbered.
  return {
    key,
    segments: numberSegments(key),
    prefix: prefix ? capitalise(prefix) : null,
    // Exactly as written, odd spacing included ("Chapter  4.", "2.1 -"): renumbering rewrites digits in place.
    text: text.slice(start, end),
    start,
    end,
    restStart: whole.length,
  };
}

/**
 * The rule number a paragraph or list item starts with ("1.3.2 Players…", "100.1a A two-player…", "1e2) The…",
 * "**0000.1.5** Each…", "<mark>4.1.13 - Throughout…"), if any.
 */
export function matchRuleNumber(text: string): NumberMatch | null {
  const skip = markupBefore(text);
  const rest = skip > 0 ? text.slice(skip) : text;
  const m = (skip > 0 ? RULE_NUMBER_IN_MARKUP : RULE_NUMBER).exec(rest) ?? ALTERNATING_NUMBER.exec(rest);
  if (!m) return null;
  const [whole, lead, number, close] = m;
  // What closes the number before its text: a bold marker or a tag, then a dash or colon ("4.1.5 - For every…").
  const tail = NUMBER_TAIL.exec(rest.slice(whole.length))![0].length;
  const key = numberKey(number);
  return {
    key,
    segments: numberSegments(key),
    prefix: null,
    text: number + close,
    start: skip + lead.length,
    end: skip + lead.length + number.length + close.length,
    restStart: skip + whole.length + tail,
  };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** Compares two numbers in reading order: 2.9 < 2.10, 100.1 < 100.1a < 100.1b < 100.2. */
export function compareNumbers(a: readonly string[], b: readonly string[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    const nx = Number(x);
    const ny = Number(y);
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
