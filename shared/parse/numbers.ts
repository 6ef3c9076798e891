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

const HEADING_NUMBER =
  /^(\s*)(?:(Chapter|Section|Part|Appendix)\s+)?(\d+(?:\.\d+)*[a-z]?)(\s*[.:\-–—]+(?=\s|$)|\.(?=\S)|(?=\s|$))\s*/i;
const RULE_NUMBER = /^(\s*)(\d+(?:\.\d+)+[a-z]?|\d+[a-z])(\.?)(?=\s|$)\s*/;

/** Splits "100.1a" into ["100", "1", "a"], "1.3.20" into ["1", "3", "20"]. */
export function numberSegments(key: string): string[] {
  const segments: string[] = [];
  for (const part of key.split('.')) {
    const letter = /^(\d+)([a-z])$/.exec(part);
    if (letter) segments.push(letter[1], letter[2]);
    else if (part) segments.push(part);
  }
  return segments;
}

/** Canonical key from written number text: strips a trailing dot, lowers a sub-rule letter. */
export function numberKey(text: string): string {
  return text.replace(/\.+$/, '').toLowerCase();
}

/** The number a heading's text starts with ("Chapter 4. Alchemy", "2.1 - Character Skills"), if any. */
export function matchHeadingNumber(text: string): NumberMatch | null {
  const m = HEADING_NUMBER.exec(text);
  if (!m) return null;
  const [whole, lead, prefix, number, separator] = m;
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

/** The rule number a paragraph starts with ("1.3.2 Players…", "100.1a A two-player…"), if any. */
export function matchRuleNumber(text: string): NumberMatch | null {
  const m = RULE_NUMBER.exec(text);
  if (!m) return null;
  const [whole, lead, number, dot] = m;
  const key = numberKey(number);
  return {
    key,
    segments: numberSegments(key),
    prefix: null,
    text: number + dot,
    start: lead.length,
    end: lead.length + number.length + dot.length,
    restStart: whole.length,
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
