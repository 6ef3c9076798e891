/**
 * Splits a file's Markdown into chunks that parse independently, at lines where no block can continue
 * across (a heading at column 0, or a column-0 line after a blank line, outside fences and comments).
 * Chunks make an edit re-parse only its own chunk, and bound what one remark-parse call must survive.
 */
import type { Root } from 'mdast';

export interface Chunk {
  /** Offset of the chunk in the file body's text. */
  readonly offset: number;
  readonly text: string;
}

/** Below this size a chunk takes in the next block too: fewer parser calls, same boundaries after an edit. */
const TARGET_CHUNK = 2048;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HEADING = /^#{1,6}(?:[ \t]|$)/;

export function splitChunks(text: string): Chunk[] {
  const chunks: Chunk[] = [];
  let chunkStart = 0;
  let fence: string | null = null;
  let inComment = false;
  let previousBlank = true;
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, Math.min(lineEnd, lineStart + 200));
    const blank = /^[ \t\r]*$/.test(line) && (lineEnd - lineStart < 200 || /^[ \t\r]*$/.test(text.slice(lineStart, lineEnd)));
    if (fence === null && !inComment && lineStart - chunkStart >= TARGET_CHUNK) {
      const atColumnZero = line.length > 0 && line[0] !== ' ' && line[0] !== '\t' && !blank;
      if ((atColumnZero && previousBlank) || HEADING.test(line)) {
        chunks.push({ offset: chunkStart, text: text.slice(chunkStart, lineStart) });
        chunkStart = lineStart;
      }
    }
    if (fence !== null) {
      const close = FENCE.exec(line);
      if (close && close[1][0] === fence[0] && close[1].length >= fence.length && /^[ \t\r]*$/.test(line.slice(close[0].length))) fence = null;
    } else if (inComment) {
      if (text.slice(lineStart, lineEnd).includes('-->')) inComment = false;
    } else {
      const open = FENCE.exec(line);
      if (open) fence = open[1];
      else {
        const full = line.length < 200 ? line : text.slice(lineStart, lineEnd);
        const commentAt = full.indexOf('<!--');
        if (commentAt !== -1 && !full.includes('-->', commentAt + 4)) inComment = true;
      }
    }
    previousBlank = blank;
    lineStart = lineEnd + 1;
  }
  if (chunkStart < text.length || chunks.length === 0) chunks.push({ offset: chunkStart, text: text.slice(chunkStart) });
  return chunks;
}

export interface ChunkRisk {
  /** Deepest container nesting (blockquote markers and list levels) on any line, and where. */
  readonly depth: number;
  readonly depthAt: number;
  /** Emphasis delimiter runs (* and _) in the chunk. */
  readonly delimiterRuns: number;
  /** Square brackets, which open and close link labels. */
  readonly brackets: number;
}

/** Measures what makes remark-parse overflow its stack or slow down: deep nesting and many emphasis runs. */
export function measureRisk(text: string): ChunkRisk {
  let depth = 0;
  let depthAt = 0;
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const lineDepth = containerDepth(text, lineStart, lineEnd);
    if (lineDepth > depth) {
      depth = lineDepth;
      depthAt = lineStart;
    }
    lineStart = lineEnd + 1;
  }
  let delimiterRuns = 0;
  let brackets = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 91 /* [ */ || ch === 93 /* ] */) brackets++;
    else if (ch === 42 /* * */ || ch === 95 /* _ */) {
      delimiterRuns++;
      while (i + 1 < text.length && text.charCodeAt(i + 1) === ch) i++;
    }
  }
  return { depth, depthAt, delimiterRuns, brackets };
}

/** Container markers at the start of one line: each ">", each list marker, and every 2 columns of indent. */
function containerDepth(text: string, start: number, end: number): number {
  let depth = 0;
  let indent = 0;
  let i = start;
  const limit = Math.min(end, start + 4096);
  while (i < limit) {
    const ch = text[i];
    if (ch === ' ') indent++;
    else if (ch === '\t') indent += 4;
    else if (ch === '>') depth++;
    else if ((ch === '-' || ch === '*' || ch === '+') && (text[i + 1] === ' ' || text[i + 1] === '\t')) depth++;
    else if (ch >= '0' && ch <= '9') {
      let j = i;
      while (j < limit && text[j] >= '0' && text[j] <= '9') j++;
      if ((text[j] === '.' || text[j] === ')') && (text[j + 1] === ' ' || text[j + 1] === '\t')) {
        depth++;
        i = j + 1;
        continue;
      }
      break;
    } else break;
    i++;
  }
  return depth + Math.floor(indent / 2);
}

/** A block longer than this many lines is read in pieces: micromark slows down more than linearly on long blocks. */
export const MAX_BLOCK_LINES = 300;
/** A line longer than this is read as one plain paragraph, never given to micromark. */
export const MAX_LINE = 32 * 1024;

export interface Piece {
  readonly offset: number;
  readonly text: string;
  /** Read as plain text: a single over-long line. */
  readonly literal: boolean;
}

/** Cuts a chunk where a block runs over MAX_BLOCK_LINES lines, and isolates lines over MAX_LINE characters. */
export function boundedPieces(text: string): Piece[] {
  if (text.length <= MAX_LINE && countLines(text) <= MAX_BLOCK_LINES) return [{ offset: 0, text, literal: false }];
  const pieces: Piece[] = [];
  let pieceStart = 0;
  let blockLines = 0;
  let lineStart = 0;
  const cut = (at: number) => {
    if (at > pieceStart) pieces.push({ offset: pieceStart, text: text.slice(pieceStart, at), literal: false });
    pieceStart = at;
  };
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const next = Math.min(text.length, lineEnd + 1);
    if (lineEnd - lineStart > MAX_LINE) {
      cut(lineStart);
      pieces.push({ offset: lineStart, text: text.slice(lineStart, next), literal: true });
      pieceStart = next;
      blockLines = 0;
    } else if (/^[ \t\r]*$/.test(text.slice(lineStart, Math.min(lineEnd, lineStart + 64))) && lineEnd - lineStart < 64) {
      blockLines = 0;
    } else if (++blockLines > MAX_BLOCK_LINES) {
      cut(lineStart);
      blockLines = 1;
    }
    lineStart = next;
  }
  cut(text.length);
  return pieces;
}

function countLines(text: string): number {
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

/** An over-long line as the tree of one paragraph, without running the parser. */
export function literalParagraph(text: string): { root: Root; limited: null } {
  const end = text.endsWith('\n') ? text.length - 1 : text.length;
  const position = { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: end + 1, offset: end } };
  return { root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value: text.slice(0, end), position }], position }] }, limited: null };
}

/** Moves every offset in a tree by `by` (lines and columns are not read downstream of the parser). */
export function shiftOffsets(node: { position?: { start: { offset?: number }; end: { offset?: number } }; children?: unknown[] }, by: number): void {
  if (by === 0) return;
  if (node.position) {
    node.position = {
      ...node.position,
      start: { ...node.position.start, offset: (node.position.start.offset ?? 0) + by },
      end: { ...node.position.end, offset: (node.position.end.offset ?? 0) + by },
    };
  }
  if (node.children) for (const child of node.children) shiftOffsets(child as typeof node, by);
}
