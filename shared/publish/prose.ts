/**
 * Reads the prose between the model's headings, rules and skills (paragraphs, bullet lists, tables, code,
 * quotes) line by line into blocks; the words inside each block are read by the model's own parser
 * (phrasing.ts). The model keeps no mdast, and a second full Markdown parse of a large rulebook costs seconds:
 * the blocks are found in one linear pass with exact offsets, and only text that holds inline markup is parsed.
 */
import type { Run } from './inline.js';
import { inlineRuns } from './phrasing.js';
import { MAX_NESTING } from '../parse/markdown.js';

export type ProseBlock =
  | {
      readonly kind: 'paragraph';
      readonly runs: readonly Run[];
      readonly depth: number;
      readonly bullet: string | null;
      readonly quote: boolean;
      readonly start: number;
      /**
       * A paragraph that is one picture (`![alt](src)` on lines of its own): its source as written. The book prints
       * the picture; whatever cannot (cards, the quick reference, the website) prints its alt text, the runs.
       */
      readonly picture?: string;
    }
  | { readonly kind: 'table'; readonly header: readonly (readonly Run[])[]; readonly rows: readonly TableRow[]; readonly start: number }
  | { readonly kind: 'code'; readonly lines: readonly string[]; readonly start: number }
  | { readonly kind: 'heading'; readonly runs: readonly Run[]; readonly level: number; readonly start: number };

export interface TableRow {
  readonly cells: readonly (readonly Run[])[];
  /** Offset of the row's line in the file. */
  readonly start: number;
}

interface Line {
  readonly start: number;
  /** The line without its end of line. */
  readonly text: string;
}

