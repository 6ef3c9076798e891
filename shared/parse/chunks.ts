/**
 * Splits a file's Markdown into chunks that parse independently, at lines where no block can continue
 * across (a heading at column 0, or a column-0 line after a blank line, outside fences and comments), and where
 * nothing before introduces what follows (a line ending in a colon, a bold label).
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
/**
 * A line that ends in a colon, or is one bold label, introduces what follows it across a blank line: "**Tier 1
 * Abilities (5 CP each):**" over its list prices the list's entries. No cut after one (a heading still cuts), so that
 * what it introduces is read with it, in a whole chunk and in a part of one read again.
 */
const INTRODUCES = /:(?:\*\*|__)?[ \t\r]*$|^[ \t]*\*\*[^*\n]+\*\*[ \t\r]*$/;

export function splitChunks(text: string): Chunk[] {
  const chunks: Chunk[] = [];
  scanChunks(text, 0, true, chunks, null);
  return chunks;
}

/**
 * Splits `text` from `start`, a chunk boundary (outside fences and comments) whose previous line was blank or
 * not, into `chunks`. `stop` is asked at each new boundary whether the rest is known already: then the chunk
 * starting there is not read, and its offset is returned (-1 when the scan ran to the end).
 */
function scanChunks(text: string, start: number, blankBefore: boolean, chunks: Chunk[], stop: ((boundary: number, previousBlank: boolean) => boolean) | null, target = TARGET_CHUNK): number {
  let chunkStart = start;
  let fence: string | null = null;
  let inComment = false;
  let previousBlank = blankBefore;
  // Whether the last line with text introduces what follows. False at a boundary, since none is cut after one.
  let introduced = false;
  let lineStart = start;
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const line = text.slice(lineStart, Math.min(lineEnd, lineStart + 200));
    const blank = /^[ \t\r]*$/.test(line) && (lineEnd - lineStart < 200 || /^[ \t\r]*$/.test(text.slice(lineStart, lineEnd)));
    if (fence === null && !inComment && lineStart - chunkStart >= target) {
      const atColumnZero = line.length > 0 && line[0] !== ' ' && line[0] !== '\t' && !blank;
      if ((atColumnZero && previousBlank && !introduced) || HEADING.test(line)) {
        chunks.push({ offset: chunkStart, text: text.slice(chunkStart, lineStart) });
        chunkStart = lineStart;
        if (stop?.(lineStart, previousBlank)) return lineStart;
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
    if (!blank) introduced = INTRODUCES.test(line.length < 200 ? line : text.slice(lineStart, lineEnd));
    lineStart = lineEnd + 1;
  }
  if (chunkStart < text.length || chunks.length === 0) chunks.push({ offset: chunkStart, text: text.slice(chunkStart) });
  return -1;
}

/**
 * Every place after the start where splitChunks could cut `text` if chunks had no minimum size, in order: the blocks
 * on either side read alone as they read together.
 */
export function blockBoundaries(text: string): number[] {
  const boundaries: number[] = [];
  scanChunks(text, 0, true, [], (boundary) => {
    boundaries.push(boundary);
    return false;
  }, 0);
  return boundaries;
}

/** Whether the last line with text before `offset` (a line start) introduces what follows it (INTRODUCES). */
export function introducedAt(text: string, offset: number): boolean {
  let end = offset;
  while (end > 0 && /\s/.test(text[end - 1])) end--;
  return end > 0 && INTRODUCES.test(text.slice(text.lastIndexOf('\n', end - 1) + 1, end));
}

/** Whether the line that ends just before `offset` (a line start) is blank, as the scan judges it; true at the start. */
function blankBefore(text: string, offset: number): boolean {
  if (offset === 0) return true;
  const start = text.lastIndexOf('\n', offset - 2) + 1;
  return /^[ \t\r]*$/.test(text.slice(start, offset - 1));
}

/** How a text differs from an earlier one: the same first `prefix` and last `suffix` characters (never overlapping). */
export interface TextChange {
  readonly prefix: number;
  readonly suffix: number;
}

/**
 * The common prefix and suffix of two texts, compared a chunk of the earlier text at a time (a string comparison
 * each, as fast as memory), then a character at a time inside the chunk that differs.
 */
export function textChange(before: string, chunks: readonly Chunk[], after: string): TextChange {
  const limit = Math.min(before.length, after.length);
  const end = (c: number) => (c < chunks.length ? chunks[c].offset : before.length);
  // Runs of chunks are compared at once, then the chunks of the run that differs one by one.
  let i = 0;
  for (let step = RUN; step >= 1; step = step === 1 ? 0 : 1) {
    while (i + step <= chunks.length && end(i + step) <= limit && after.slice(end(i), end(i + step)) === before.slice(end(i), end(i + step))) i += step;
  }
  let prefix = end(i);
  while (prefix < limit && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  const delta = after.length - before.length;
  // From the end: chunk k and those after it are the same, moved by delta, while they lie after the prefix in both.
  let k = chunks.length;
  const fits = (c: number) => c >= 0 && chunks[c].offset >= prefix && chunks[c].offset + delta >= prefix;
  for (let step = RUN; step >= 1; step = step === 1 ? 0 : 1) {
    while (fits(k - step) && after.slice(chunks[k - step].offset + delta, end(k) + delta) === before.slice(chunks[k - step].offset, end(k))) k -= step;
  }
  let suffix = k < chunks.length ? before.length - chunks[k].offset : 0;
  while (suffix < limit - prefix && before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)) suffix++;
  return { prefix, suffix };
}

/** How many chunks textChange compares at once before it compares them one by one. */
const RUN = 16;

/** The chunks of a text after an edit, from the earlier text's: which are the same, which are new. */
export interface Rechunked {
  readonly chunks: readonly Chunk[];
  /** Chunks before this index are the earlier ones, at the same offsets. */
  readonly same: number;
  /** Chunks from this index on are the earlier ones from `earlierTail` on, moved by the edit's length. */
  readonly tail: number;
  readonly earlierTail: number;
}

/**
 * Splits a text again after an edit, starting at the last boundary the edit cannot have moved and stopping at
 * the first boundary after it where the earlier split stood too, in the same state: the chunks after that are
 * the earlier ones, moved. The result is what splitChunks(after) gives.
 */
export function rechunk(before: string, earlier: readonly Chunk[], after: string, change: TextChange): Rechunked {
  const delta = after.length - before.length;
  // Boundaries at lines that end before the first changed character are decided by unchanged text.
  const lineStart = change.prefix === 0 ? 0 : after.lastIndexOf('\n', change.prefix - 1) + 1;
  let same = 0;
  while (same + 1 < earlier.length && earlier[same + 1].offset < lineStart) same++;
  if (earlier.length === 0 || earlier[same].offset >= lineStart) same = 0;
  const start = earlier.length === 0 ? 0 : earlier[same].offset;
  const chunks: Chunk[] = earlier.slice(0, same);
  const unchangedFrom = after.length - change.suffix;
  let next = same;
  const stop = (boundary: number, previousBlank: boolean): boolean => {
    if (boundary < unchangedFrom) return false;
    const old = boundary - delta;
    while (next < earlier.length && earlier[next].offset < old) next++;
    return next < earlier.length && earlier[next].offset === old && blankBefore(before, old) === previousBlank;
  };
  const stopped = scanChunks(after, start, blankBefore(after, start), chunks, stop);
  // The scan starts before the changed line: its first chunks may be the earlier ones still.
  while (same < chunks.length && same < earlier.length && chunks[same].offset === earlier[same].offset && chunks[same].text === earlier[same].text) {
    chunks[same] = earlier[same];
    same++;
  }
  // New chunks' texts are copied out of the whole text, so that what is read from them keeps only them alive.
  for (let i = same; i < chunks.length; i++) chunks[i] = { offset: chunks[i].offset, text: detach(chunks[i].text) };
  if (stopped === -1) return { chunks, same: Math.min(same, earlier.length), tail: chunks.length, earlierTail: earlier.length };
  const tail = chunks.length;
  for (let i = next; i < earlier.length; i++) chunks.push(delta === 0 ? earlier[i] : { offset: earlier[i].offset + delta, text: earlier[i].text });
  return { chunks, same, tail, earlierTail: next };
}

/** A copy of a substring that does not keep the string it was cut from alive (V8 slices share their parent). */
function detach(text: string): string {
  return text.length < 16 ? text : (text + ' ').slice(0, -1);
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
  // A line of spaces and nothing else opens no block (the d20 Modern SRD has lines of 140 spaces between paragraphs):
  // its indent nests nothing.
  if (i === end || (text[i] === '\r' && i + 1 === end)) return depth;
  return depth + Math.floor(indent / 2);
}

/**
 * A block longer than this many lines is read in pieces: micromark slows down more than linearly on long blocks (a
 * nested list of 10,000 lines takes three times as long per line as one of 1,000, of 30,000 eight times).
 */
export const MAX_BLOCK_LINES = 300;
/** A line that opens with an HTML tag, as the rows of a table written in HTML do. */
const TAG_LINE = /^[ \t]{0,3}<\/?[A-Za-z][A-Za-z0-9-]*[\s/>]/;
/** A line longer than this is read as one plain paragraph, never given to micromark. */
export const MAX_LINE = 32 * 1024;

export interface Piece {
  readonly offset: number;
  readonly text: string;
  /** Read as plain text: a single over-long line. */
  readonly literal: boolean;
  /**
   * Cut off a long block at a line that opens a list item: when the piece before ends inside list items, this one
   * is read behind lines that open them again, and so reads as it would in the whole text (see list-pieces.ts).
   */
  readonly continues: boolean;
}

/**
 * A line that opens a list item with words in it: where a long block is cut when one stands in the second half of
 * the piece. Its words rule out a thematic break, a setext underline and a table's delimiter row. A bullet is
 * preferred: it always interrupts a paragraph, while a number other than 1 does so only after an item of its list.
 */
const ITEM_LINE = /^[ \t]*(?:([-*+])|\d{1,9}[.)])[ \t]+[^\n]*?[\p{L}\p{N}]/u;

