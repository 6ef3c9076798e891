/**
 * MediaWiki markup (text copied from a wiki's edit box): `==Title==` headings, `''italic''` and
 * `'''bold'''` quotes, `*`/`#` lists, and table fences (`{|`, `|}`, `|]`) left behind by extraction.
 */
import type { SourceLine } from './blocks.js';
import { splitLines } from './lines.js';

const HEADING = /^(={1,6})\s*(.+?)\s*\1\s*$/;

/** Whether a text is MediaWiki markup: a few `==Title==` lines. */
export function isMediaWiki(text: string): boolean {
  return (text.match(/^={2,6}[^=\n]+={2,6}\s*$/gm) ?? []).length >= 2;
}

export function mediaWikiToLines(text: string): SourceLine[] {
  const lines = splitLines(text);
  const levels = lines.map((l) => HEADING.exec(l.text)?.[1].length ?? 99);
  const top = Math.min(...levels);
  const out: SourceLine[] = [];
  for (const line of lines) {
    const heading = HEADING.exec(line.text);
    if (heading) {
      out.push({ line: line.line, text: '' }, { line: line.line, text: stripQuotes(heading[2]), heading: heading[1].length - top + 1 }, { line: line.line, text: '' });
      continue;
    }
    if (/^\s*(?:\{\||\|\}|\|\]|\|-)\s*$/.test(line.text)) {
      out.push({ line: line.line, text: '' });
      continue;
    }
    const list = /^([*#]+)\s*(.*)$/.exec(line.text);
    if (list && list[2].trim()) {
      out.push({ line: line.line, text: stripQuotes(list[2]), bullet: { level: list[1].length - 1, ordered: list[1].endsWith('#') } });
      continue;
    }
    const bold = /^'''[^']/.test(line.text.trim()) && /[^']'''$/.test(line.text.trim());
    // "''* Greaves are already included…''": a footnote under a table, its stars the marks that call it, not a list.
    const footnote = /^''+\*/.test(line.text.trim());
    out.push({ line: line.line, text: stripQuotes(line.text), ...(bold ? { bold } : {}), ...(footnote ? { prose: true, footnote } : {}) });
  }
  return out;
}

function stripQuotes(text: string): string {
  return text.replace(/'''''|'''|''/g, '');
}