const LIST_MARKER = /^(\s*)([-*+•]|\d{1,3}[.)])\s+/;
/** A paragraph that is one picture: `![alt](src)`, `![alt](<src with spaces>)`, `![alt](src "title")`. */
const PICTURE = /^!\[([^\]]*)\]\(\s*(<[^>\n]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)$/;
const TABLE_DELIMITER = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;

function splitLines(text: string, from: number, to: number): Line[] {
  const lines: Line[] = [];
  let at = from;
  while (at < to) {
    let end = text.indexOf('\n', at);
    if (end === -1 || end > to) end = to;
    let lineEnd = end;
    if (lineEnd > at && text[lineEnd - 1] === '\r') lineEnd--;
    lines.push({ start: at, text: text.slice(at, lineEnd) });
    at = end + 1;
  }
  return lines;
}

function leading(text: string): number {
  let n = 0;
  while (n < text.length && (text[n] === ' ' || text[n] === '\t')) n++;
  return n;
}

/** Splits a table line into cells with their offsets. */
function tableCells(line: Line): { text: string; start: number }[] {
  const cells: { text: string; start: number }[] = [];
  let body = line.text;
  let offset = line.start;
  const lead = leading(body);
  body = body.slice(lead);
  offset += lead;
  if (body.startsWith('|')) {
    body = body.slice(1);
    offset += 1;
  }
  let cellStart = 0;
  for (let i = 0; i <= body.length; i++) {
    if (i === body.length || (body[i] === '|' && body[i - 1] !== '\\')) {
      const raw = body.slice(cellStart, i);
      if (i === body.length && raw.trim() === '') break;
      const lead2 = leading(raw);
      cells.push({ text: raw.trim(), start: offset + cellStart + lead2 });
      cellStart = i + 1;
    }
  }
  return cells;
}

/**
 * A paragraph's lines read as one text, so emphasis or a link that wraps onto the next line closes
 * there: "*an italic sentence" / "that wraps*". What lies between the lines (the line end, indentation,
 * a quote's blanked marker) becomes spaces of the same length, so offsets stay exact for links.
 */
function joinLines(parts: ReadonlyArray<{ text: string; start: number }>): Run[] {
  const first = parts[0].start;
  let joined = '';
  for (const part of parts) {
    const at = part.start - first;
    joined += at > joined.length ? ' '.repeat(at - joined.length) : joined ? ' ' : '';
    joined += part.text;
  }
  return inlineRuns(joined, first);
}

/** A line that goes on with the quote above: another ">" line, or lazy text right under a quoted line of text. */
function isQuoteContinuation(line: string, previous: string): boolean {
  const content = line.trimStart();
  if (content.startsWith('>')) return true;
  const above = previous.trimStart().replace(/^>\s?/, '').trim();
  return content !== '' && above !== '' && !/^(#{1,6}\s|\||`{3}|~{3}|<!--)/.test(content) && !LIST_MARKER.test(line);
}

/** Text masked out of a region (a skill's name and cost, its prerequisite lines): read as if absent. */
export const MASK = '\u0000';

/**
 * Reads `text` into prose blocks; offsets in the result are `base` + the offset in `text`.
 * `depthBase` indents everything (a skill's notes). Lines made only of MASK characters are skipped
 * without ending the paragraph they stand in.
 */
export function readProse(text: string, base = 0, depthBase = 0, quoteDepth = 0): ProseBlock[] {
  const lines = splitLines(text, 0, text.length).map((l) => ({ start: l.start + base, text: l.text }));
  const blocks: ProseBlock[] = [];
  let open: { parts: Array<{ text: string; start: number }>; depth: number; bullet: string | null; quote: boolean; start: number } | null = null;
  const indents: number[] = [];
  const close = () => {
    if (open && open.parts.length) {
      const { parts, ...rest } = open;
      const picture = rest.bullet === null ? PICTURE.exec(parts.map((part) => part.text).join(' ').trim()) : null;
      if (picture) blocks.push({ kind: 'paragraph', ...rest, runs: inlineRuns(picture[1], parts[0].start + parts[0].text.indexOf('[') + 1), picture: picture[2] });
      else blocks.push({ kind: 'paragraph', ...rest, runs: joinLines(parts) });
    }
    open = null;
  };
  const append = (target: { parts: Array<{ text: string; start: number }> }, line: string, start: number) => {
    // A hard line break (two spaces or a backslash at the end) and a soft one both read as a space:
    // rulebooks copied from PDFs break lines anywhere.
    target.parts.push({ text: line.replace(/\s+$/, '').replace(/(?<!\\)\\$/, ''), start });
  };
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    if (line.text.includes(MASK)) {
      const unmasked = line.text.replace(/\u0000+/g, (m) => ' '.repeat(m.length));
      if (unmasked.trim() === '') continue;
      line = { start: line.start, text: unmasked };
    }
    const lead = leading(line.text);
    const content = line.text.slice(lead);
    if (content === '') {
      close();
      continue;
    }
    if (content.startsWith('<!--')) {
      close();
      while (i < lines.length && !lines[i].text.includes('-->')) i++;
      continue;
    }
    const fence = /^(`{3,}|~{3,})/.exec(content);
    if (fence) {
      close();
      const start = line.start;
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].text.trim().startsWith(fence[1])) body.push(lines[i++].text);
      blocks.push({ kind: 'code', lines: body, start });
      continue;
    }
    if (content.startsWith('|') && i + 1 < lines.length && TABLE_DELIMITER.test(lines[i + 1].text) && lines[i + 1].text.includes('-')) {
      close();
      const header = tableCells(line).map((c) => inlineRuns(c.text, c.start));
      const rows: TableRow[] = [];
      i += 2;
      while (i < lines.length && lines[i].text.trim().startsWith('|')) {
        rows.push({ cells: tableCells(lines[i]).map((c) => inlineRuns(c.text, c.start)), start: lines[i].start });
        i++;
      }
      i--;
      blocks.push({ kind: 'table', header, rows, start: line.start });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(content);
    if (heading && lead < 4) {
      close();
      blocks.push({ kind: 'heading', level: heading[1].length, runs: inlineRuns(heading[2], line.start + lead + heading[1].length + 1), start: line.start });
      continue;
    }
    const marker = LIST_MARKER.exec(line.text);
    if (marker && !/^\*\S/.test(content)) {
      close();
      while (indents.length && indents[indents.length - 1] >= lead && indents[indents.length - 1] !== lead) indents.pop();
      if (!indents.length || indents[indents.length - 1] < lead) indents.push(lead);
      const depth = depthBase + indents.indexOf(lead);
      const bullet = /\d/.test(marker[2]) ? marker[2].replace(')', '.') : '•';
      open = { parts: [], depth, bullet, quote: false, start: line.start };
      append(open, line.text.slice(marker[0].length), line.start + marker[0].length);
      continue;
    }
    if (content.startsWith('>')) {
      // A quote (an Ars Magica sidebar) holds whole blocks: paragraphs split by bare ">" lines, lists, tables.
      // Its markers become spaces of the same length, so the inner text reads with exact offsets.
      close();
      const first = i;
      while (i + 1 < lines.length && isQuoteContinuation(lines[i + 1].text, lines[i].text)) i++;
      const from = lines[first].start - base;
      const inner = text.slice(from, lines[i].start - base + lines[i].text.length);
      let unquoted = '';
      let at = 0;
      for (let k = first; k <= i; k++) {
        const offset = lines[k].start - base - from;
        // Past MAX_NESTING quotes inside quotes, the rest are read as one: a line of 8,000 ">" must not exhaust the stack.
        // Masked text before a marker (a rule's number in `2) > …`) stands where spaces would.
        const marker = (quoteDepth < MAX_NESTING ? /^[\s\u0000]*>\s?/ : /^(?:[\s\u0000]*>\s?)+/).exec(lines[k].text);
        unquoted += inner.slice(at, offset) + (marker ? ' '.repeat(marker[0].length) : '') + lines[k].text.slice(marker ? marker[0].length : 0);
        at = offset + lines[k].text.length;
      }
      unquoted += inner.slice(at);
      // Each level must take a marker away, or reading it again would never end: with none taken, the lines are text.
      if (unquoted !== inner) {
        for (const block of readProse(unquoted, lines[first].start, depthBase, quoteDepth + 1)) blocks.push(block.kind === 'paragraph' ? { ...block, quote: true } : block);
        continue;
      }
      i = first;
    }
    if (open && !(i > 0 && lines[i - 1].text.trim() === '')) {
      append(open, content, line.start + lead);
      continue;
    }
    close();
    // A paragraph after a blank line inside a list item keeps the item's indent.
    let depth = depthBase;
    if (lead > 0 && indents.length) {
      const inner = indents.filter((n) => n < lead).length;
      depth = depthBase + Math.max(0, inner - 1) + (inner > 0 ? 1 : 0);
    } else indents.length = 0;
    open = { parts: [], depth, bullet: null, quote: false, start: line.start };
    append(open, content, line.start + lead);
  }
  close();
  return blocks;
}
