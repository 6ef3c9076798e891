/**
 * Splits a file's Markdown into chunks that parse independently, at lines where no block can continue
 * across (a heading at column 0, or a column-0 line after a blank line, outside fences and comments).
 * Chunks make an edit re-parse only its own chunk, and bound what one remark-parse call must survive.
 */

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
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 42 /* * */ || ch === 95 /* _ */) {
      delimiterRuns++;
      while (i + 1 < text.length && text.charCodeAt(i + 1) === ch) i++;
    }
  }
  return { depth, depthAt, delimiterRuns };
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
