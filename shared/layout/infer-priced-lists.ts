/**
 * Priced entries of lists. Ashfall's classes write `**Tier 2 Abilities (10 CP each, requires one Tier 1):**` over
 * `- **Improved Divine Strike:** …`, entries that carry no cost of their own: the parser reads each as a skill at the
 * label's price (boldLabelPrice, LABELLED_ENTRY). Others carry their own price in their bold, `- **Cleave (10 CP,
 * Requires Power Strike):** …`, read as a paragraph is. Init counts both as priced entries of their chapter, so that
 * the chapter's skills are read, and the labels' units as units the book writes costs in.
 */
import { DEFAULT_LAYOUT } from '../model/layout.js';
import { parseCost, priceInParentheses, unitNamed } from '../parse/costs.js';
import { LABELLED_ENTRY } from '../parse/extract.js';
import { boldLabelPrice } from '../parse/heading-price.js';
import type { RulebookSource } from '../model/types.js';
import type { PricedGroupsFinding } from './infer-tables.js';
import { bodyLines } from './text-lines.js';

const LIST_ITEM = /^([ \t]*)[-*+][ \t]+/;
/** "- **Cleave (10 CP, Requires Power Strike):**": an item whose bold name holds its price (extract.ts, PARAGRAPH_SKILL). */
const OWN_PRICE = /^[ \t]*[-*+][ \t]+\*\*[^*\n]{1,80}?[ \t]*\(([^()\n]{1,60})\)[ \t]*:?\*\*/;

/**
 * The places of list items that hold their own price in `known` units in their bold (priceInParentheses: "10 CP" of
 * "10 CP, Requires Power Strike", as the parser reads it); one row each.
 */
export function ownPricedListItems(source: RulebookSource, known: readonly string[]): { file: string; line: number; rows: number }[] {
  const places: { file: string; line: number; rows: number }[] = [];
  for (const file of source.files) {
    for (const line of bodyLines(file.text)) {
      const m = line.code ? null : OWN_PRICE.exec(line.text);
      if (m && priceInParentheses(m[1], (text) => parseCost(text, known, true, DEFAULT_LAYOUT.costs) !== null)) places.push({ file: file.path, line: line.line, rows: 1 });
    }
  }
  return places;
}

/**
 * The lists under price labels whose unit is `known` (the default units, those the book's cost lines write), or which
 * the book prices under two labels or more ("Tier 1 Abilities (5 Karma each)", "Tier 2 Abilities (10 Karma each)").
 */
export function inferLabelPricedLists(source: RulebookSource, known: readonly string[]): PricedGroupsFinding | null {
  const candidates: { file: string; line: number; label: string; costText: string; unit: string; rows: number }[] = [];
  for (const file of source.files) {
    const lines = bodyLines(file.text);
    const texts = lines.map((l) => l.text);
    for (let i = 0; i < lines.length; i++) {
      if (lines[i].code) continue;
      const label = lines[i].text.trim();
      const price = label.startsWith('**') ? boldLabelPrice(label) : null;
      if (!price) continue;
      const rows = namedEntriesAfter(texts, i + 1);
      if (rows > 0) candidates.push({ file: file.path, line: lines[i].line, label, costText: price.costText, unit: price.unit, rows });
    }
  }
  const labelsByUnit = new Map<string, number>();
  for (const c of candidates) labelsByUnit.set(c.unit.toLowerCase(), (labelsByUnit.get(c.unit.toLowerCase()) ?? 0) + 1);
  const priced = candidates.filter((c) => unitNamed(c.unit, known) !== null || (labelsByUnit.get(c.unit.toLowerCase()) ?? 0) >= 2);
  if (priced.length === 0) return null;
  const first = priced[0];
  return {
    groups: priced.length,
    rows: priced.reduce((n, c) => n + c.rows, 0),
    file: first.file,
    line: first.line,
    title: first.label,
    costs: priced.flatMap((c) => Array.from({ length: c.rows }, () => ({ text: c.costText, unit: c.unit }))),
    places: priced.map((c) => ({ file: c.file, line: c.line, rows: c.rows })),
  };
}

/**
 * The entries named in bold of the list that starts at `from` (after blank lines): items at the first item's indent,
 * through blank lines and the items' indented lines, to the first line at a lesser indent that is no item.
 */
function namedEntriesAfter(lines: readonly string[], from: number): number {
  let i = from;
  while (i < lines.length && lines[i].trim() === '') i++;
  const indent = LIST_ITEM.exec(lines[i] ?? '')?.[1].length;
  if (indent === undefined) return 0;
  let rows = 0;
  for (; i < lines.length; i++) {
    const text = lines[i];
    if (text.trim() === '') continue;
    const item = LIST_ITEM.exec(text);
    const depth = text.length - text.trimStart().length;
    if (item && item[1].length === indent) {
      if (LABELLED_ENTRY.test(text.slice(item[0].length))) rows++;
    } else if (depth <= indent) break;
  }
  return rows;
}
