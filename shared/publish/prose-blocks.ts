/**
 * The prose between the model's headings, rules and skills (paragraphs, lists, tables, quotes, code, pictures), read
 * from the parser's own tree: each chunk of a file is read again with the chunk parse the model was built from
 * (parse/body-chunks.ts) and its block nodes become ProseBlocks, their words walked by phrasing.ts. A region's blocks
 * are cut to it by offset, and what a caller masks (a rule's number, a skill's head, its prerequisite lines, a site
 * generator's shortcodes) reads as absent: offsets stay those of the file, so links found by offset land on their words.
 */
import type { Code, Heading, Paragraph, PhrasingContent, RootContent, Table, Text } from 'mdast';
import { bodyChunks, chunkTree, type BodyChunk } from '../parse/body-chunks.js';
import type { Run } from './inline.js';
import { phrasingPieces, type Placed } from './phrasing.js';
import { partitionPoint } from '../model/partition-point.js';
import { embedsPicture, readWikiLink, wikiHref } from '../parse/wiki-links.js';

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

/** Source offsets [start, end) read as absent; `label` prints in their place (a Hugo tab's header). */
export interface Mask {
  readonly start: number;
  readonly end: number;
  readonly label?: readonly Run[];
}

/** A list item around a block: where its marker is written, and the marker as it prints. */
interface ItemMark {
  readonly at: number;
  readonly bullet: string;
}

/** A block node with what encloses it. Offsets in the file. */
interface Leaf {
  readonly node: Paragraph | Heading | Table | Code;
  readonly start: number;
  readonly end: number;
  /** The list items around it, outermost first. */
  readonly items: readonly ItemMark[];
  /** The first block of the innermost of them: the one its marker stands before. */
  readonly first: boolean;
  readonly quote: boolean;
  readonly chunk: BodyChunk;
}

/** Chunks whose blocks are kept at once: regions are read in order, a skill's cards now and then out of it. */
const KEPT_CHUNKS = 8;

/** One file's prose, read region by region. */
export class FileProse {
  private readonly chunks: readonly BodyChunk[];
  private readonly kept = new Map<number, readonly Leaf[]>();

  /** `masks`: what reads as absent wherever it stands (sorted by start). */
  constructor(
    readonly text: string,
    private readonly masks: readonly Mask[] = [],
  ) {
    this.chunks = text ? bodyChunks(text) : [];
  }

  /**
   * The blocks of [from, to) with `masks` (and the file's) read as absent. `printedBefore` says which list items
   * whose markers stand before `from` printed as items (their bullet in prose read earlier): a paragraph still inside
   * one stands as deep as it, after a rule or skill inside the item cut the item's prose in two.
   */
  read(from: number, to: number, masks: readonly Mask[] = [], printedBefore?: (marker: number) => boolean): ProseBlock[] {
    if (to <= from) return [];
    const fileMasks = this.masks.filter((m) => m.end > from && m.start < to);
    const sorted = fileMasks.length ? [...fileMasks, ...masks].sort((a, b) => a.start - b.start) : [...masks].sort((a, b) => a.start - b.start);
    const region = new Region(from, to, sorted, printedBefore);
    const blocks: ProseBlock[] = [];
    for (let i = this.chunkAt(from); i < this.chunks.length && this.chunks[i].offset < to; i++) {
      const leaves = this.leaves(i);
      // Leaves do not overlap and come in order: a chunk of one long list holds thousands, and as many rules read it.
      for (let k = firstEndingAfter(leaves, from); k < leaves.length && leaves[k].start < to; k++) {
        const block = region.block(leaves[k]);
        if (block) blocks.push(block);
      }
    }
    return blocks;
  }

  /**
   * Where the list items around the first block of [from, to) have their markers, outermost first; null when no
   * block starts there. A rule read from a list item finds its own marker among them, and the items outside it.
   */
  itemsAround(from: number, to: number): readonly number[] | null {
    if (to <= from || this.chunks.length === 0) return null;
    for (let i = this.chunkAt(from); i < this.chunks.length && this.chunks[i].offset < to; i++) {
      const leaves = this.leaves(i);
      const leaf = leaves[firstEndingAfter(leaves, from)];
      if (leaf) return leaf.start < to ? leaf.items.map((item) => item.at) : null;
    }
    return null;
  }

