/**
 * LaTeX layout commands left in the text: `\newline`, `\newpage`, `\vspace{1em}`. Books converted from LaTeX with
 * Pandoc keep them, and Markdown prints them as written on GitHub, the website and the cards ("…without being
 * detected. \newline"). Only commands that lay out a page are looked for: they mean nothing in Markdown, so removing
 * them loses nothing. Read in text only: code, HTML and a hard break (`\` at a line's end) are not text nodes.
 */
import type { Nodes } from 'mdast';

export interface LatexCommandSpan {
  /** The command, its argument included, in the text that was parsed. */
  readonly start: number;
  readonly end: number;
  /** As written ("\newline", "\vspace{1em}"). */
  readonly written: string;
  /**
   * How many characters before and after the command go with it when it is removed: the spaces before it; at the start
   * of a line, the spaces after it; alone on its line, the whole line and its line break.
   */
  readonly removeBefore: number;
  readonly removeAfter: number;
}

/** Layout commands with no argument. */
const BARE = 'newline|newpage|clearpage|pagebreak|linebreak|noindent|hfill|vfill|bigskip|medskip|smallskip';
/** Spacing commands, with their one argument (`\vspace{2em}`, `\hspace*{1cm}`). */
const WITH_LENGTH = 'vspace|hspace';
const COMMAND = new RegExp(`\\\\(?:(${BARE})|(?:${WITH_LENGTH})\\*?\\{[^{}\\n]*\\})`, 'g');
/** The rest of a line that holds nothing else, its line break included; and spaces. Both read from a given offset. */
const REST_OF_LINE = /[ \t\r]*(?:\n|$)/y;
const SPACES = /[ \t]*/y;

/** The layout commands in the text of `node` (a block's inline content), in order. */
export function latexCommandsIn(node: Nodes, text: string, out: LatexCommandSpan[] = []): LatexCommandSpan[] {
  if (node.type === 'text' && node.position) {
    for (const at of commandsBetween(text, node.position.start.offset!, node.position.end.offset!)) out.push(withRemoval(text, at.start, at.end));
    return out;
  }
  if ('children' in node) for (const child of node.children as Nodes[]) latexCommandsIn(child, text, out);
  return out;
}

/** The commands written between `from` and `to`, a text node's source. */
function commandsBetween(text: string, from: number, to: number): Array<{ start: number; end: number }> {
  const found: Array<{ start: number; end: number }> = [];
  for (const m of text.slice(from, to).matchAll(COMMAND)) {
    const start = from + m.index;
    const end = start + m[0].length;
    // `\\newline` is an escaped backslash and the word "newline": Markdown prints "\newline", as the writer meant.
    if (escaped(text, start)) continue;
    // A letter after a bare name makes another word (`\newlines`); it is read in the whole text, past this node.
    if (m[1] !== undefined && /[A-Za-z]/.test(text[end] ?? '')) continue;
    found.push({ start, end });
  }
  return found;
}

/** Whether the character at `at` is escaped: an odd run of backslashes stands before it. */
function escaped(text: string, at: number): boolean {
  let backslashes = 0;
  while (text[at - 1 - backslashes] === '\\') backslashes++;
  return backslashes % 2 === 1;
}

/**
 * The command with what goes with it when removed: its whole line when nothing else is on it; else the spaces before
 * it, so that "detected. \newline" becomes "detected."; at the start of a line (after its indent, kept), the spaces
 * after it instead, so that "\noindent Text" becomes "Text".
 */
function withRemoval(text: string, start: number, end: number): LatexCommandSpan {
  const written = text.slice(start, end);
  let spacesBefore = 0;
  while (text[start - 1 - spacesBefore] === ' ' || text[start - 1 - spacesBefore] === '\t') spacesBefore++;
  const atLineStart = start - spacesBefore === 0 || text[start - 1 - spacesBefore] === '\n';
  if (!atLineStart) return { start, end, written, removeBefore: spacesBefore, removeAfter: 0 };
  const alone = matchAt(REST_OF_LINE, text, end);
  if (alone !== null) return { start, end, written, removeBefore: spacesBefore, removeAfter: alone };
  return { start, end, written, removeBefore: 0, removeAfter: matchAt(SPACES, text, end) ?? 0 };
}

/** The length of what a sticky pattern matches at `at`, null when it does not. */
function matchAt(pattern: RegExp, text: string, at: number): number | null {
  pattern.lastIndex = at;
  const m = pattern.exec(text);
  return m ? m[0].length : null;
}
