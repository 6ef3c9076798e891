/**
 * A file's body as line statistics see it: front matter left out, fenced code marked, `\r` dropped. Inference and
 * the unread check read lines, not the Markdown tree, so that they can see what the parser did not make into anything.
 */
import { splitFrontMatter } from '../parse/config.js';

export interface BodyLine {
  /** 1-based line number in the file. */
  readonly line: number;
  /** 0-based offset of the line's first character in the file. */
  readonly offset: number;
  /** The line without its line ending. */
  readonly text: string;
  /** Inside a fenced code block (the fences included): never a field, a rule or a heading. */
  readonly code: boolean;
}

const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/** Where the body starts: after the front matter when there is one. */
export function bodyStart(text: string): { offset: number; line: number } {
  const front = splitFrontMatter(text);
  if (!front) return { offset: 0, line: 1 };
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < front.bodyOffset; i = text.indexOf('\n', i + 1)) line++;
  return { offset: front.bodyOffset, line };
}

/** Where a walk over lines starts: an offset at a line start, that line's number, and the code fence open there. */
export interface LineWalkStart {
  readonly offset: number;
  readonly line: number;
  /** The fence of the code block the walk starts inside, or null outside fenced code. */
  readonly fence: string | null;
}

/**
 * Calls `visit` for every line of `text` from `start` on, in order, fenced code marked. Returns the fence still open
 * after the last line (null when none is), so that a walk over one piece of a file can hand it to the next piece.
 * One pass, no copies of the text beyond each line.
 */
export function forEachLine(text: string, start: LineWalkStart, visit: (line: BodyLine) => void): string | null {
  let offset = start.offset;
  let line = start.line;
  let fence = start.fence;
  while (offset <= text.length) {
    const end = text.indexOf('\n', offset);
    const stop = end === -1 ? text.length : end;
    const raw = text.charCodeAt(stop - 1) === 13 ? text.slice(offset, stop - 1) : text.slice(offset, stop);
    let code = fence !== null;
    const open = raw.length >= 3 ? FENCE.exec(raw) : null;
    if (open) {
      if (fence === null) {
        fence = open[1];
        code = true;
      } else if (open[1][0] === fence[0] && open[1].length >= fence.length && raw.trim() === open[1]) fence = null;
    }
    visit({ line, offset, text: raw, code });
    if (end === -1) break;
    offset = end + 1;
    line++;
  }
  return fence;
}

/** Calls `visit` for every body line, in order. */
export function forEachBodyLine(text: string, visit: (line: BodyLine) => void): void {
  forEachLine(text, { ...bodyStart(text), fence: null }, visit);
}

/** Every body line, as an array (inference looks ahead; the unread check does not need to). */
export function bodyLines(text: string): BodyLine[] {
  const out: BodyLine[] = [];
  forEachBodyLine(text, (l) => out.push(l));
  return out;
}

/** `## Title` → level and text; null for any other line. */
export function headingOf(text: string): { depth: number; title: string } | null {
  const m = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/.exec(text);
  if (!m) return null;
  // A closing run of #s is no part of the title ("## Magic ##"), but a # glued to a word is ("Ambidextrous#").
  const title = (m[2] ?? '').replace(/[ \t]+#+$/, '').trim();
  return { depth: m[1].length, title };
}

/** A GitHub table's delimiter row: `| --- | :---: |`. */
export function isTableDelimiter(text: string): boolean {
  return /^[ \t]*\|?[ \t]*:?-{1,}:?[ \t]*(?:\|[ \t]*:?-{1,}:?[ \t]*)*\|?[ \t]*$/.test(text) && text.includes('-') && (text.includes('|') || /-{3,}/.test(text));
}

/** The cells of a table row, trimmed, without the outer pipes; `\|` stays inside its cell. */
export function tableCells(text: string): string[] {
  const inner = text.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((c) => c.trim());
}

/**
 * A name as a marshal reads it: Markdown links to their text, emphasis, HTML anchors, `{#id}` and a trailing cost
 * in parentheses taken off, numbers in front taken off. "## 3.2 **Alchemy** (4 SP)" → "Alchemy".
 */
export function plainName(text: string): string {
  return text
    .replace(/<a\b[^>]*>(?:<\/a>)?/gi, '')
    .replace(/<[^>]+>/g, '')
    .replace(/\{#[^}]*\}/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    // A number ends where its word does: "2a. Other" is numbered, "1st Level Spells" is not.
    .replace(/^\s*(?:(?:chapter|section|part|appendix|article)\s+)?\d+(?:[.-]\d+)*[a-z]?(?![\p{L}\p{N}])[.):]?\s*[-–—:]?\s*/iu, '')
    .replace(/\s*\([^()]*\)\s*$/, '')
    .replace(/[#*]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}
