/**
 * HTML (a saved wiki page, or Word's text through mammoth) → numbered lines the structure reader
 * understands: headings keep their level, list items their nesting, tables their cells, paragraphs
 * stand apart. htmlparser2 reads the markup (html-parser.ts); this follows its events.
 */
import type { SourceLine } from './blocks.js';
import { isPageFurniture } from './html-furniture.js';
import { readHtml } from './html-parser.js';

const BLOCK = new Set(['p', 'div', 'section', 'article', 'blockquote', 'pre', 'dd', 'dt', 'figcaption', 'caption', 'header', 'footer', 'main']);
const SKIP = new Set(['script', 'style', 'head', 'noscript', 'template', 'svg', 'nav']);

interface Table {
  rows: string[][];
  cell: string[] | null;
  line: number;
}

/** The line (from 1) of each source index; asked in nearly increasing order, so it walks from the last answer. */
function lineCounter(source: string): (index: number) => number {
  let at = 0;
  let line = 1;
  return (index) => {
    const to = Math.max(0, Math.min(index, source.length));
    for (; at < to; at++) if (source.charCodeAt(at) === 10) line++;
    for (; at > to; ) if (source.charCodeAt(--at) === 10) line--;
    return line;
  };
}

/** Reads HTML into annotated lines. Line numbers are those of the HTML source where each block starts. */
export function htmlToLines(html: string): SourceLine[] {
  const out: SourceLine[] = [];
  const lineAt = lineCounter(html);
  let text = '';
  let textLine = 1;
  // How deep inside an element being left out we are; 0 when reading. The parser's events are balanced.
  let skipping = 0;
  let heading: number | null = null;
  let bold = 0;
  let boldText = '';
  // Open lists, innermost last, each with the number its next item gets (an <ol start="4"> counts from 4).
  const lists: { ordered: boolean; next: number }[] = [];
  let item: { level: number; ordered: boolean; number?: number; letter?: string } | null = null;
  // Open tables, innermost last: a table in a cell is a table of its own.
  const tables: Table[] = [];
  const table = (): Table | undefined => tables[tables.length - 1];

  const flushText = (): void => {
    const clean = text.replace(/[ \t\r\f\v\n]+/g, ' ').replace(/ ?\u2028 ?/g, '\n').trim();
    text = '';
    if (!clean) return;
    const cell = table()?.cell;
    if (cell) {
      cell.push(clean);
      return;
    }
    const wasBold = boldText.replace(/[ \t\r\f\v\n]+/g, ' ').trim() === clean;
    for (const [k, part] of clean.split('\n').entries()) {
      const entry: SourceLine = { line: textLine, text: part.trim() };
      if (heading !== null) out.push({ ...entry, heading });
      else if (item && k === 0) out.push(item.letter ? { ...entry, text: `${item.letter}. ${entry.text}`, bullet: { level: item.level, ordered: false } } : { ...entry, bullet: { level: item.level, ordered: item.ordered, number: item.number } });
      else out.push(wasBold ? { ...entry, bold: true } : entry);
    }
    boldText = '';
    // A blank line ends the paragraph; list items follow one another directly.
    if (!item) out.push({ line: textLine, text: '' });
  };

  const block = (): void => {
    // A paragraph inside a table cell or a list item stays inside it.
    if (table()?.cell) text += ' ';
    else if (item) text += '\u2028';
    else flushText();
  };

  readHtml(html, {
    text(data, start) {
      if (skipping) return;
      if (!text.trim()) textLine = lineAt(start + data.length - data.trimStart().length);
      text += data;
      if (bold) boldText += data;
    },

    open(name, attributes, end) {
      if (skipping || SKIP.has(name) || isPageFurniture(attributes)) {
        skipping++;
        return;
      }
      if (name === 'br') text += '\u2028';
      else if (name === 'strong' || name === 'b') bold++;
      else if (/^h[1-6]$/.test(name)) {
        flushText();
        heading = Number(name[1]);
      } else if (name === 'ul' || name === 'ol') {
        flushText();
        lists.push({ ordered: name === 'ol', next: Number(attributes.start ?? 1) || 1 });
      } else if (name === 'li') {
        flushText();
        const list = lists[lists.length - 1];
        // A numbered list inside a numbered item holds its sub-rules, which the dialect letters ("2." then "a.", "b.").
        if (list?.ordered && lists[lists.length - 2]?.ordered && list.next <= 26) item = { level: lists.length - 1, ordered: false, letter: String.fromCharCode(96 + list.next++) };
        else if (list?.ordered) item = { level: lists.length - 1, ordered: true, number: list.next++ };
        else item = { level: Math.max(0, lists.length - 1), ordered: false };
      } else if (name === 'table') {
        flushText();
        tables.push({ rows: [], cell: null, line: lineAt(end + 1) });
      } else if (name === 'tr' && table()) table()!.rows.push([]);
      else if ((name === 'td' || name === 'th') && table()) {
        const t = table()!;
        // A cell outside any row (no <tr>) starts one, as a browser's implied row does.
        if (!t.rows.length) t.rows.push([]);
        t.cell = [];
      } else if (BLOCK.has(name)) block();
    },

    close(name, end) {
      if (skipping) {
        skipping--;
        return;
      }
      if (name === 'strong' || name === 'b') bold--;
      else if (/^h[1-6]$/.test(name)) {
        flushText();
        heading = null;
      } else if (name === 'ul' || name === 'ol') {
        flushText();
        lists.pop();
        item = null;
        if (lists.length === 0) out.push({ line: lineAt(end + 1), text: '' });
      } else if (name === 'li') {
        flushText();
        item = null;
      } else if (name === 'table' && table()) {
        flushText();
        const done = tables.pop()!;
        const rows = done.rows.filter((r) => r.length > 0);
        if (rows.length) out.push({ line: done.line, text: rows[0].join(' '), table: rows }, { line: lineAt(end + 1), text: '' });
      } else if ((name === 'td' || name === 'th') && table()?.cell) {
        flushText();
        const t = table()!;
        t.rows[t.rows.length - 1].push(t.cell!.join(' '));
        t.cell = null;
      } else if (BLOCK.has(name)) block();
    },
  });
  flushText();
  return out;
}
