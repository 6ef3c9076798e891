/**
 * The blocks of text a reader sees in a stretch of Markdown, read from the parser's own tree: paragraphs,
 * each list item (its nested lists are items of their own), each table row, headings, code and HTML blocks.
 */
import type { List, ListItem, Nodes, RootContent, Table } from 'mdast';
import { parseChunkTree } from '../parse/index.js';
import type { TextBlockKind } from './types.js';

export interface TextBlock {
  readonly kind: TextBlockKind;
  /** Offsets in the file. */
  readonly start: number;
  readonly end: number;
  /** What a reader reads: the Markdown without list marker or heading hashes; a row's cells joined by " | ". */
  readonly text: string;
  /** Inside a block quote (a sidebar, a boxed example). */
  readonly quoted: boolean;
  /** The block's Markdown exactly as written (line endings aside) and whether it is quoted: two blocks are the same when their keys are. */
  readonly key: string;
}

/** Line endings aside: a file saved on Windows is the same text. */
export function withoutCarriageReturns(text: string): string {
  return text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
}

/** Reads the blocks of `text`, a stretch of a file that starts at `base` and parses alone (see blockBoundaries). */
export function readTextBlocks(text: string, base: number): TextBlock[] {
  const blocks: TextBlock[] = [];
  const slice = (node: Nodes) => text.slice(node.position!.start.offset!, node.position!.end.offset!);
  let quoted = 0;
  const push = (kind: TextBlockKind, start: number, end: number, shown: string) => {
    const key = withoutCarriageReturns(text.slice(start, end));
    blocks.push({ kind, start: base + start, end: base + end, text: withoutCarriageReturns(shown), quoted: quoted > 0, key: quoted > 0 ? `>\u0000${key}` : key });
  };
  const walk = (node: RootContent): void => {
    if (!node.position) return;
    const start = node.position.start.offset!;
    const end = node.position.end.offset!;
    switch (node.type) {
      case 'paragraph':
        push('paragraph', start, end, slice(node));
        return;
      case 'heading': {
        const first = node.children[0]?.position;
        const last = node.children[node.children.length - 1]?.position;
        push('heading', start, end, first && last ? text.slice(first.start.offset!, last.end.offset!) : '');
        return;
      }
      case 'list':
        readList(node);
        return;
      case 'table':
        readTable(node);
        return;
      case 'blockquote':
        quoted++;
        for (const child of node.children) walk(child);
        quoted--;
        return;
      case 'code':
        push('code', start, end, slice(node));
        return;
      case 'html':
        push('html', start, end, slice(node));
        return;
      default:
        // Thematic breaks, definitions, footnotes: rare, compared as written.
        push('other', start, end, slice(node));
    }
  };
  const readList = (list: List) => {
    for (const item of list.children) readItem(item);
  };
  const readItem = (item: ListItem) => {
    if (!item.position) return;
    const own = item.children.filter((c) => c.type !== 'list' && c.position);
    const nested = item.children.filter((c): c is List => c.type === 'list');
    const start = item.position.start.offset!;
    // The item's own text ends where its first nested list starts; the marker is part of its key, not its text.
    const ownEnd = own.length ? own[own.length - 1].position!.end.offset! : nested[0]?.position?.start.offset ?? item.position.end.offset!;
    const shown = own.map((c) => slice(c)).join('\n\n');
    if (own.length || !nested.length) push('list-item', start, Math.max(start, ownEnd), shown);
    for (const list of nested) readList(list);
  };
  const readTable = (table: Table) => {
    for (const row of table.children) {
      if (!row.position) continue;
      push('table-row', row.position.start.offset!, row.position.end.offset!, row.children.map(cellText).join(' | '));
    }
  };
  // A cell's own position takes in its pipes: its text runs from its first inline to its last.
  const cellText = (cell: Table['children'][number]['children'][number]) => {
    const first = cell.children[0]?.position;
    const last = cell.children[cell.children.length - 1]?.position;
    return first && last ? text.slice(first.start.offset!, last.end.offset!) : '';
  };
  for (const node of parseChunkTree(text).root.children) walk(node);
  return blocks;
}