  /** The last chunk starting at or before `offset` (the first for an offset in the front matter). */
  private chunkAt(offset: number): number {
    return Math.max(0, partitionPoint(this.chunks.length, (i) => this.chunks[i].offset <= offset) - 1);
  }

  private leaves(index: number): readonly Leaf[] {
    let found = this.kept.get(index);
    if (found) {
      // The most recently read chunks are kept.
      this.kept.delete(index);
      this.kept.set(index, found);
    } else {
      const chunk = this.chunks[index];
      const out: Leaf[] = [];
      collect(chunkTree(chunk).children, chunk, [], false, false, out);
      found = out;
      if (this.kept.size >= KEPT_CHUNKS) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(index, found);
    }
    return found;
  }
}

/** The first of `leaves` that ends after `offset`. */
function firstEndingAfter(leaves: readonly Leaf[], offset: number): number {
  return partitionPoint(leaves.length, (k) => leaves[k].end <= offset);
}

/** The block nodes that print, in order, with their list items and quotes. */
function collect(nodes: readonly RootContent[], chunk: BodyChunk, items: readonly ItemMark[], quote: boolean, inItem: boolean, out: Leaf[]): void {
  nodes.forEach((node, index) => {
    if (!node.position) return;
    switch (node.type) {
      case 'paragraph':
      case 'heading':
      case 'table':
      case 'code':
        out.push({ node, start: chunk.offset + node.position.start.offset!, end: chunk.offset + node.position.end.offset!, items, first: inItem && index === 0, quote, chunk });
        return;
      case 'blockquote':
        collect(node.children, chunk, items, true, false, out);
        return;
      case 'list':
        for (const item of node.children) {
          if (!item.position) continue;
          const at = item.position.start.offset!;
          const number = /^(\d{1,9})[.)]/.exec(chunk.text.slice(at, at + 12));
          collect(item.children, chunk, [...items, { at: chunk.offset + at, bullet: number ? `${number[1]}.` : '•' }], quote, true, out);
        }
        return;
      case 'footnoteDefinition':
        collect(node.children, chunk, items, quote, false, out);
        return;
      default:
      // HTML (tags, comments), thematic breaks and link definitions are markup, not words.
    }
  });
}

/** A region of a file with what is masked in it: cuts blocks to it. */
class Region {
  constructor(
    readonly from: number,
    readonly to: number,
    /** Sorted by start. */
    readonly masks: readonly Mask[],
    private readonly printedBefore?: (marker: number) => boolean,
  ) {}

  /** Whether the character at `offset` is read: inside the region and under no mask. */
  private reads(offset: number): boolean {
    return offset >= this.from && offset < this.to && !this.masks.some((m) => offset >= m.start && offset < m.end);
  }

  block(leaf: Leaf): ProseBlock | null {
    const { node } = leaf;
    switch (node.type) {
      case 'paragraph':
        return this.paragraph(leaf, node);
      case 'heading': {
        const runs = this.runs(node.children, leaf);
        return runs.length ? { kind: 'heading', level: node.depth, runs, start: leaf.start } : null;
      }
      case 'table': {
        if (!this.reads(leaf.start)) return null;
        const [head, ...body] = node.children;
        const cells = (row: Table['children'][number]) => row.children.map((cell) => this.runs(cell.children, leaf));
        const text = leaf.chunk.text;
        const rows = body
          .filter((row) => row.position && this.reads(leaf.chunk.offset + row.position.start.offset!))
          .map((row) => ({ cells: cells(row), start: leaf.chunk.offset + text.lastIndexOf('\n', row.position!.start.offset! - 1) + 1 }));
        return { kind: 'table', header: head ? cells(head) : [], rows, start: leaf.start };
      }
      case 'code':
        return this.reads(leaf.start) ? { kind: 'code', lines: node.value.split(/\r?\n/), start: leaf.start } : null;
    }
  }

  private paragraph(leaf: Leaf, node: Paragraph): ProseBlock | null {
    // Only the list items whose marker this region reads, or that printed before it, are its lists: a skill's masked
    // head is no bullet.
    const own = leaf.items.filter((item) => this.reads(item.at) || (item.at < this.from && this.printedBefore?.(item.at) === true));
    const innermost = leaf.items[leaf.items.length - 1];
    const bullet = leaf.first && own.length && own[own.length - 1] === innermost ? innermost.bullet : null;
    const depth = bullet ? own.length - 1 : own.length;
    const base = { kind: 'paragraph' as const, depth, bullet, quote: leaf.quote, start: leaf.start };
    const picture = bullet === null ? this.picture(node, leaf) : null;
    if (picture) return { ...base, runs: picture.runs, picture: picture.src };
    const runs = this.runs(node.children, leaf);
    return runs.length ? { ...base, runs } : null;
  }

