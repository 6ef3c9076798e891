/**
 * Reads a long table in pieces as Markdown reads it whole. A table longer than a piece (the 13th Age SRD's monster
 * list: 400 rows and no blank line) is cut between two rows, and the piece after the cut, read alone, has no header
 * and delimiter rows: it read as paragraphs of bars, printed as such. It is read behind the table's own first two
 * lines again, and its rows join the table read so far, as list-pieces.ts does for the items of a long list.
 */
import type { Root } from 'mdast';

/**
 * The header and delimiter lines of the table `root` (the tree of `text` up to `end`, a line start) ends with, when
 * nothing but line ends stands between the table and `end`; null otherwise.
 */
export function tableContext(root: Root, text: string, end: number): string | null {
  const table = root.children.at(-1);
  const start = table?.position?.start.offset;
  const last = table?.position?.end.offset;
  if (table?.type !== 'table' || start === undefined || last === undefined) return null;
  if (!/^[ \t\r]*\n$/.test(text.slice(last, end))) return null;
  const headerEnd = text.indexOf('\n', start);
  const delimiterEnd = headerEnd < 0 ? -1 : text.indexOf('\n', headerEnd + 1);
  if (delimiterEnd < 0 || delimiterEnd >= end) return null;
  return text.slice(text.lastIndexOf('\n', start - 1) + 1, delimiterEnd + 1);
}

/**
 * Adds to the table `into` ends with the rows of `piece`, the tree of tableContext's lines and the piece after them,
 * its offsets moved so that the piece's are the chunk's (the context's then lie before `boundary`), and what follows
 * the rows to `into`. Returns false, changing nothing, when the piece did not read as rows of the same table: its
 * first block no table of as many columns, or its header row reaching into the piece.
 */
export function graftTableRows(into: Root, piece: Root, boundary: number): boolean {
  const table = into.children.at(-1);
  const [first, ...after] = piece.children;
  if (table?.type !== 'table' || !table.position || first?.type !== 'table' || !first.position) return false;
  const [header, ...rows] = first.children;
  if ((header?.position?.end.offset ?? boundary) > boundary || first.align?.length !== table.align?.length) return false;
  table.children.push(...rows);
  table.position = { ...table.position, end: first.position.end };
  into.children.push(...after);
  return true;
}
