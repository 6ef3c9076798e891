/**
 * Reads a long list in pieces as Markdown reads it whole. A piece cut off a list at a line opening an item (see
 * boundedPieces) is read behind a few lines of context that open again the list items the text before it ends
 * inside, each as its own first line did (same indent, marker and spacing); the piece's tree is then grafted onto
 * the tree read so far: the context's lists and items stand for the ones they reopen, and what the piece adds goes
 * into them. A piece read alone would start in the middle of the list, its tab-indented lines read as code.
 */
import type { ListItem, Nodes, Parents, Root, RootContent } from 'mdast';

/** Link and footnote definitions, which other pieces' references would need: a text holding one is not continued. */
const DEFINITION = /^[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+|>[ \t]?)*\[[^\]\n]+\]:/m;

/** Whether a chunk may be read in pieces continued from one another: it defines nothing they would share. */
export function continuable(chunk: string): boolean {
  return !DEFINITION.test(chunk);
}

/** The column a line reaches at `end`, tabs to multiples of 4, from the line's start. */
function column(text: string, lineStart: number, end: number): number {
  let col = 0;
  for (let i = lineStart; i < end; i++) col = text[i] === '\t' ? col + 4 - (col % 4) : col + 1;
  return col;
}

/**
 * The lines that open again the list items `root` (the tree of `text` up to `end`, a line start) ends inside, or
 * null when it does not end inside a list item's paragraph: the line after the text could then read otherwise after
 * them (in a fence, an HTML block, a heading's place). The innermost item gets a paragraph, left open as the real
 * one is; the others an empty heading, closed as their own first content is by the list under them.
 */
export function listContext(root: Root, text: string, end: number): string | null {
  const items: Array<{ start: number; lineStart: number }> = [];
  let parent: Parents = root;
  for (;;) {
    const list: RootContent | undefined = parent.children.at(-1);
    if (list?.type !== 'list') break;
    const item: ListItem | undefined = list.children.at(-1);
    const start = item?.position?.start.offset;
    if (!item || start === undefined) return null;
    items.push({ start, lineStart: text.lastIndexOf('\n', start - 1) + 1 });
    parent = item;
  }
  const leaf = parent.children.at(-1);
  if (items.length === 0 || leaf?.type !== 'paragraph' || leaf.position?.end.offset === undefined) return null;
  if (!/^[ \t\r]*\n$/.test(text.slice(leaf.position.end.offset, end))) return null;
  const lines: string[] = [];
  for (let i = 0; i < items.length; i++) {
    const { start, lineStart } = items[i];
    // An item opened on the same line as the one inside it (`- - x`) is opened by that one's line.
    if (i + 1 < items.length && items[i + 1].lineStart === lineStart) continue;
    const marker = /^(?:[-*+]|\d{1,9}[.)])/.exec(text.slice(start, start + 11));
    if (!marker) return null;
    const markerEnd = start + marker[0].length;
    let contentStart = markerEnd;
    while (text[contentStart] === ' ' || text[contentStart] === '\t') contentStart++;
    // Content 1 to 4 columns after the marker sets the item's indent; none, or 5 and more (indented code), mean 1.
    const blank = /[\r\n]/.test(text[contentStart] ?? '\n');
    const wide = column(text, lineStart, contentStart) - column(text, lineStart, markerEnd) > 4;
    const spacing = blank || wide ? ' ' : text.slice(markerEnd, contentStart);
    lines.push(`${text.slice(lineStart, markerEnd)}${spacing}${i === items.length - 1 ? 'P' : '#'}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Grafts `piece`, the tree of a context and the piece after it with its offsets moved so that the piece's are the
 * chunk's (the context's then lie before `boundary`, where the piece starts), onto `into`, the tree read so far.
 * Returns false, changing nothing, when the context did not read as the items it reopens, or a piece's line went
 * into its placeholder paragraph (a lazy continuation line): the piece is then read on its own.
 */
export function graftPiece(into: Root, piece: Root, boundary: number): boolean {
  if (!graft(into, piece, boundary, false)) return false;
  graft(into, piece, boundary, true);
  return true;
}

function graft(into: Parents, from: Parents, boundary: number, apply: boolean): boolean {
  for (const child of from.children) {
    const start = child.position?.start.offset ?? -1;
    const end = child.position?.end.offset ?? -1;
    if (start >= boundary) {
      if (apply) (into.children as Nodes[]).push(child);
      continue;
    }
    // A node of the context: its placeholders end before the piece; its lists and items are the last ones read so far.
    if (child.type === 'paragraph' || child.type === 'heading') {
      if (end >= boundary) return false;
      continue;
    }
    if (child.type !== 'list' && child.type !== 'listItem') return false;
    const counterpart = into.children.at(-1) as typeof child | undefined;
    if (counterpart?.type !== child.type || (child.type === 'list' && (counterpart as typeof child).ordered !== child.ordered)) return false;
    if (!graft(counterpart, child, boundary, apply)) return false;
    if (!apply) continue;
    if (end > boundary && counterpart.position && child.position) counterpart.position = { ...counterpart.position, end: child.position.end };
    // A blank line in either part spreads the list or item, as it does the whole.
    if (child.spread) counterpart.spread = true;
  }
  return true;
}
