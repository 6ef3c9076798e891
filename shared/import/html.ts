/**
 * HTML (a saved wiki page, or Word's text through mammoth) → numbered lines the structure reader
 * understands: headings keep their level, list items their nesting, tables their cells, paragraphs
 * stand apart. A small tokenizer rather than a DOM, so that it runs anywhere shared/ runs.
 */
import { decodeHTML } from 'entities';
import type { SourceLine } from './blocks.js';

const BLOCK = new Set(['p', 'div', 'section', 'article', 'blockquote', 'pre', 'dd', 'dt', 'figcaption', 'caption', 'header', 'footer', 'main']);
const SKIP = new Set(['script', 'style', 'head', 'noscript', 'template', 'svg', 'nav']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

/**
 * The furniture of a saved wiki page, left out with everything inside it: "[edit]" links glued to every
 * heading, the contents box (its entries would become headings a second time), "Jump to navigation", the
 * footnote calls and back-arrows, the categories, the "Retrieved from" line, the side menus and the footer.
 * Named by MediaWiki's own ids and classes, and by the ARIA roles any site gives its menus.
 */
const FURNITURE_CLASSES = new Set(['mw-editsection', 'toc', 'mw-jump-link', 'noprint', 'printfooter', 'catlinks', 'navbox', 'reference', 'mw-cite-backlink']);
const FURNITURE_IDS = new Set(['toc', 'siteSub', 'contentSub', 'jump-to-nav', 'mw-navigation', 'mw-head', 'mw-panel', 'footer', 'catlinks']);
const FURNITURE_ROLES = new Set(['navigation', 'contentinfo', 'search']);

function attribute(attributes: string, name: string): string | null {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes);
  return m ? (m[1] ?? m[2] ?? m[3]) : null;
}

export function isPageFurniture(attributes: string): boolean {
  if (!attributes.trim()) return false;
  const id = attribute(attributes, 'id');
  if (id && FURNITURE_IDS.has(id)) return true;
  const role = attribute(attributes, 'role');
  if (role && FURNITURE_ROLES.has(role.toLowerCase())) return true;
  return (attribute(attributes, 'class') ?? '').split(/\s+/).some((c) => FURNITURE_CLASSES.has(c));
}

interface Table {
  rows: string[][];
  cell: string[] | null;
  line: number;
}

/** Reads HTML into annotated lines. Line numbers are those of the HTML source where each block starts. */
export function htmlToLines(html: string): SourceLine[] {
  const out: SourceLine[] = [];
  const tag = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b([^>]*?)(\/?)>|<![^>]*>/g;
  let text = '';
  let textLine = 1;
  let line = 1;
  let at = 0;
  // The element being left out and how deep inside it we are, counting nested elements of its name.
  let skipping: { name: string; depth: number } | null = null;
  let heading: number | null = null;
  let bold = 0;
  let boldText = '';
  // Open lists, innermost last, each with the number its next item gets (an <ol start="4"> counts from 4).
  const lists: { ordered: boolean; next: number }[] = [];
  let item: { level: number; ordered: boolean; number?: number; letter?: string } | null = null;
  let table: Table | null = null;

  const countLines = (upTo: number): void => {
    for (let i = at; i < upTo; i++) if (html.charCodeAt(i) === 10) line++;
    at = upTo;
  };
  const flushText = (): void => {
    const clean = decodeHTML(text).replace(/[ \t\r\f\v\n]+/g, ' ').replace(/ ?\u2028 ?/g, '\n').trim();
    text = '';
    if (!clean) return;
    if (table?.cell) {
      table.cell.push(clean);
      return;
    }
    const wasBold = boldText.trim() === clean && clean.length > 0;
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

  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const before = html.slice(at, m.index);
    if (!skipping) {
      if (!text.trim()) textLine = line + (before.match(/^\s*/)![0].split('\n').length - 1);
      text += before;
      if (bold) boldText += before;
    }
    countLines(m.index);
    countLines(m.index + m[0].length);
    const closing = m[1] === '/';
    const name = (m[2] ?? '').toLowerCase();
    if (!name) continue;
    const selfClosing = m[4] === '/' || VOID.has(name);
    if (skipping) {
      if (name === skipping.name && !selfClosing) skipping.depth += closing ? -1 : 1;
      if (skipping.depth === 0) skipping = null;
      continue;
    }
    if (!closing && !selfClosing && (SKIP.has(name) || isPageFurniture(m[3]))) {
      skipping = { name, depth: 1 };
      continue;
    }
    if (name === 'br') {
      text += '\u2028';
      continue;
    }
    if (name === 'strong' || name === 'b') {
      bold += closing ? -1 : 1;
      continue;
    }
    if (/^h[1-6]$/.test(name)) {
      flushText();
      heading = closing ? null : Number(name[1]);
      continue;
    }
    if (name === 'ul' || name === 'ol') {
      flushText();
      if (closing) {
        lists.pop();
        item = null;
        if (lists.length === 0) out.push({ line, text: '' });
      } else lists.push({ ordered: name === 'ol', next: Number(attribute(m[3], 'start') ?? 1) || 1 });
      continue;
    }
    if (name === 'li') {
      flushText();
      const list = lists[lists.length - 1];
      if (closing) item = null;
      // A numbered list inside a numbered item holds its sub-rules, which the dialect letters ("2." then "a.", "b.").
      else if (list?.ordered && lists[lists.length - 2]?.ordered && list.next <= 26) item = { level: lists.length - 1, ordered: false, letter: String.fromCharCode(96 + list.next++) };
      else if (list?.ordered) item = { level: lists.length - 1, ordered: true, number: list.next++ };
      else item = { level: Math.max(0, lists.length - 1), ordered: false };
      continue;
    }
    if (name === 'table') {
      flushText();
      if (!closing) table = { rows: [], cell: null, line };
      else if (table) {
        const rows = table.rows.filter((r) => r.length > 0);
        if (rows.length) out.push({ line: table.line, text: rows[0].join(' '), table: rows }, { line, text: '' });
        table = null;
      }
      continue;
    }
    if (table && name === 'tr') {
      if (!closing) table.rows.push([]);
      continue;
    }
    if (table && (name === 'td' || name === 'th')) {
      if (!closing) table.cell = [];
      else if (table.cell) {
        flushText();
        table.rows[table.rows.length - 1]?.push(table.cell.join(' '));
        table.cell = null;
      }
      continue;
    }
    if (BLOCK.has(name)) {
      // A paragraph inside a table cell or a list item stays inside it.
      if (table?.cell) text += ' ';
      else if (item) text += '\u2028';
      else flushText();
    }
  }
  if (!skipping) text += html.slice(at);
  flushText();
  return out;
}
