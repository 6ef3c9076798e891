/**
 * Inline Markdown → styled runs, read by the parser the model is built with (remark with GFM, guarded as the
 * chunks are) and walked as mdast phrasing nodes: print and the website show emphasis, code, strikethrough and
 * links as the model and the editor's preview read them. Runs copied verbatim from the source keep their offsets,
 * so the references the parser found by offset still land on their words (applyLinks).
 */
import type { Nodes, PhrasingContent } from 'mdast';
import { MAX_LINE, measureRisk } from '../parse/chunks.js';
import { MAX_BRACKETS, MAX_DELIMITER_RUNS, parseMarkdown, type Construct } from '../parse/markdown.js';
import { SHORTCODE_LINK } from '../parse/shortcodes.js';
import { readWikiLink, shownWords, WIKI_LINK, wikiRuleNumber } from '../parse/wiki-links.js';
import type { Run } from './inline.js';

/**
 * Text read alone (a shortcode's tab header, which Markdown sees as an attribute) is inline content only: whatever
 * it starts with is inline ("-" is a dash, not an empty list; "# 3" stays text).
 */
const BLOCKS_OFF: readonly Construct[] = ['blockQuote', 'list', 'headingAtx', 'setextUnderline', 'thematicBreak', 'codeIndented', 'codeFenced', 'htmlFlow', 'definition', 'table', 'gfmFootnoteDefinition'];

