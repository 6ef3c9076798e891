/**
 * Bold that Markdown reads as text: `**Description:**Text`, `**Common Skill **(Ride)`. A closing `**` after punctuation
 * needs a space or punctuation after it, and no space may stand just inside either marker; otherwise both asterisk
 * pairs are printed as they are written. Books converted from word processors carry thousands of these.
 */
import type { Nodes } from 'mdast';
import { parseMarkdown } from './markdown.js';

export interface LiteralBoldSpan {
  /** From the opening marker to the end of the closing one, in the text that was parsed. */
  readonly start: number;
  readonly end: number;
  /** The pair as written ("**Description:**"). */
  readonly written: string;
  /** The same words spaced so that Markdown reads them as bold ("**Description:** Text"); null when no spacing does. */
  readonly bold: string | null;
}

/** Two asterisks, no more: one or three and more are footnote marks (`Long Sword**`, `Halberd***`) or other emphasis. */
const MARKER = /\*\*/g;
/**
 * Pairs reported in one block at the most, each checked by reading its neighbourhood again: a block that is mostly stray
 * asterisks (`**a _b *c` a thousand times) is one mistake to look at, and reading it whole once per pair would take minutes.
 */
const MAX_PAIRS_PER_BLOCK = 50;
/** How far on either side of a pair its fix is read again: emphasis pairs up within a sentence or two. */
const CHECK_REACH = 300;
const WORD = /[\p{L}\p{N}]/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;

/**
 * The literal `**` pairs among the text of `node` (a block's inline content). Markers pair in order within one line of
 * one parent: a lone one, or one whose partner is on another line, is a footnote's mark, not failed bold.
 */
export function literalBoldIn(node: Nodes, text: string): LiteralBoldSpan[] {
  return literalPairs(node, text).slice(0, MAX_PAIRS_PER_BLOCK).map(({ open, close, tangled }) => ({
    start: open,
    end: close + 2,
    written: text.slice(open, close + 2),
    bold: tangled ? null : respaced(text, open, close),
  }));
}

interface Pair {
  readonly open: number;
  readonly close: number;
  /** Bold or emphasis Markdown did read stands between the markers (`**a:**b**c:**d`): no respacing of the pair alone mends it. */
  readonly tangled: boolean;
}

/** The literal pairs of `node` and its descendants. */
function literalPairs(node: Nodes, text: string, out: Pair[] = []): Pair[] {
  if (!('children' in node)) return out;
  const markers: Array<{ at: number; afterEmphasis: boolean }> = [];
  let emphasis = false;
  for (const child of node.children as Nodes[]) {
    if (child.type === 'text' && child.position) {
      for (const at of markersIn(text, child.position.start.offset!, child.position.end.offset!)) {
        markers.push({ at, afterEmphasis: emphasis });
        emphasis = false;
      }
    } else {
      if (child.type === 'strong' || child.type === 'emphasis') emphasis = true;
      literalPairs(child, text, out);
    }
  }
  for (let i = 0; i + 1 < markers.length; ) {
    const open = markers[i].at;
    const close = markers[i + 1].at;
    const inner = text.slice(open + 2, close);
    if (inner.includes('\n') || !inner.trim()) {
      i += 1;
      continue;
    }
    out.push({ open, close, tangled: markers[i + 1].afterEmphasis });
    i += 2;
  }
  return out;
}

function markersIn(text: string, start: number, end: number): number[] {
  const found: number[] = [];
  const slice = text.slice(start, end);
  MARKER.lastIndex = 0;
  for (let m = MARKER.exec(slice); m; m = MARKER.exec(slice)) {
    const at = start + m.index;
    // Escaped (`\**`) or part of a longer run (the run may begin in the text before this node). Not when the asterisks
    // before the node closed the emphasis before it: 13th Age's `***Beast aspect bonuses*****:**` closes the bold
    // italics with three of its five, and prints the other two, then `:**`, as they are written.
    const runBefore = text[at - 1] === '*' && at !== start;
    if (runBefore || text[at - 1] === '\\' || text[at + 2] === '*') {
      MARKER.lastIndex = m.index + 2 + (text[at + 2] === '*' ? 1 : 0);
      while (slice[MARKER.lastIndex] === '*') MARKER.lastIndex++;
      continue;
    }
    found.push(at);
  }
  return found;
}

/**
 * The pair respaced: spaces just inside a marker move outside it, and a space parts a marker from a word where
 * punctuation on its inner side keeps it from closing or opening. Kept only when Markdown then reads one bold more.
 */
function respaced(text: string, open: number, close: number): string | null {
  const inner = text.slice(open + 2, close);
  const core = inner.trim();
  // Bold punctuation (`it**.**`) shows as nothing bolder: the fix is the punctuation alone.
  if (!WORD.test(core)) return readsBold(text, open, close + 2, core) ? core : null;
  const before = text[open - 1] ?? ' ';
  const after = text[close + 2] ?? ' ';
  const spaceBefore = /\s/.test(before);
  const spaceAfter = /\s/.test(after);
  const touchesWordAfter = PUNCTUATION.test(core[core.length - 1]) && WORD.test(after);
  const trail = inner.length - inner.trimEnd().length > 0 || touchesWordAfter;
  // `a**Difficulty Class (DC)**to`: words on both sides means the spaces around the bold were lost, not intraword bold.
  const lead = inner.length - inner.trimStart().length > 0 || (PUNCTUATION.test(core[0]) && WORD.test(before)) || (touchesWordAfter && WORD.test(before));
  const bold = `${lead && !spaceBefore ? ' ' : ''}**${core}**${trail && !spaceAfter ? ' ' : ''}`;
  if (bold === text.slice(open, close + 2)) return null;
  return readsBold(text, open, close + 2, bold) ? bold : null;
}

/** Whether the line holding the pair (near it), with `bold` in its place, has one literal pair fewer as Markdown reads it. */
function readsBold(text: string, start: number, end: number, bold: string): boolean {
  const lineStart = Math.max(text.lastIndexOf('\n', start - 1) + 1, start - CHECK_REACH);
  const found = text.indexOf('\n', end);
  const lineEnd = Math.min(found < 0 ? text.length : found, end + CHECK_REACH);
  // Read without its indent, which alone would make a list item's second line a code block.
  const line = text.slice(lineStart, lineEnd).trimStart();
  const fixed = (text.slice(lineStart, start) + bold + text.slice(end, lineEnd)).trimStart();
  return literalPairCount(fixed) === literalPairCount(line) - 1;
}

function literalPairCount(line: string): number {
  return literalPairs(parseMarkdown(line), line).length;
}