/**
 * Cuts a chunk where a block runs over MAX_BLOCK_LINES lines, and isolates lines over MAX_LINE characters. A long
 * block is cut before the last line in the piece's second half that opens a list item (a bullet item if there is
 * one), else one that opens with an HTML tag, else after its MAX_BLOCK_LINES-th line. Where the cut falls depends on
 * the text alone.
 */
export function boundedPieces(text: string): Piece[] {
  if (text.length <= MAX_LINE && countLines(text) <= MAX_BLOCK_LINES) return [{ offset: 0, text, literal: false, continues: false }];
  const pieces: Piece[] = [];
  let pieceStart = 0;
  let continues = false;
  let blockLines = 0;
  // The last lines of the block that open a bullet item and any item, and their counts in blockLines.
  let bulletAt = -1;
  let bulletLines = 0;
  let itemAt = -1;
  let itemLines = 0;
  // And the last that opens with an HTML tag (`<tr class="odd">`): cut there, both sides of an HTML block read as HTML.
  let tagAt = -1;
  let tagLines = 0;
  let lineStart = 0;
  const cut = (at: number, next: boolean) => {
    if (at > pieceStart) pieces.push({ offset: pieceStart, text: text.slice(pieceStart, at), literal: false, continues });
    pieceStart = at;
    continues = next;
  };
  while (lineStart < text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const next = Math.min(text.length, lineEnd + 1);
    if (lineEnd - lineStart > MAX_LINE) {
      cut(lineStart, false);
      pieces.push({ offset: lineStart, text: text.slice(lineStart, next), literal: true, continues: false });
      pieceStart = next;
      blockLines = 0;
      itemAt = -1;
      bulletAt = -1;
    } else if (/^[ \t\r]*$/.test(text.slice(lineStart, Math.min(lineEnd, lineStart + 64))) && lineEnd - lineStart < 64) {
      blockLines = 0;
      itemAt = -1;
      bulletAt = -1;
      tagAt = -1;
    } else {
      blockLines++;
      const head = text.slice(lineStart, Math.min(lineEnd, lineStart + 200));
      const item = ITEM_LINE.exec(head);
      if (item) {
        itemAt = lineStart;
        itemLines = blockLines;
        if (item[1]) {
          bulletAt = lineStart;
          bulletLines = blockLines;
        }
      } else if (TAG_LINE.test(head)) {
        tagAt = lineStart;
        tagLines = blockLines;
      }
      if (blockLines > MAX_BLOCK_LINES) {
        const bullet = bulletAt > pieceStart && bulletLines > MAX_BLOCK_LINES / 2;
        if (bullet || (itemAt > pieceStart && itemLines > MAX_BLOCK_LINES / 2)) {
          cut(bullet ? bulletAt : itemAt, true);
          blockLines -= (bullet ? bulletLines : itemLines) - 1;
        } else if (tagAt > pieceStart && tagLines > MAX_BLOCK_LINES / 2) {
          cut(tagAt, false);
          blockLines -= tagLines - 1;
        } else {
          cut(lineStart, false);
          blockLines = 1;
        }
        itemAt = -1;
        bulletAt = -1;
        tagAt = -1;
      }
    }
    lineStart = next;
  }
  cut(text.length, false);
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