/** Characters inline Markdown gives a meaning to; text without them is one plain run, with no parse. */
const MAY_HOLD_MARKUP = /[\\`*_~[\]<&]/;


interface Style {
  readonly bold?: true;
  readonly italic?: true;
  readonly strike?: true;
}

/**
 * A run with the stretch of source it was read from, [from, to) in file offsets: a verbatim run's own characters,
 * or what remark decoded it from (an escape, an entity, a line break). Cutting a block to a region or masking
 * part of it goes by these.
 */
export interface Placed {
  readonly run: Run;
  readonly from: number;
  readonly to: number;
}

/** The runs of `text` read alone, its first character at offset `base` of its file. Prose is read from the chunk's tree (prose-blocks.ts). */
export function inlineRuns(text: string, base: number): Run[] {
  if (!text) return [];
  if (!MAY_HOLD_MARKUP.test(text)) return [{ text, start: base }];
  // As the model's parser reads a line too long for remark, or one that would stall it: literally, or with the
  // quadratic constructs off (shared/parse/index.ts, parseGuarded).
  if (text.length > MAX_LINE) return [{ text, start: base }];
  const risk = measureRisk(text);
  const disabled: Construct[] = [...BLOCKS_OFF];
  if (risk.delimiterRuns > MAX_DELIMITER_RUNS) disabled.push('attention');
  if (risk.brackets > MAX_BRACKETS) disabled.push('labelStartLink', 'labelStartImage', 'labelEnd', 'gfmFootnoteCall', 'gfmPotentialFootnoteCall');
  const pieces: Placed[] = [];
  for (const block of parseMarkdown(text, disabled).children) {
    if (block.type === 'paragraph') phrasingPieces(block.children, text, base, pieces);
  }
  return pieces.map((piece) => piece.run);
}

/** The runs of mdast phrasing nodes parsed from `source` (their offsets in it; `base` is its offset in the file). */
export function phrasingPieces(nodes: readonly PhrasingContent[], source: string, base: number, out: Placed[]): void {
  const first = out.length;
  walk(nodes, source, base, {}, out);
  const hidden = spanningWikiLinks(nodes, source);
  if (hidden.length) hideStretches(out, first, hidden, base);
}

/** A stretch of source [start, end), in offsets of the text the nodes were read from. */
interface Stretch {
  readonly start: number;
  readonly end: number;
}

/**
 * The stretches that do not print of the wiki links Markdown split into several nodes: emphasis inside the brackets
 * (`[[Rules.md#*Open* Content|the *open* content]]`, `[[Page|*words*]]`) makes text, emphasis and text of one, so no
 * text node holds it whole (one that does prints its words: textRuns). The parser reads such a link from the block's
 * source (extract.ts), and so does print: all of it is hidden but its shown words (shownWords), which keep their
 * emphasis; the brackets, the page and heading, the bar and an embed's `!` go. A link that overlaps a code span or
 * HTML is no link, as for the parser, and prints as written.
 */
function spanningWikiLinks(nodes: readonly PhrasingContent[], source: string): Stretch[] {
  const from = nodes.find((node) => node.position)?.position?.start.offset;
  const to = nodes.findLast((node) => node.position)?.position?.end.offset;
  if (from === undefined || to === undefined || !source.slice(from, to).includes('[[')) return [];
  // Both in the text's order, as the links are found.
  const texts: Stretch[] = [];
  const code: Stretch[] = [];
  const collect = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start !== undefined && end !== undefined) {
      if (node.type === 'text') texts.push({ start, end });
      else if (node.type === 'inlineCode' || node.type === 'html') code.push({ start, end });
    }
    if ('children' in node) for (const child of node.children as Nodes[]) collect(child);
  };
  for (const node of nodes) collect(node);
  const hidden: Stretch[] = [];
  let t = 0;
  let c = 0;
  const slice = source.slice(from, to);
  WIKI_LINK.lastIndex = 0;
  for (let m = WIKI_LINK.exec(slice); m; m = WIKI_LINK.exec(slice)) {
    const start = from + m.index;
    const end = start + m[0].length;
    while (t < texts.length && texts[t].end < end) t++;
    while (c < code.length && code[c].end <= start) c++;
    if ((t < texts.length && texts[t].start <= start) || (c < code.length && code[c].start < end)) continue;
    const words = wordsOf(m[1]);
    const wordsStart = start + 2 + words.at;
    const embed = start > from && source[start - 1] === '!' ? 1 : 0;
    hidden.push({ start: start - embed, end: wordsStart }, { start: wordsStart + words.text.length, end });
  }
  return hidden;
}

/** The words a wiki link prints, and where they start in its inside: a rule's number as written, else its shown words. */
function wordsOf(inner: string): { readonly text: string; readonly at: number } {
  return wikiRuleNumber(inner) === null ? shownWords(readWikiLink(inner)) : { text: inner, at: 0 };
}

/**
 * Takes the hidden stretches (sorted, `base` off their file offsets) out of the pieces from `first` on: a run copied
 * verbatim loses the characters in them, a run remark decoded (an escape, an entity) goes when it was read from one.
 */
function hideStretches(out: Placed[], first: number, hidden: readonly Stretch[], base: number): void {
  const kept: Placed[] = [];
  let h = 0;
  for (let i = first; i < out.length; i++) {
    const piece = out[i];
    while (h < hidden.length && base + hidden[h].end <= piece.from) h++;
    if (h === hidden.length || base + hidden[h].start >= Math.max(piece.to, piece.from + 1)) {
      kept.push(piece);
      continue;
    }
    const { run } = piece;
    if (run.start === undefined) {
      // Decoded: kept unless what it was read from is hidden.
      if (!(base + hidden[h].start <= piece.from && piece.to <= base + hidden[h].end)) kept.push(piece);
      continue;
    }
    let at = piece.from;
    for (let k = h; k < hidden.length && base + hidden[k].start < piece.to; k++) {
      const hideFrom = Math.max(piece.from, base + hidden[k].start);
      if (hideFrom > at) kept.push(cut(piece, at, hideFrom));
      at = Math.max(at, Math.min(piece.to, base + hidden[k].end));
    }
    if (at < piece.to) kept.push(cut(piece, at, piece.to));
  }
  out.splice(first, out.length - first, ...kept);
}

/** The part [from, to) of a run copied verbatim (file offsets). */
function cut(piece: Placed, from: number, to: number): Placed {
  const start = piece.run.start!;
  return { run: { ...piece.run, text: piece.run.text.slice(from - start, to - start), start: from }, from, to };
}

function walk(nodes: readonly PhrasingContent[], source: string, base: number, style: Style, out: Placed[]): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        textRuns(node.value, source, node.position?.start.offset, node.position?.end.offset, base, style, out);
        break;
      case 'strong':
        walk(node.children, source, base, { ...style, bold: true }, out);
        break;
      case 'emphasis':
        walk(node.children, source, base, { ...style, italic: true }, out);
        break;
      case 'delete':
        walk(node.children, source, base, { ...style, strike: true }, out);
        break;
      case 'link':
      case 'linkReference':
        // The words print; where they jump is the linker's business (references resolved by offset).
        walk(node.children, source, base, style, out);
        break;
      case 'inlineCode': {
        const at = offsetOf(node.value, source, node.position?.start.offset, node.position?.end.offset);
        const run: Run = { text: node.value, code: true, ...(style.bold ? { bold: true } : {}), ...(at === undefined ? {} : { start: base + at }) };
        out.push(at === undefined ? { run, ...spanOf(node, base, out) } : { run, from: base + at, to: base + at + node.value.length });
        break;
      }
      case 'image':
      case 'imageReference': {
        // A picture inside a sentence prints its alt text (a picture on a line of its own is a block: prose-blocks.ts).
        const alt = node.alt ?? '';
        const at = offsetOf(alt, source, node.position?.start.offset, node.position?.end.offset);
        if (alt) out.push(at === undefined ? { run: { text: alt, ...style }, ...spanOf(node, base, out) } : { run: { text: alt, ...style, start: base + at }, from: base + at, to: base + at + alt.length });
        break;
      }
      case 'break':
        // A hard line break reads as a space, as a soft one does: rulebooks copied from PDFs break lines anywhere.
        out.push({ run: { text: ' ', ...style }, ...spanOf(node, base, out) });
        break;
      case 'html':
        // Tags and comments are markup, not words; a <br> in a table cell ("Maximum Price<br/>(Before Discount)") is a
        // line break, read as a space as a hard break is.
        if (/^<br\s*\/?>$/i.test(node.value.trim())) out.push({ run: { text: ' ', ...style }, ...spanOf(node, base, out) });
        break;
      case 'footnoteReference':
        textRuns(sourceOf(node, source) ?? `[^${node.identifier}]`, source, node.position?.start.offset, node.position?.end.offset, base, style, out);
        break;
    }
  }
}

