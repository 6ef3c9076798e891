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
import type { Run } from './inline.js';

/**
 * The text is the inside of one paragraph, cell or heading (the block reader took its markers off): whatever it
 * starts with is inline ("-" in a cell is a dash, not an empty list; "# 3" stays text).
 */
const BLOCKS_OFF: readonly Construct[] = ['blockQuote', 'list', 'headingAtx', 'setextUnderline', 'thematicBreak', 'codeIndented', 'codeFenced', 'htmlFlow', 'definition', 'table', 'gfmFootnoteDefinition'];

/** Characters inline Markdown gives a meaning to; text without them is one plain run, with no parse. */
const MAY_HOLD_MARKUP = /[\\`*_~[\]<&]/;

/** Wiki links (`[[Skill]]`, `[[3.3]]`) print as their target's name: the brackets are the dialect's, not prose. */
const WIKI_LINK = /\[\[([^\]\n]{1,200})\]\]/g;

interface Style {
  readonly bold?: true;
  readonly italic?: true;
  readonly strike?: true;
}

/** The runs of `text`, whose first character is at offset `base` of its file. */
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
  const runs: Run[] = [];
  for (const block of parseMarkdown(text, disabled).children) {
    if (block.type === 'paragraph') phrasingRuns(block.children, text, base, {}, runs);
  }
  return runs;
}

/** Appends the runs of mdast phrasing nodes parsed from `source` (offsets in it, `base` added) in `style`. */
export function phrasingRuns(nodes: readonly PhrasingContent[], source: string, base: number, style: Style, out: Run[]): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        textRuns(node.value, source, node.position?.start.offset, node.position?.end.offset, base, style, out);
        break;
      case 'strong':
        phrasingRuns(node.children, source, base, { ...style, bold: true }, out);
        break;
      case 'emphasis':
        phrasingRuns(node.children, source, base, { ...style, italic: true }, out);
        break;
      case 'delete':
        phrasingRuns(node.children, source, base, { ...style, strike: true }, out);
        break;
      case 'link':
      case 'linkReference':
        // The words print; where they jump is the linker's business (references resolved by offset).
        phrasingRuns(node.children, source, base, style, out);
        break;
      case 'inlineCode': {
        const at = offsetOf(node.value, source, node.position?.start.offset, node.position?.end.offset);
        out.push({ text: node.value, code: true, ...(style.bold ? { bold: true } : {}), ...(at === undefined ? {} : { start: base + at }) });
        break;
      }
      case 'image':
      case 'imageReference': {
        // A picture inside a sentence prints its alt text (a picture on a line of its own is the block reader's).
        const alt = node.alt ?? '';
        const at = offsetOf(alt, source, node.position?.start.offset, node.position?.end.offset);
        if (alt) out.push({ text: alt, ...style, ...(at === undefined ? {} : { start: base + at }) });
        break;
      }
      case 'break':
        out.push({ text: ' ', ...style });
        break;
      case 'html':
        // Tags and comments are markup, not words.
        break;
      case 'footnoteReference':
        textRuns(sourceOf(node, source) ?? `[^${node.identifier}]`, source, node.position?.start.offset, node.position?.end.offset, base, style, out);
        break;
    }
  }
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
 * run of its own without one. Wiki links and site-generator link shortcodes, which CommonMark leaves as text, print
 * as their words.
 */
function textRuns(value: string, source: string, from: number | undefined, to: number | undefined, base: number, style: Style, out: Run[]): void {
  const pieces = from === undefined || to === undefined ? [{ text: value, at: undefined }] : aligned(value, source, from, to);
  // The words kept, in the value's own positions, laid over the pieces to find each stretch's offset.
  let pieceFrom = 0;
  let k = 0;
  for (const part of unbracketed(value)) {
    const end = part.at + part.text.length;
    for (let at = part.at; at < end; ) {
      while (pieceFrom + pieces[k].text.length <= at) pieceFrom += pieces[k++].text.length;
      const piece = pieces[k];
      const stop = Math.min(end, pieceFrom + piece.text.length);
      const text = value.slice(at, stop);
      out.push(piece.at === undefined ? { text, ...style } : { text, ...style, start: base + piece.at + (at - pieceFrom) });
      at = stop;
    }
  }
}

/**
 * Splits a text node's value into stretches copied verbatim from source[from, to) (with their offsets) and what
 * remark decoded (escapes, character references). Walks both once: a decoded character's source is `\x` or `&…;`.
 */
function aligned(value: string, source: string, from: number, to: number): Array<{ text: string; at: number | undefined }> {
  if (source.slice(from, to) === value) return [{ text: value, at: from }];
  const pieces: Array<{ text: string; at: number | undefined }> = [];
  let i = from;
  let j = 0;
  let start = j;
  let startAt = i;
  const close = () => {
    if (j > start) pieces.push({ text: value.slice(start, j), at: startAt });
  };
  while (j < value.length && i < to) {
    if (source[i] === value[j] && source[i] !== '\\' && source[i] !== '&') {
      i++;
      j++;
      continue;
    }
    close();
    if (source[i] === '\\' && source[i + 1] === value[j]) {
      pieces.push({ text: value[j], at: undefined });
      i += 2;
      j++;
    } else if (source[i] === '&') {
      const end = source.indexOf(';', i);
      const reference = end > i && end - i <= 32 ? source.slice(i, end + 1) : null;
      if (reference && value.slice(j, j + reference.length) !== reference) {
        // A character reference remark decoded: one or two UTF-16 units of the value (a surrogate pair).
        const units = value.codePointAt(j)! > 0xffff ? 2 : 1;
        pieces.push({ text: value.slice(j, j + units), at: undefined });
        i = end + 1;
        j += units;
      } else {
        // A plain ampersand (or a backslash) copied as written.
        pieces.push({ text: value[j], at: i });
        i++;
        j++;
      }
    } else {
      // The texts part ways in an unforeseen manner: the rest prints without offsets rather than misplaced links.
      pieces.push({ text: value.slice(j), at: undefined });
      return pieces;
    }
    start = j;
    startAt = i;
  }
  close();
  if (j < value.length) pieces.push({ text: value.slice(j), at: undefined });
  return pieces;
}

/** A text's parts with `[[x]]` and `[x]({{< ref "y" >}})` printed as their words, each with its position in the text. */
function unbracketed(text: string): Array<{ text: string; at: number }> {
  if (!text.includes('[')) return [{ text, at: 0 }];
  const marks: Array<{ index: number; length: number; words: string; wordsAt: number }> = [];
  for (const m of text.matchAll(WIKI_LINK)) marks.push({ index: m.index, length: m[0].length, words: m[1], wordsAt: m.index + 2 });
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
