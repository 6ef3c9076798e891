/**
 * A table of contents ("Contents" followed by the chapter and section titles): its entries tell which
 * later lines are headings and how deep, and the list itself is dropped so no heading appears twice.
 */
import type { SourceLine } from './blocks.js';
import { indentOf } from './lines.js';

export interface ContentsList {
  /** Index (into the lines) of the "Contents" line, and one past the last entry. */
  readonly start: number;
  readonly end: number;
  /** Entry title (page numbers and dot leaders removed) → heading depth, from the entry's indentation. */
  readonly depths: ReadonlyMap<string, number>;
}

const CONTENTS = /^\s*(?:table of\s+)?contents:?\s*$/i;

/** An entry's title without dot leaders and a page number: "Magic ........ 12" → "Magic". */
export function contentsTitle(text: string): string {
  return text.replace(/(?:\s*\.{2,}\s*|\s+)\d{1,4}\s*$/, '').replace(/\s+/g, ' ').trim();
}

export function findContents(lines: readonly SourceLine[]): ContentsList | null {
  const at = lines.findIndex((l, i) => i < lines.length / 2 && CONTENTS.test(l.text));
  if (at === -1) return null;
  const entries: { title: string; indent: number; index: number }[] = [];
  let end = at + 1;
  for (let i = at + 1; i < lines.length; i++) {
    const text = lines[i].text;
    if (!text.trim()) continue;
    const title = contentsTitle(text);
    // An entry is a title that stands alone on a line again later: the heading it lists.
    const later = lines.findIndex((l, j) => j > i && l.text.trim() === title && !entries.some((e) => e.index === j));
    if (!title || title.length > 100 || later === -1) break;
    entries.push({ title, indent: indentOf(text), index: i });
    end = i + 1;
  }
  if (entries.length < 2) return null;
  const indents = [...new Set(entries.map((e) => e.indent))].sort((a, b) => a - b);
  const depths = new Map<string, number>();
  for (const e of entries) if (!depths.has(e.title)) depths.set(e.title, indents.indexOf(e.indent) + 1);
  return { start: at, end, depths };
}