/** Where a node that prints no verbatim text was read from; just after the last run when it has no position. */
function spanOf(node: Nodes, base: number, out: readonly Placed[]): { from: number; to: number } {
  const from = node.position?.start.offset;
  const to = node.position?.end.offset;
  if (from !== undefined && to !== undefined) return { from: base + from, to: base + to };
  const at = out.length ? out[out.length - 1].to : base;
  return { from: at, to: at };
}

function sourceOf(node: Nodes, source: string): string | undefined {
  const from = node.position?.start.offset;
  const to = node.position?.end.offset;
  return from === undefined || to === undefined ? undefined : source.slice(from, to);
}

/** Where `value` stands verbatim in the node's source [from, to), if it does. */
function offsetOf(value: string, source: string, from: number | undefined, to: number | undefined): number | undefined {
  if (from === undefined || to === undefined || !value) return undefined;
  const at = source.slice(from, to).indexOf(value);
  return at < 0 ? undefined : from + at;
}

/**
 * A text node's runs: verbatim stretches keep their offsets; what remark decoded (an escape, an entity) becomes a
 * run of its own without one. A line end reads as a space (the offsets stay). Wiki links and site-generator link
 * shortcodes, which CommonMark leaves as text, print as their words.
 */
function textRuns(value: string, source: string, from: number | undefined, to: number | undefined, base: number, style: Style, out: Placed[]): void {
  const fallback = out.length ? out[out.length - 1].to : base;
  const pieces = from === undefined || to === undefined ? [{ text: value, at: undefined, source: fallback - base }] : aligned(value, source, from, to);
  // The words kept, in the value's own positions, laid over the pieces to find each stretch's offset.
  let pieceFrom = 0;
  let k = 0;
  for (const part of unbracketed(value)) {
    const end = part.at + part.text.length;
    for (let at = part.at; at < end; ) {
      while (pieceFrom + pieces[k].text.length <= at) pieceFrom += pieces[k++].text.length;
      const piece = pieces[k];
      const stop = Math.min(end, pieceFrom + piece.text.length);
      const raw = value.slice(at, stop);
      const text = raw.includes('\n') ? raw.replace(/\r?\n/g, (m) => ' '.repeat(m.length)) : raw;
      if (piece.at === undefined) out.push({ run: { text, ...style }, from: base + piece.source, to: base + piece.source + (piece.sourceLength ?? 0) });
      else {
        const start = base + piece.at + (at - pieceFrom);
        out.push({ run: { text, ...style, start }, from: start, to: start + text.length });
      }
      at = stop;
    }
  }
}

interface Aligned {
  readonly text: string;
  /** Offset in the source of a stretch copied verbatim; undefined for what remark decoded. */
  readonly at: number | undefined;
  /** Where the stretch was read from in the source, and how long that is (an escape's two characters). */
  readonly source: number;
  readonly sourceLength?: number;
}

