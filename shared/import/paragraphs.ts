/**
 * Paragraph joining: text copied from a PDF breaks lines where the page ended, and hyphenates words at
 * the break. A line continues the one above when that one does not end a sentence and the next starts in
 * lower case, or when the line above ends with a hyphenated word part.
 */

export type Join = 'hyphen' | 'compound' | 'space' | null;

/** Word parts that make hyphenated compounds ("in-game", "self-defence"): their hyphen is kept when a line breaks after it. */
const COMPOUND_PREFIX = /\b(?:in|out|self|non|well|half|zero|one|two|three|four|five|left|right|long|short|full|part|pre|post|co|ex|semi|anti|multi|cross|off|on|over|under|high|low|hand|first|second|third)-$/i;

const ENDS_SENTENCE = /[.!?:;"”’)\]]$/;
const ENDS_OPEN = /(?:,|\b(?:and|or|the|a|an|of|to|in|on|for|with|by|at|as|is|are|be|that|which|their|his|her|its|from|not))$/i;

/** How `next` continues `previous`, or null when it starts a new paragraph. */
export function joinKind(previous: string, next: string): Join {
  const a = previous.trimEnd();
  const b = next.trimStart();
  if (!a || !b) return null;
  // "frac-" + "tion": a hyphen glued to a lower-case word part at the end of a line is a break inside a word.
  if (/[a-z]-$/.test(a) && !/\s-$/.test(a) && /^[a-z]/.test(b)) return COMPOUND_PREFIX.test(a) ? 'compound' : 'hyphen';
  if (ENDS_SENTENCE.test(a)) return null;
  if (/^[a-z(]/.test(b) || ENDS_OPEN.test(a)) return 'space';
  return null;
}

/** The two lines joined as one. */
export function joinLines(previous: string, next: string, kind: Exclude<Join, null>): string {
  const a = previous.trimEnd();
  const b = next.trimStart();
  if (kind === 'hyphen') return a.slice(0, -1) + b;
  return kind === 'compound' ? a + b : `${a} ${b}`;
}