  /** A paragraph that is one inline picture (`![alt](src)`), its words aside. */
  private picture(node: Paragraph, leaf: Leaf): { runs: Run[]; src: string } | null {
    const shown = node.children.filter((child) => !(child.type === 'text' && child.value.trim() === '') && child.position && this.reads(leaf.chunk.offset + child.position.start.offset!));
    const image = shown.length === 1 && shown[0].type === 'image' ? shown[0] : null;
    if (!image) return shown.length === 1 && shown[0].type === 'text' ? this.embeddedPicture(shown[0], leaf) : null;
    const written = leaf.chunk.text.slice(image.position!.start.offset!, image.position!.end.offset!);
    if (!written.startsWith('![') || !written.endsWith(')')) return null;
    // Its source as written, without a title after it, as the parser reads a picture's place (extract.ts).
    const src = /^<[^>]*>|^\S+/.exec(written.slice(written.lastIndexOf('](') + 2, -1).trim())?.[0];
    return src ? { runs: this.runs([image], leaf), src } : null;
  }

  /** A paragraph that is one picture Obsidian embeds (`![[Maps/march.png]]`): its source as the book's links keep it. */
  private embeddedPicture(node: Text, leaf: Leaf): { runs: Run[]; src: string } | null {
    const embed = /^!\[\[([^\]\n]{1,200})\]\]$/.exec(node.value.trim());
    if (!embed || !embedsPicture(readWikiLink(embed[1]))) return null;
    return { runs: this.runs([node], leaf), src: wikiHref(embed[1]) };
  }

  /** The runs of phrasing nodes cut to the region, masks read as absent (or as their labels), spaces tidied. */
  private runs(nodes: readonly PhrasingContent[], leaf: Leaf): Run[] {
    const pieces: Placed[] = [];
    phrasingPieces(nodes, leaf.chunk.text, leaf.chunk.offset, pieces);
    const out: Run[] = [];
    // A mask's label prints where the mask starts, when that is in this block and in the region.
    const labels = this.masks.filter((m) => m.label && m.start >= Math.max(leaf.start, this.from) && m.start < Math.min(leaf.end, this.to));
    let nextLabel = 0;
    const push = (run: Run) => {
      const last = out[out.length - 1];
      // Where masks or line ends meet, one space stands between words, none at the ends.
      const text = !last || /\s$/.test(last.text) ? run.text.replace(/^\s+/, '') : run.text;
      if (!text) return;
      out.push(text === run.text ? run : { ...run, text, ...(run.start === undefined ? {} : { start: run.start + run.text.length - text.length }) });
    };
    const labelsUpTo = (offset: number) => {
      while (nextLabel < labels.length && labels[nextLabel].start <= offset) for (const run of labels[nextLabel++].label!) push(run);
    };
    for (const piece of pieces) {
      const { run } = piece;
      if (run.start === undefined) {
        labelsUpTo(piece.from);
        if (this.reads(piece.from)) push(run);
        continue;
      }
      // A verbatim run: its characters one for one with the source, cut where the region or a mask says.
      const end = run.start + run.text.length;
      let at = Math.max(run.start, this.from);
      const stop = Math.min(end, this.to);
      for (const mask of this.masks) {
        if (mask.end <= at || mask.start >= stop) continue;
        if (mask.start > at) {
          labelsUpTo(at);
          push({ ...run, text: run.text.slice(at - run.start, mask.start - run.start), start: at });
        }
        at = Math.max(at, mask.end);
      }
      labelsUpTo(at);
      if (at < stop) push(at === run.start && stop === end ? run : { ...run, text: run.text.slice(at - run.start, stop - run.start), start: at });
    }
    labelsUpTo(Infinity);
    // Trailing spaces off the last words.
    while (out.length) {
      const last = out[out.length - 1];
      const text = last.text.replace(/\s+$/, '');
      if (text === last.text) break;
      if (text) {
        out[out.length - 1] = { ...last, text };
        break;
      }
      out.pop();
    }
    return out;
  }
}