/**
 * Splits a text node's value into stretches copied verbatim from source[from, to) (with their offsets) and what
 * remark decoded (escapes, character references). Walks both once: a decoded character's source is `\x` or `&…;`.
 * What the block structure took out of a paragraph's lines (the indent of a line in a list item, a quote's `>`, the
 * spaces before a line end) is passed over in the source: the words after it are a stretch of their own.
 */
function aligned(value: string, source: string, from: number, to: number): Aligned[] {
  if (source.slice(from, to) === value) return [{ text: value, at: from, source: from }];
  const pieces: Aligned[] = [];
  let i = from;
  let j = 0;
  let start = j;
  let startAt = i;
  const close = () => {
    if (j > start) pieces.push({ text: value.slice(start, j), at: startAt, source: startAt });
  };
  while (j < value.length && i < to) {
    if (source[i] === value[j] && source[i] !== '\\' && source[i] !== '&') {
      i++;
      j++;
      continue;
    }
    close();
    const c = source[i];
    if ((c === ' ' || c === '\t') && value[j] === '\n') {
      // Spaces before a line end (a line's trailing blanks are not text).
      while (i < to && (source[i] === ' ' || source[i] === '\t')) i++;
    } else if ((c === ' ' || c === '\t' || c === '>') && j > 0 && value[j - 1] === '\n') {
      // The start of a continuation line: its indent, or a quote's marker.
      while (i < to && (source[i] === ' ' || source[i] === '\t' || source[i] === '>')) i++;
    } else if (c === '\\' && source[i + 1] === value[j]) {
      pieces.push({ text: value[j], at: undefined, source: i, sourceLength: 2 });
      i += 2;
      j++;
    } else if (c === '&') {
      const end = source.indexOf(';', i);
      const reference = end > i && end - i <= 32 ? source.slice(i, end + 1) : null;
      if (reference && value.slice(j, j + reference.length) !== reference) {
        // A character reference remark decoded: one or two UTF-16 units of the value (a surrogate pair).
        const units = value.codePointAt(j)! > 0xffff ? 2 : 1;
        pieces.push({ text: value.slice(j, j + units), at: undefined, source: i, sourceLength: end + 1 - i });
        i = end + 1;
        j += units;
      } else {
        // A plain ampersand (or a backslash) copied as written.
        pieces.push({ text: value[j], at: i, source: i });
        i++;
        j++;
      }
    } else {
      // The texts part ways in an unforeseen manner: the rest prints without offsets rather than misplaced links.
      pieces.push({ text: value.slice(j), at: undefined, source: i, sourceLength: to - i });
      return pieces;
    }
    start = j;
    startAt = i;
  }
  close();
  if (j < value.length) pieces.push({ text: value.slice(j), at: undefined, source: i, sourceLength: 0 });
  return pieces;
}

/** A text's parts with `[[x]]` and `[x]({{< ref "y" >}})` printed as their words, each with its position in the text. */
function unbracketed(text: string): Array<{ text: string; at: number }> {
  if (!text.includes('[')) return [{ text, at: 0 }];
  const marks: Array<{ index: number; length: number; words: string; wordsAt: number }> = [];
  // Wiki links (`[[Skill]]`, `[[3.3]]`, `[[Classes/Chaos-Mage|Chaos Mage]]`) print as the words they show: the
  // brackets are the dialect's and Obsidian's, not prose. An embed's `!` goes with them.
  for (const m of text.matchAll(WIKI_LINK)) {
    const shown = wordsOf(m[1]);
    const embed = m.index > 0 && text[m.index - 1] === '!' ? 1 : 0;
    marks.push({ index: m.index - embed, length: m[0].length + embed, words: shown.text, wordsAt: m.index + 2 + shown.at });
  }
  for (const m of text.matchAll(SHORTCODE_LINK)) marks.push({ index: m.index, length: m[0].length, words: m[1], wordsAt: m.index + 1 });
  if (!marks.length) return [{ text, at: 0 }];
  marks.sort((a, b) => a.index - b.index);
  const parts: Array<{ text: string; at: number }> = [];
  let at = 0;
  for (const mark of marks) {
    if (mark.index < at) continue;
    if (mark.index > at) parts.push({ text: text.slice(at, mark.index), at });
    parts.push({ text: mark.words, at: mark.wordsAt });
    at = mark.index + mark.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), at });
  return parts;
}
